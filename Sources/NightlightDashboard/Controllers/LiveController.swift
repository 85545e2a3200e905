import BLE
import DashboardShell
import Foundation
import Hummingbird
import HummingbirdWebSocket
import Nightlight
import NightlightStore

/// `/api/live?address=…`: a WebSocket of JSON messages about the nightlight on show (see
/// ``LiveFeed``). While it is open the link holds the nightlight's connection, and the battery
/// readings go into the history (``BatteryHistoryRecorder``).
struct LiveController {
    let store: NightlightStore
    let link: DeviceLink
    let firmwareUpdates: FirmwareUpdates
    let batteryHistory: BatteryHistoryRecorder
    let alerts: AlertMonitor
    /// A phone's socket closes when the phone is revoked (and sends it nothing more).
    let phones: PhoneAccess

    func add(to api: RouterGroup<DashboardContext>) {
        let store = store
        let link = link
        let firmwareUpdates = firmwareUpdates
        let batteryHistory = batteryHistory
        let alerts = alerts
        let phones = phones
        api.liveSocket(
            "live",
            shouldUpgrade: { request, _ in
                let address = try RequestInput.address(request.uri.queryParameters.get("address") ?? "", field: "address")
                guard try await store.device(address: address) != nil else {
                    throw DashboardError(.notFound, "deviceNotFound", "no paired nightlight has the address \(address); pair it first", field: "address")
                }
                return .upgrade([:])
            },
            onUpgrade: { inbound, outbound, context in
                guard let address = try? RequestInput.address(context.request.uri.queryParameters.get("address") ?? "", field: "address") else { return }
                let phone = context.requestContext.phoneID
                // A phone's socket closes as soon as the phone is revoked, quiet nightlight or not.
                let revocation = context.requestContext.closingOnRevocation(outbound)
                defer { revocation?.cancel() }
                let feed = Task {
                    let encoder = JSONBody.encoder()
                    for try await message in LiveFeed(link: link, firmwareUpdates: firmwareUpdates, address: address).messages() {
                        // A revoked phone's socket closes rather than send it anything more.
                        if let phone, await !phones.stillAllowed(phone) {
                            try await outbound.close(.policyViolation, reason: "this phone's access was removed")
                            return
                        }
                        await batteryHistory.observe(message, address: address)
                        await alerts.observe(message, address: address)
                        try await outbound.write(.text(String(decoding: try encoder.encode(message), as: UTF8.self)))
                    }
                }
                defer { feed.cancel() }
                // The page sends nothing; the socket's end ends the feed.
                for try await _ in inbound {}
            }
        )
    }
}

/// One live update about a nightlight, as the WebSocket sends it:
/// `{"type": "battery", "batteryLevel": 80}`, `{"type": "activeState", "activeState": {…}}`, ….
struct LiveMessage: Codable, Sendable, Hashable {
    /// `connection`, `activeState`, `battery`, `power`, `clock`, `button`, `firmware` or `error`.
    var type: String
    var connection: String?
    var activeState: ActiveState?
    var batteryLevel: Int?
    var powerState: BatteryPowerState?
    var isCharging: Bool?
    var clock: SNClockTime?
    var button: ButtonStatus?
    var firmware: FirmwareUpdateRecord?
    var message: String?
}

/// The live updates of one nightlight: its connection state, then every notification of Active
/// State, battery level and power state, clock and button status, and the progress of a firmware
/// update (the current one first, when one runs). While the feed runs the link
/// holds the connection (reconnecting after a loss); a failure is sent as an `error` message
/// and the subscriptions are tried again.
struct LiveFeed: Sendable {
    let link: DeviceLink
    let firmwareUpdates: FirmwareUpdates
    let address: String
    /// The wait before subscribing again after a failure.
    var retryDelay: Duration = .seconds(2)

    func messages() -> AsyncThrowingStream<LiveMessage, any Error> {
        AsyncThrowingStream { continuation in
            let task = Task {
                await link.hold(address)
                await withTaskGroup(of: Void.self) { group in
                    group.addTask { await connectionStates(continuation) }
                    group.addTask { await notifications(continuation) }
                    group.addTask { await firmware(continuation) }
                    await group.waitForAll()
                }
                await link.release(address)
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    private func connectionStates(_ continuation: AsyncThrowingStream<LiveMessage, any Error>.Continuation) async {
        while !Task.isCancelled {
            do {
                for await state in try await link.connectionStates(address) {
                    continuation.yield(LiveMessage(type: "connection", connection: state.wireName))
                }
            } catch {
                continuation.yield(LiveMessage(type: "error", message: DashboardError.from(error).message))
            }
            try? await Task.sleep(for: retryDelay)
        }
    }

    private func notifications(_ continuation: AsyncThrowingStream<LiveMessage, any Error>.Continuation) async {
        while !Task.isCancelled {
            do {
                let streams = try await link.withClient(address) { client in
                    (
                        active: try await client.values(.activeState), level: try await client.values(.batteryLevel),
                        power: try await client.values(.batteryLevelStatus), clock: try await client.values(.currentTime),
                        button: try await client.values(.buttonStatus)
                    )
                }
                try await withThrowingTaskGroup(of: Void.self) { group in
                    group.addTask { for try await value in streams.active { continuation.yield(LiveMessage(type: "activeState", activeState: value)) } }
                    group.addTask { for try await value in streams.level { continuation.yield(LiveMessage(type: "battery", batteryLevel: value)) } }
                    group.addTask {
                        for try await value in streams.power { continuation.yield(LiveMessage(type: "power", powerState: value, isCharging: value.isCharging)) }
                    }
                    group.addTask { for try await value in streams.clock { continuation.yield(LiveMessage(type: "clock", clock: value)) } }
                    group.addTask { for try await value in streams.button { continuation.yield(LiveMessage(type: "button", button: value)) } }
                    // The first subscription to end (with an error, or not) ends them all, to be
                    // made again: `waitForAll()` would wait for the others, which never end, and
                    // keep the page deaf to that value.
                    try await group.next()
                    group.cancelAll()
                }
            } catch is CancellationError {
                return
            } catch {
                continuation.yield(LiveMessage(type: "error", message: DashboardError.from(error).message))
            }
            try? await Task.sleep(for: retryDelay)
        }
    }

    private func firmware(_ continuation: AsyncThrowingStream<LiveMessage, any Error>.Continuation) async {
        let updates = firmwareUpdates.updates(address)
        if let current = firmwareUpdates.record(address), current.state == .running {
            continuation.yield(LiveMessage(type: "firmware", firmware: current))
        }
        for await record in updates {
            continuation.yield(LiveMessage(type: "firmware", firmware: record))
        }
    }
}
