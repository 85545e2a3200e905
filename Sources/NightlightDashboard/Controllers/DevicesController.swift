import BLECore
import DashboardShell
import Foundation
import Hummingbird
import Nightlight
import NightlightStore

/// `/api/devices…` and `/api/scan`: pairing, the paired nightlights, their status, settings,
/// clock and history.
struct DevicesController {
    let store: NightlightStore
    let link: DeviceLink
    let operations: NightlightOperations
    let alerts: AlertMonitor
    let now: @Sendable () -> Date
    let timeZone: any UTCOffsetRules
    /// The answer of `GET /api/devices`, encoded once per change of the list.
    let deviceList = EncodedAnswer<[PairedDevice]>()

    func add(to api: RouterGroup<DashboardContext>) {
        api.get("scan") { request, _ in
            let seconds = try RequestInput.number(request, "seconds", in: 0.5...30, default: 3)
            return JSONBody.response(try await link.scan(for: .milliseconds(Int64(seconds * 1000))))
        }
        api.get("devices") { _, _ in deviceList.response(try await store.devices()) }
        api.get("limits") { _, _ in JSONBody.response(SNLimits()) }
        api.post("devices/pair") { request, _ in try await pair(request) }
        api.delete("devices/:address") { _, context in try await unpair(context) }
        api.get("devices/:address/status") { _, context in try await status(context) }
        api.put("devices/:address/child-name") { request, context in
            let body = try await JSONBody.decode(ChildNameRequest.self, from: request)
            let name = try RequestInput.name(body.childName, field: "childName", maximumBytes: SNCharacteristic<String>.maximumChildNameLength)
            return try await onDevice(context) { client, address in
                try await client.write(.childName, name)
                return JSONBody.response(try await store.renameChild(of: address, to: name))
            }
        }
        addSettings(to: api)
        api.get("devices/:address/history") { request, context in
            let address = try RequestInput.address(context)
            let text = request.uri.queryParameters.get("kind") ?? HistoryKind.battery.rawValue
            guard let kind = HistoryKind(rawValue: text) else {
                throw DashboardError.invalid("kind", "must be one of \(HistoryKind.allCases.map(\.rawValue).joined(separator: ", ")), not '\(text)'")
            }
            let days = try RequestInput.integer(request, "days", in: 1...366, default: 7)
            let end = now()
            let entries = try await store.history(for: address, in: end.addingTimeInterval(-Double(days) * 86_400)...end, kinds: [kind])
            return JSONBody.response(HistoryReport(address: address, kind: kind, days: days, entries: entries))
        }
    }

    /// Schedules, button, LEDs and clock of one nightlight.
    private func addSettings(to api: RouterGroup<DashboardContext>) {
        api.get("devices/:address/week-schedule") { _, context in
            try await onDevice(context) { client, _ in
                let schedule = try await client.read(.weekSchedule)
                return JSONBody.response(schedule, version: ScheduleVersion(schedule))
            }
        }
        api.get("devices/:address/temporary-schedule") { _, context in
            try await onDevice(context) { client, _ in
                let schedule = try await client.read(.temporaryDaySchedule)
                return JSONBody.response(schedule, version: ScheduleVersion(schedule))
            }
        }
        api.put("devices/:address/week-schedule") { request, context in
            let address = try RequestInput.address(context)
            let expected = try ScheduleVersion.expected(by: request.headers[.ifMatch])
            let schedule = try await JSONBody.decode(WeekSchedule.self, from: request)
            let version = try await operations.writeWeekSchedule(schedule, to: address, expected: expected)
            return JSONBody.response(schedule, version: version)
        }
        api.put("devices/:address/temporary-schedule") { request, context in
            let address = try RequestInput.address(context)
            let expected = try ScheduleVersion.expected(by: request.headers[.ifMatch])
            let schedule = try await JSONBody.decode(TemporaryDaySchedule.self, from: request)
            let version = try await operations.writeTemporarySchedule(schedule, to: address, expected: expected)
            return JSONBody.response(schedule, version: version)
        }
        api.delete("devices/:address/temporary-schedule") { request, context in
            let address = try RequestInput.address(context)
            let expected = try ScheduleVersion.expected(by: request.headers[.ifMatch])
            let version = try await operations.writeTemporarySchedule(.inactive, to: address, expected: expected)
            return JSONBody.response(TemporaryDaySchedule.inactive, version: version)
        }
        api.get("devices/:address/button") { _, context in
            try await onDevice(context) { client, _ in
                JSONBody.response(ButtonReport(settings: try await client.buttonSettings(), status: try await client.read(.buttonStatus)))
            }
        }
        api.put("devices/:address/button") { request, context in
            let settings = try await JSONBody.decode(ChildButtonSettings.self, from: request)
            do throws(SNValueError) {
                try settings.validate()
            } catch {
                throw DashboardError.invalid(error)
            }
            return try await onDevice(context) { client, _ in
                try await client.writeButtonSettings(settings)
                return JSONBody.response(ButtonReport(settings: settings, status: try await client.read(.buttonStatus)))
            }
        }
        api.get("devices/:address/leds") { _, context in
            try await onDevice(context) { client, _ in JSONBody.response(try await client.ledSettings()) }
        }
        api.put("devices/:address/leds") { request, context in
            let body = try await JSONBody.decode(LEDsRequest.self, from: request)
            guard body.isPowerEnabled != nil || body.isLinked != nil else {
                throw DashboardError.invalid("isPowerEnabled", "give isPowerEnabled (the LEDs' supply: false turns the light off now), isLinked (LED #2…#4 follow LED #1), or both")
            }
            return try await onDevice(context) { client, _ in
                if let power = body.isPowerEnabled { try await client.write(.ledPowerEnable, power) }
                if let linked = body.isLinked { try await client.write(.ledLink, linked) }
                return JSONBody.response(try await client.ledSettings())
            }
        }
        api.put("devices/:address/led-color") { request, context in
            let body = try await JSONBody.decode(LEDColorRequest.self, from: request)
            let led = body.led ?? 1
            guard (1...4).contains(led) else { throw DashboardError.invalid("led", "must be 1…4, not \(led)") }
            return try await onDevice(context) { client, _ in
                try await client.write(.ledColor(led), body.color)
                return JSONBody.response(try await client.ledSettings())
            }
        }
        api.put("devices/:address/proof") { request, context in
            let body = try await JSONBody.decode(ProofRequest.self, from: request)
            return try await onDevice(context) { client, _ in
                try await client.write(.ledProofMode, body.on)
                return JSONBody.response(try await client.read(.activeState))
            }
        }
        api.get("devices/:address/clock") { _, context in
            try await onDevice(context) { client, address in
                let clock = try await client.read(.currentTime)
                let check = ClockPolicy.check(device: clock, app: appTime())
                await alerts.observeClock(address, decision: check.decision, offset: check.offset?.inSeconds, written: false)
                return JSONBody.response(ClockReport(clock: clock, check: check, written: false))
            }
        }
        api.post("devices/:address/clock/sync") { request, context in
            let body = try await JSONBody.decode(ClockSyncRequest.self, from: request)
            return try await onDevice(context) { client, address in
                JSONBody.response(try await syncClock(client, address: address, force: body.force ?? false, accept: body.accept ?? false))
            }
        }
    }

