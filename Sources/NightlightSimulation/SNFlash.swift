import BLECore
import BLEHost
import BLESimulation
import Foundation
import Logging
import Nightlight

/// A virtual SN's flash: one JSON file per device (or memory only), written atomically by a
/// ``DeviceSettingsFile``.
///
/// A file that cannot be read or fails a rule of the profile is reported in the log and treated
/// as missing: the device starts at factory settings and overwrites it.
final class SNFlash: Sendable {
    private let file: DeviceSettingsFile<SNFlashRecord>

    /// The file, or nil to keep the contents in memory (they then last as long as the device
    /// value, across simulated restarts but not across processes).
    var path: String? { file.path }

    /// A flash at `path` (nil: in memory).
    init(path: String?) {
        file = DeviceSettingsFile(path: path, label: "flash")
    }

    /// The state saved last and the host time it was saved at; nil when there is none (or it was
    /// unreadable, which is logged).
    func load(logger: Logger) -> (state: SNDeviceState, savedAt: Double)? {
        file.load(logger: logger, fallback: "starting at factory settings") { record in (try record.state(), record.savedAt) }
    }

    /// Saves `state` as of host time `savedAt` (seconds since 1970); failures are logged.
    func save(_ state: SNDeviceState, savedAt: Double, logger: Logger) {
        file.save(SNFlashRecord(state: state, savedAt: savedAt), logger: logger)
    }

    /// Writes `data` to a temporary file beside `path`, syncs it, and renames it over `path`.
    static func writeAtomically(_ data: Data, to path: String) throws {
        try DeviceSettingsFile<SNFlashRecord>.writeAtomically(data, to: path)
    }
}

/// A flash file that holds an invalid value.
struct SNFlashError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// The flash file's contents: plain JSON, with the profile's values in their wire form (hex) or
/// text form (`#RRGGBB`), so the file does not depend on how the model types encode themselves.
struct SNFlashRecord: Codable, Hashable, Sendable {
    /// The only format: 1.
    static let currentFormat = 1

    var format: Int
    /// Host time of the save, seconds since 1970 (UTC).
    var savedAt: Double
    var firmwareVersion: String
    var childName: String
    var ledPowerEnable: Bool
    var ledLink: Bool
    var ledColors: [String]
    var buttonMode: Bool
    var buttonColor: String
    var onTime: Int
    var dailyUsage: Int
    var deactivationStart: Int
    var deactivationEnd: Int
    var shakeMode: Bool
    /// The Week Schedule blob (§6.1), hex.
    var weekSchedule: String
    /// The Temporary Day Schedule blob (§6.2), hex.
    var temporaryDaySchedule: String
    /// Local Time Information (2 bytes), hex.
    var localTimeInformation: String
    /// Local wall-clock seconds since 1970-01-01 00:00, or nil when the clock is not set.
    var clock: Double?
    var adjustReason: UInt8
    var driftPPM: Double
    var batteryCharge: Double
    var pluggedIn: Bool
    var buttonRemaining: Double
    var usesToday: Int
    var shakes: Int
    /// The bonds (§9.2), least recently used first; absent in files written before v1.1.
    var bonds: [SNFlashBond]?
    /// When the pairing window a 3 s hold opened closes, host time (seconds since 1970).
    var pairingWindowCloses: Double?

    init(state: SNDeviceState, savedAt: Double) {
        format = Self.currentFormat
        self.savedAt = savedAt
        firmwareVersion = state.firmwareVersion
        childName = state.childName
        ledPowerEnable = state.led.isPowerEnabled
        ledLink = state.led.isLinked
        ledColors = state.led.colors.map(\.hex)
        buttonMode = state.button.isEnabled
        buttonColor = state.button.color.hex
        onTime = state.button.onTime
        dailyUsage = state.button.dailyUsage
        deactivationStart = state.button.deactivationWindow.start
        deactivationEnd = state.button.deactivationWindow.end
        shakeMode = state.button.shakeMode
        weekSchedule = state.weekSchedule.encode().hexString
        temporaryDaySchedule = state.temporarySchedule.encode().hexString
        localTimeInformation = state.localTimeInformation.encode().hexString
        clock = state.clock
        adjustReason = state.adjustReason.rawValue
        driftPPM = state.driftPPM
        batteryCharge = state.batteryCharge
        pluggedIn = state.isPluggedIn
        buttonRemaining = state.buttonRemaining
        usesToday = state.usesToday
        shakes = state.shakes
        bonds = state.bonds.map(SNFlashBond.init)
        pairingWindowCloses = state.pairingWindowCloses
    }

