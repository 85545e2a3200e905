import BLE
import BLECore
import Foundation

/// Finding the device a command names (TARGET: an address or an advertised name).
public enum Target {
    /// How long to listen for the target before giving up.
    public static let searchTime: Duration = .seconds(5)

    /// Scans until `target` is heard (an address, any type; or a name, ignoring case) and
    /// returns its peripheral. An address that is not heard is still returned (as a public
    /// address) so a device that does not advertise to us can be tried; a name must be heard.
    public static func find(_ target: String, on central: Central, within limit: Duration = searchTime) async throws -> Peripheral {
        let trimmed = target.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { throw ToolError("the target is empty; give a device address (AA:BB:CC:DD:EE:FF) or name") }
        let address = try? DeviceAddress(parsing: trimmed)
        let matches: @Sendable (Discovery) -> Bool = { discovery in
            if let address { return discovery.address.value == address.value }
            return discovery.name?.caseInsensitiveCompare(trimmed) == .orderedSame
        }
        let heard = try await central.scan(for: limit, until: matches)
        let found = heard.filter(matches)
        if found.count > 1 {
            let addresses = found.map(\.address.description).sorted().joined(separator: ", ")
            throw ToolError("\(found.count) devices are named '\(trimmed)' (\(addresses)); give the address of the one you mean")
        }
        if let discovery = found.first { return discovery.peripheral }
        if let address { return await central.peripheral(for: address) }
        throw ToolError("no device named '\(trimmed)' was heard within \(limit); `ble scan` lists the devices around (names are matched whole, ignoring case)")
    }
}

/// A failure of the tool itself (a target not found, a bad argument found late), printed as
/// one line.
public struct ToolError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