    // MARK: Procedures

    private func pair(_ request: Request) async throws -> Response {
        let body = try await JSONBody.decode(PairRequest.self, from: request)
        let address = try RequestInput.address(body.address, field: "address")
        let childName = try body.childName.map {
            try RequestInput.name($0, field: "childName", maximumBytes: SNCharacteristic<String>.maximumChildNameLength)
        }
        let wasPaired = try await store.device(address: address) != nil
        let report = try await operations.onDevice(address) { client in
            let identity = try await client.pair(childName: childName)
            let device = try await store.pair(
                address: identity.address, deviceName: identity.deviceName, childName: identity.childName,
                firmwareVersion: identity.firmwareVersion
            )
            return PairReport(device: device, clock: try await syncClock(client, address: device.address, force: false, accept: false))
        }
        return JSONBody.response(report, status: wasPaired ? .ok : .created)
    }

    /// Unpairing (§9.4): when the nightlight is in range, it is asked to delete this dashboard's
    /// bond (Bond Management op 0x03) and our keys go with it; out of range, only our keys go
    /// (it keeps its copy until it is reset or replaces it). Then the record and its history.
    private func unpair(_ context: DashboardContext) async throws -> Response {
        let address = try RequestInput.address(context)
        guard try await store.device(address: address) != nil else {
            throw DashboardError(.notFound, "deviceNotFound", "no paired nightlight has the address \(address)")
        }
        var deletedOnNightlight = false
        do {
            deletedOnNightlight = try await operations.onDevice(address) { client in try await client.unpair() }
        } catch let error as DashboardError where error.code == "busy" {
            throw error
        } catch {
            // Not in range, or not answering: only this dashboard's keys go.
            try await link.forgetBond(address)
        }
        let device = try await store.unpair(address)
        await alerts.forget(address)
        await link.disconnect(address)
        return JSONBody.response(UnpairReport(device: device, deletedOnNightlight: deletedOnNightlight))
    }

    private func status(_ context: DashboardContext) async throws -> Response {
        try await onDevice(context) { client, _ in
            let status = try await client.status(app: appTime())
            await store.record(status)
            await alerts.observe(status)
            let check = ClockSyncCheck(offset: status.clockOffsetSeconds.map { Duration.seconds($0) }, decision: status.clockDecision)
            return JSONBody.response(DeviceStatus(
                identity: status.identity, activeState: status.activeState, batteryLevel: status.batteryLevel,
                powerState: status.powerState, clock: ClockReport(clock: status.clock, check: check, written: false),
                weekSchedule: status.weekSchedule, temporarySchedule: status.temporarySchedule,
                button: ButtonReport(settings: status.button, status: status.buttonStatus), timeline: status.timeline,
                versions: ScheduleVersions(weekSchedule: ScheduleVersion(status.weekSchedule), temporarySchedule: ScheduleVersion(status.temporarySchedule))
            ))
        }
    }

    /// §8 clock synchronisation; `accept` answers the "over 30 minutes" question. Recorded in
    /// the history when the clock was off or not set.
    private func syncClock(_ client: NightlightClient, address: String, force: Bool, accept: Bool) async throws -> ClockReport {
        let now = now
        let result = try await client.syncClock(now: now, timeZone: timeZone, force: force) { _ in accept }
        await store.recordClockCheck(result.check, for: address)
        await alerts.observeClock(address, decision: result.check.decision, offset: result.check.offset?.inSeconds, written: result.written)
        return ClockReport(clock: try await client.read(.currentTime), check: result.check, written: result.written)
    }

    private func appTime() -> SNClockTime {
        SNClockTime(date: now(), timeZone: timeZone)
    }

    /// Runs `body` on the paired nightlight named by the `{address}` parameter, through
    /// ``NightlightOperations``.
    private func onDevice(_ context: DashboardContext, _ body: @Sendable (NightlightClient, String) async throws -> Response) async throws -> Response {
        let address = try RequestInput.address(context)
        return try await operations.onPaired(address) { client in try await body(client, address) }
    }
}
