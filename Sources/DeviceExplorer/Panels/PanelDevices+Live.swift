import BLEProfiles
import DashboardShell
import Foundation

/// The panels' live views beside the SensorTag's readings: a Mi Band's steps as the band
/// notifies them, a Bean's strip as its sketch lights it, and each SensorTag sensor switched and
/// timed one by one.
extension PanelDevices {
    // MARK: Mi Band: steps, live

    /// Today's activity as the band notifies it (the current value first), authenticated with the
    /// key of ``authenticateBand(_:key:)``; a 409 `notAuthenticated` before that.
    func bandActivity(_ address: String) throws -> AsyncStream<PanelLiveMessage> {
        let (key, clock, now) = (try bandKey(address), configuration.clock, configuration.now)
        return feed(
            address, { MiBand2($0, clock: clock) },
            start: { band in
                try await band.authenticate(key: key)
                return try await band.activityUpdates()
            },
            connected: { PanelLiveMessage(type: "connection", connection: "connected", at: now()) },
            failed: { PanelLiveMessage(type: "error", message: $0, at: now()) }
        ) { activity in
            PanelLiveMessage(type: "activity", steps: Int(activity.steps), meters: Int(activity.meters), kilocalories: Int(activity.kilocalories), at: now())
        }
    }

    // MARK: Bean: the strip, live

    /// The Bean's LEDs as its sketch lights them (``BeanStripWatch``); a 404 `stripUnavailable`
    /// when they cannot be seen.
    func beanStrip(_ address: String) async throws -> AsyncStream<PanelStripMessage> {
        guard let watch = configuration.beanStrips, let strips = await watch(address) else {
            throw DashboardError(
                .notFound, "stripUnavailable",
                "the LEDs of \(address) cannot be seen: only a virtual Bean's strip can be watched (nightlight dashboard on the sim transport)"
            )
        }
        let now = configuration.now
        return AsyncStream { continuation in
            let task = Task {
                for await strip in strips { continuation.yield(PanelStripMessage(pixels: strip.pixels.map(\.hex), at: now())) }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    // MARK: SensorTag: each sensor on or off, and its period

    /// Whether each sensor of the tag is on, and its period (the keys, always on, are left out).
    func tagSensors(_ address: String) async throws -> PanelTagSensors {
        let clock = configuration.clock
        return try await withProfile(address, { SensorTag($0, clock: clock) }) { tag in
            var sensors: [PanelTagSensor] = []
            for sensor in PanelTagSensor.configurable {
                sensors.append(try await Self.setting(of: sensor, on: tag))
            }
            return PanelTagSensors(address: address, sensors: sensors)
        }
    }

    /// Sets one sensor's period (first) and switches it on or off, each when given; returns the
    /// sensor as the tag then has it.
    func setTagSensor(_ address: String, _ sensor: SensorTagSensor, isEnabled: Bool?, period: Duration?) async throws -> PanelTagSensor {
        let clock = configuration.clock
        return try await withProfile(address, { SensorTag($0, clock: clock) }) { tag in
            if let period { try await tag.setPeriod(sensor, period) }
            switch isEnabled {
            case true?: try await tag.enable(sensor)
            case false?: try await tag.disable(sensor)
            case nil: break
            }
            return try await Self.setting(of: sensor, on: tag)
        }
    }

    /// Whether `sensor` is on and its period, read from the tag.
    private static func setting(of sensor: SensorTagSensor, on tag: SensorTag) async throws -> PanelTagSensor {
        PanelTagSensor(sensor: sensor, isEnabled: try await tag.isEnabled(sensor), periodMs: milliseconds(try await tag.period(sensor)))
    }

    /// A duration in whole milliseconds.
    static func milliseconds(_ duration: Duration) -> Int {
        Int(duration.components.seconds) * 1000 + Int(duration.components.attoseconds / 1_000_000_000_000_000)
    }
}

/// One message of `/api/panels/bean/live`: the strip's pixels, first to last, `#RRGGBB` each.
struct PanelStripMessage: Codable, Sendable, Hashable {
    /// Always `strip`.
    var type = "strip"
    /// What each LED shows.
    var pixels: [String]
    /// When the strip showed it.
    var at: Date?
}

/// One sensor of a SensorTag, as `/api/panels/sensortag/{address}/sensors` answers it.
struct PanelTagSensor: Codable, Sendable, Hashable {
    /// The sensors that are switched and timed (every one but the keys).
    static let configurable = SensorTagSensor.allCases.filter { $0 != .keys }

    /// `ir-temperature`, `humidity`, …
    var sensor: SensorTagSensor
    /// Whether it is on.
    var isEnabled: Bool
    /// How often it measures, in milliseconds.
    var periodMs: Int
}

/// `GET /api/panels/sensortag/{address}/sensors`.
struct PanelTagSensors: Codable, Sendable {
    /// The tag.
    var address: String
    /// Its sensors, in the tag's order.
    var sensors: [PanelTagSensor]
}

/// The body of `PUT /api/panels/sensortag/{address}/sensors/{sensor}`: `{"isEnabled": false}`,
/// `{"periodMs": 500}` or both.
struct PanelTagSensorRequest: Codable, Sendable {
    /// On or off.
    var isEnabled: Bool?
    /// The period in milliseconds: the sensor's shortest (300 ms for the IR temperature, 100 ms
    /// for the others) to 2550, in 10 ms steps.
    var periodMs: Int?
}
