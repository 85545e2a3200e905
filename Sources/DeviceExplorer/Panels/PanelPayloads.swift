import BLECore
import BLEProfiles
import DashboardShell
import Foundation

/// The kinds of seed device the panels know, as the URLs and the page name them.
enum PanelKind: String, Codable, Sendable, CaseIterable {
    /// A LightBlue Bean driving a NeoPixel strip (seed 001).
    case bean
    /// A Colorific-style color bulb (seed 000).
    case bulb
    /// A Mi Band 2 (seed 002).
    case miband
    /// A TI SensorTag (seed 004).
    case sensortag

    /// The kind of an advertisement, or nil for a device that is none of the seed devices.
    static func of(_ advertisement: AdvertisementView) -> PanelKind? {
        if Bean.isBean(advertisement) { return .bean }
        if MiBand2.isMiBand2(advertisement) { return .miband }
        if SensorTag.isSensorTag(advertisement) { return .sensortag }
        if ColorBulb.isColorBulb(advertisement) { return .bulb }
        return nil
    }
}

/// `GET /api/panels/devices`: the seed devices heard, strongest first.
struct PanelDeviceList: Codable, Sendable {
    /// One device heard.
    struct Entry: Codable, Sendable, Hashable {
        /// `bean`, `bulb`, `miband` or `sensortag`.
        var kind: PanelKind
        /// Its address, uppercased.
        var address: String
        /// Its advertised name.
        var name: String?
        /// The signal strength in dBm (the last known one for a connected device).
        var rssi: Int?
        /// True for a device the panels are connected to (it does not advertise meanwhile).
        var isConnected: Bool = false
    }

    /// The devices.
    var devices: [Entry]
}

/// A Bean's light (scratch bank 1), as `GET`/`PUT /api/panels/bean/{address}` answer it.
struct PanelBeanState: Codable, Sendable {
    /// The Bean.
    var address: String
    /// Whether the strip is on.
    var isOn: Bool
    /// Its color, `#RRGGBB` (kept while off).
    var color: String
    /// Red, 0…255.
    var red: Int
    /// Green, 0…255.
    var green: Int
    /// Blue, 0…255.
    var blue: Int
    /// False when bank 1 holds fewer than 4 bytes (the sketch has not been sent a light yet; the
    /// values are then off and black).
    var isSet: Bool

    init(address: String, light: BeanLight?) {
        let shown = light ?? BeanLight(isOn: false, color: .off)
        self.address = address
        isOn = shown.isOn
        color = shown.color.hex
        red = Int(shown.color.red)
        green = Int(shown.color.green)
        blue = Int(shown.color.blue)
        isSet = light != nil
    }
}

/// The body of `PUT /api/panels/bean/{address}`: `{"isOn": true, "color": "#FF8000"}`.
struct PanelBeanRequest: Codable, Sendable {
    /// Whether the strip is on.
    var isOn: Bool
    /// The color, `#RRGGBB`.
    var color: String
}

/// The body of `PUT /api/panels/bulb/{address}/color`: `{"color": "#FF8000"}`.
struct PanelColorRequest: Codable, Sendable {
    /// The color, `#RRGGBB`.
    var color: String
}

/// The body of `POST /api/panels/bulb/{address}/cycle` (every field optional).
struct PanelCycleRequest: Codable, Sendable {
    /// Seconds a cycle through every hue takes (1…60; default 5, as the seed's script).
    var periodSeconds: Double?
    /// Colors a cycle (2…1000; default 100).
    var steps: Int?
}

/// A bulb's hue cycle, as the cycle routes answer it.
struct PanelCycleRecord: Codable, Sendable, Hashable {
    /// `idle` (none ran), `running`, `stopped` (asked to, or the page went away) or `failed`.
    var state: String
    /// The bulb.
    var address: String
    /// Colors sent so far.
    var sent: Int = 0
    /// Colors a cycle.
    var steps: Int = ColorBulb.cycleSteps
    /// Seconds a cycle takes.
    var periodSeconds: Double = 5
    /// Whole cycles done.
    var cycles: Int = 0
    /// Where in the current cycle, 0…100.
    var percent: Double = 0
    /// The color sent last, `#RRGGBB`.
    var color: String?
    /// Why it stopped or failed.
    var message: String?
    /// When it started.
    var startedAt: Date?
    /// When it ended.
    var finishedAt: Date?
}

/// The body of `POST /api/panels/miband/{address}/auth` (optional).
struct PanelBandAuthRequest: Codable, Sendable {
    /// The band's key, 32 hex digits (default: the tools' standard key).
    var key: String?
}

/// `POST /api/panels/miband/{address}/auth`.
struct PanelBandAuth: Codable, Sendable {
    /// The band.
    var address: String
    /// Always true in a 200 answer.
    var authenticated: Bool
    /// Whether the band had to be paired first (its wearer tapped it).
    var paired: Bool
}

/// `GET /api/panels/miband/{address}/activity`.
struct PanelBandActivity: Codable, Sendable {
    /// The band.
    var address: String
    /// Today's steps.
    var steps: Int
    /// Today's distance in meters.
    var meters: Int
    /// Today's kilocalories.
    var kilocalories: Int
}

/// `GET /api/panels/miband/{address}/battery`.
struct PanelBandBattery: Codable, Sendable {
    /// The band.
    var address: String
    /// 0…100.
    var level: Int
    /// Whether it is charging.
    var isCharging: Bool
    /// When it was last charged, as the band tells it.
    var lastCharge: String?
}

/// `POST /api/panels/miband/{address}/heart-rate`.
struct PanelHeartRate: Codable, Sendable {
    /// The band.
    var address: String
    /// Beats per minute.
    var bpm: Int
}

/// One message of a panel's live socket. `/api/panels/sensortag/live`: `{"type": "reading",
/// "sensor": "humidity", "values": [{"name": "temperature", "value": 21.5, "unit": "°C"}, …]}` or
/// `{"type": "keys", "keys": ["left"]}`; `/api/panels/miband/live`: `{"type": "activity", "steps":
/// 3012, "meters": 2108, "kilocalories": 135}`; both: `{"type": "connection", "connection":
/// "connected"}` and `{"type": "error", "message": "…"}`.
struct PanelLiveMessage: Codable, Sendable, Hashable {
    /// `reading`, `keys`, `activity`, `connection` or `error`.
    var type: String
    /// The sensor of a reading.
    var sensor: SensorTagSensor?
    /// Its values in physical units.
    var values: [SensorTagQuantity]?
    /// The buttons held (`left`, `right`, `side`).
    var keys: [String]?
    /// A band's steps today.
    var steps: Int?
    /// Its distance today, in meters.
    var meters: Int?
    /// Its kilocalories today.
    var kilocalories: Int?
    /// The connection state.
    var connection: String?
    /// What went wrong.
    var message: String?
    /// When the message was made.
    var at: Date?
}