    /// The state, every value checked against the profile.
    func state() throws -> SNDeviceState {
        guard format == Self.currentFormat else { throw SNFlashError("format \(format) is not \(Self.currentFormat)") }
        guard FirmwareImage.isSemanticVersion(firmwareVersion) else { throw SNFlashError("firmware version \"\(firmwareVersion)\" is not a semantic version") }
        let button = ChildButtonSettings(
            isEnabled: buttonMode, color: try RGBColor(hex: buttonColor), onTime: onTime, dailyUsage: dailyUsage,
            deactivationWindow: DeactivationWindow(start: deactivationStart, end: deactivationEnd), shakeMode: shakeMode
        )
        try button.validate()
        let led = LEDSettings(isPowerEnabled: ledPowerEnable, isLinked: ledLink, isProofModeOn: false,
                              colors: try ledColors.map { text throws(SNValueError) in try RGBColor(hex: text) })
        try led.validate()
        _ = try SNCharacteristic<String>.childName.encodeValidated(childName)
        let numbers = [savedAt, clock ?? 0, driftPPM, batteryCharge, buttonRemaining, pairingWindowCloses ?? 0]
        guard numbers.allSatisfy(\.isFinite), (0...100).contains(batteryCharge), buttonRemaining >= 0, usesToday >= 0, shakes >= 0,
              abs(driftPPM) <= VirtualNightlight.maximumDriftPPM
        else { throw SNFlashError("a runtime value is out of range") }
        let bonds = try (self.bonds ?? []).map { try $0.bond() }
        guard bonds.count <= SNDeviceState.maximumBonds, Set(bonds.map(\.peer)).count == bonds.count else {
            throw SNFlashError("holds \(bonds.count) bonds (at most \(SNDeviceState.maximumBonds), one per central)")
        }
        return SNDeviceState(
            firmwareVersion: firmwareVersion, childName: childName, led: led, button: button,
            weekSchedule: try WeekSchedule(bytes: try Self.bytes(weekSchedule, "week schedule")),
            temporarySchedule: try TemporaryDaySchedule(bytes: try Self.bytes(temporaryDaySchedule, "temporary day schedule")),
            localTimeInformation: try SNLocalTimeInformation(bytes: try Self.bytes(localTimeInformation, "local time information")),
            clock: clock, adjustReason: SNClockTime.AdjustReason(rawValue: adjustReason), driftPPM: driftPPM,
            batteryCharge: batteryCharge, isPluggedIn: pluggedIn, buttonRemaining: buttonRemaining, usesToday: usesToday, shakes: shakes,
            bonds: bonds, pairingWindowCloses: pairingWindowCloses
        )
    }

    private static func bytes(_ hex: String, _ field: String) throws -> [UInt8] {
        guard let bytes = [UInt8](hex: hex) else { throw SNFlashError("\(field) is not hex") }
        return bytes
    }
}

/// One bond in the flash file: the central's identity address and the LE Secure Connections
/// keys, in hex. The file holds secrets, so it is written 0600 (``DeviceSettingsFile``).
struct SNFlashBond: Codable, Hashable, Sendable {
    /// `00:1B:DC:5E:00:01`.
    var peer: String
    /// Whether the peer's address is random (static random or resolvable private).
    var random: Bool
    /// The LTK the SN answers an encryption request with (32 hex digits), its EDIV and Rand.
    var key: String
    var ediv: UInt16
    var rand: UInt64
    /// The central's Identity Resolving Key (32 hex digits), when it gave one.
    var irk: String?
    var keySize: Int
    var authenticated: Bool
    var secureConnections: Bool

    init(_ bond: SecurityBond) {
        peer = bond.peer.description
        random = bond.peer.isRandom
        let key = bond.peripheralKey ?? bond.centralKey
        self.key = key?.key.hexString ?? ""
        ediv = key?.ediv ?? 0
        rand = key?.rand ?? 0
        irk = bond.peerIdentityResolvingKey?.hexString
        keySize = bond.keySize
        authenticated = bond.isAuthenticated
        secureConnections = bond.isSecureConnections
    }

    /// The bond, every field checked.
    func bond() throws -> SecurityBond {
        let address: DeviceAddress
        do {
            address = try DeviceAddress(parsing: peer, isRandom: random)
        } catch {
            throw SNFlashError("bond peer \"\(peer)\" is not an address")
        }
        guard let keyBytes = [UInt8](hex: key), keyBytes.count == 16 else { throw SNFlashError("the key of the bond with \(peer) is not 16 bytes of hex") }
        let irkBytes = try irk.map { text -> [UInt8] in
            guard let bytes = [UInt8](hex: text), bytes.count == 16 else { throw SNFlashError("the IRK of the bond with \(peer) is not 16 bytes of hex") }
            return bytes
        }
        guard (7...16).contains(keySize) else { throw SNFlashError("the key size of the bond with \(peer) is not 7…16") }
        let longTermKey = SMPLongTermKey(key: keyBytes, ediv: ediv, rand: rand)
        return SecurityBond(
            peer: address, centralKey: longTermKey, peripheralKey: longTermKey, peerIdentityResolvingKey: irkBytes,
            keySize: keySize, isAuthenticated: authenticated, isSecureConnections: secureConnections
        )
    }
}
