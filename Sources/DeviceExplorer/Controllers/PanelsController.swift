import BLEProfiles
import DashboardShell
import Foundation
import Hummingbird
import HummingbirdWebSocket
import NIOCore

/// `/api/panels/…`: the device panels of the seed devices (``PanelDevices``): the list of those
/// heard, a Bean's light and the live socket of its strip, a bulb's color and hue cycle, a Mi Band
/// 2's activity (also live), battery and heart rate, and a SensorTag's sensors: switched and timed
/// one by one, their readings live (docs/dashboard-api.md, "Device panels").
package struct PanelsController {
    /// The devices behind the routes.
    let panels: PanelDevices

    /// The routes of `panels`.
    package init(panels: PanelDevices) {
        self.panels = panels
    }

    package func add(to api: RouterGroup<DashboardContext>) {
        let panels = panels
        let routes = api.group("panels")
        routes.get("devices") { request, _ in
            let seconds = try RequestInput.number(request, "seconds", in: 0.5...10, default: 2)
            return JSONBody.response(PanelDeviceList(devices: try await panels.scan(for: .milliseconds(Int(seconds * 1000)))))
        }

        addBean(to: routes)
        addBulb(to: routes)
        addBand(to: routes)
        addSensorTag(to: routes)
    }

    /// Bean (seed 001): scratch bank 1 is the light.
    private func addBean(to routes: RouterGroup<DashboardContext>) {
        let panels = panels
        routes.get("bean/:address") { _, context in
            let address = try RequestInput.address(context)
            return JSONBody.response(try await panels.beanState(address))
        }
        routes.put("bean/:address") { request, context in
            let address = try RequestInput.address(context)
            let body = try await JSONBody.decode(PanelBeanRequest.self, from: request)
            let color = try PanelInput.color(body.color, field: "color")
            return JSONBody.response(try await panels.setBean(address, BeanLight(isOn: body.isOn, color: color)))
        }
        // A strip that cannot be seen is the answer to the upgrade (404), not a closed socket.
        addDeviceFeed(to: routes, "bean/live", ready: { _ = try await panels.beanStrip($0) }, open: { try await panels.beanStrip($0) })

    }

    /// Color bulb (seed 000): its color and the hue cycle.
    private func addBulb(to routes: RouterGroup<DashboardContext>) {
        let panels = panels
        routes.put("bulb/:address/color") { request, context in
            let address = try RequestInput.address(context)
            let body = try await JSONBody.decode(PanelColorRequest.self, from: request)
            let color = try PanelInput.color(body.color, field: "color")
            try await panels.setBulbColor(address, color)
            return JSONBody.response(PanelColorRequest(color: color.hex))
        }
        routes.get("bulb/:address/cycle") { _, context in
            let address = try RequestInput.address(context)
            return JSONBody.response(await panels.cycleRecord(address))
        }
        routes.post("bulb/:address/cycle") { request, context in
            let address = try RequestInput.address(context)
            let body = try await PanelInput.optionalBody(PanelCycleRequest.self, from: request) ?? PanelCycleRequest()
            let seconds = body.periodSeconds ?? 5
            guard seconds.isFinite, (1...60).contains(seconds) else {
                throw DashboardError.invalid("periodSeconds", "must be from 1 to 60 seconds, not \(seconds)")
            }
            let steps = body.steps ?? ColorBulb.cycleSteps
            guard (2...1000).contains(steps) else {
                throw DashboardError.invalid("steps", "must be from 2 to 1000 colors a cycle, not \(steps)")
            }
            let record = try await panels.startCycle(address, period: .milliseconds(Int(seconds * 1000)), steps: steps)
            return JSONBody.response(record, status: .accepted)
        }
        routes.delete("bulb/:address/cycle") { _, context in
            let address = try RequestInput.address(context)
            return JSONBody.response(await panels.stopCycle(address))
        }

    }

    /// Mi Band 2 (seed 002): authentication, activity, battery, heart rate.
    private func addBand(to routes: RouterGroup<DashboardContext>) {
        let panels = panels
        routes.post("miband/:address/auth") { request, context in
            let address = try RequestInput.address(context)
            let body = try await PanelInput.optionalBody(PanelBandAuthRequest.self, from: request)
            let key: MiBand2Key
            if let text = body?.key {
                do {
                    key = try MiBand2Key(hex: text)
                } catch {
                    throw DashboardError.invalid("key", (error as? ProfileError)?.message ?? "\(error)")
                }
            } else {
                key = .standard
            }
            return JSONBody.response(try await panels.authenticateBand(address, key: key))
        }
        routes.get("miband/:address/activity") { _, context in
            let address = try RequestInput.address(context)
            let activity = try await panels.withBand(address) { band in try await band.activity() }
            return JSONBody.response(
                PanelBandActivity(address: address, steps: Int(activity.steps), meters: Int(activity.meters), kilocalories: Int(activity.kilocalories))
            )
        }
        routes.get("miband/:address/battery") { _, context in
            let address = try RequestInput.address(context)
            let battery = try await panels.withBand(address) { band in try await band.battery() }
            return JSONBody.response(
                PanelBandBattery(address: address, level: Int(battery.level), isCharging: battery.isCharging, lastCharge: battery.lastCharge?.description)
            )
        }
        addDeviceFeed(to: routes, "miband/live", ready: { _ = try await panels.bandKey($0) }, open: { try await panels.bandActivity($0) })
        routes.post("miband/:address/heart-rate") { _, context in
            let address = try RequestInput.address(context)
            let bpm = try await panels.withBand(address) { band in try await band.measureHeartRate(timeout: .seconds(30)) }
            return JSONBody.response(PanelHeartRate(address: address, bpm: bpm))
        }

    }

    /// SensorTag (seed 004): every sensor, live; each switched on or off and timed.
    private func addSensorTag(to routes: RouterGroup<DashboardContext>) {
        let panels = panels
        addFeed(to: routes, "sensortag/live") { request in
            (try PanelInput.address(request), try RequestInput.integer(request, "periodMs", in: 300...2550, default: 1000))
        } open: { address, period in
            panels.tagReadings(address, period: .milliseconds(period))
        }
        routes.get("sensortag/:address/sensors") { _, context in
            JSONBody.response(try await panels.tagSensors(try RequestInput.address(context)))
        }
        routes.put("sensortag/:address/sensors/:sensor") { request, context in
            let address = try RequestInput.address(context)
            let name = context.parameters.get("sensor") ?? ""
            guard let sensor = SensorTagSensor(rawValue: name), sensor != .keys else {
                let names = PanelTagSensor.configurable.map(\.rawValue).joined(separator: ", ")
                throw DashboardError(.notFound, "sensorNotFound", "the SensorTag has no sensor '\(name)' that can be switched; there are: \(names)")
            }
            let body = try await JSONBody.decode(PanelTagSensorRequest.self, from: request)
            guard body.isEnabled != nil || body.periodMs != nil else {
                throw DashboardError.invalid("isEnabled", "send isEnabled, periodMs or both, e.g. {\"isEnabled\": false}")
            }
            var period: Duration?
            if let milliseconds = body.periodMs {
                let shortest = PanelDevices.milliseconds(sensor.minimumPeriod)
                guard (shortest...2550).contains(milliseconds), milliseconds % 10 == 0 else {
                    throw DashboardError.invalid("periodMs", "the \(sensor) period is \(shortest) to 2550 ms in 10 ms steps, not \(milliseconds)")
                }
                period = .milliseconds(milliseconds)
            }
            return JSONBody.response(try await panels.setTagSensor(address, sensor, isEnabled: body.isEnabled, period: period))
        }
    }

    /// A live socket of one device (`?address=`): `ready` refuses the upgrade when the device
    /// cannot be followed (yet); `open` gives its messages.
    private func addDeviceFeed<Message: Encodable & Sendable>(
        to routes: RouterGroup<DashboardContext>, _ path: RouterPath,
        ready: @escaping @Sendable (String) async throws -> Void, open: @escaping @Sendable (String) async throws -> AsyncStream<Message>
    ) {
        addFeed(to: routes, path, check: { request in
            let address = try PanelInput.address(request)
            try await ready(address)
            return address
        }, open: open)
    }

    /// A live socket at `path`: `check` reads the request (its errors are the answer instead of
    /// the upgrade), `open` gives the messages, each sent as JSON text until the stream ends or
    /// the page goes away (a failure of `open` closes the socket).
    private func addFeed<Input: Sendable, Message: Encodable & Sendable>(
        to routes: RouterGroup<DashboardContext>, _ path: RouterPath,
        check: @escaping @Sendable (Request) async throws -> Input,
        open: @escaping @Sendable (Input) async throws -> AsyncStream<Message>
    ) {
        routes.liveSocket(
            path,
            shouldUpgrade: { request, _ in
                _ = try await check(request)
                return .upgrade([:])
            },
            onUpgrade: { inbound, outbound, context in
                guard let input = try? await check(context.request), let messages = try? await open(input) else { return }
                // A phone's socket closes as soon as the phone is revoked.
                let revocation = context.requestContext.closingOnRevocation(outbound)
                defer { revocation?.cancel() }
                let feed = Task {
                    let encoder = JSONBody.encoder()
                    for await message in messages {
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

/// Reading and checking what the panel routes are sent.
enum PanelInput {
    /// The `address` query parameter of a live socket.
    static func address(_ request: Request) throws -> String {
        try RequestInput.address(request.uri.queryParameters.get("address") ?? "", field: "address")
    }

    /// A `#RRGGBB` color; errors name `field`.
    static func color(_ text: String, field: String) throws -> RGB {
        do {
            return try RGB(hex: text)
        } catch {
            throw DashboardError.invalid(field, "\(error.description); e.g. #FF8000")
        }
    }

    /// The JSON body as `T`, or nil when the request has none.
    static func optionalBody<T: Decodable>(_ type: T.Type, from request: Request) async throws -> T? {
        var request = request
        let buffer: ByteBuffer
        do {
            buffer = try await request.collectBody(upTo: JSONBody.maximumSize)
        } catch {
            throw DashboardError(.contentTooLarge, "tooLarge", "the request body is over \(JSONBody.maximumSize / 1024) KiB")
        }
        guard buffer.readableBytes > 0 else { return nil }
        return try JSONBody.decode(type, from: Data(buffer.readableBytesView))
    }
}
