import DBus

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a bus listens: one entry of a D-Bus server address (D-Bus spec, "Server Addresses").
///
/// We speak the Unix socket transports: `unix:path=/run/dbus/system_bus_socket` and
/// `unix:abstract=/tmp/dbus-XYZ` (Linux abstract names). An address string may list several,
/// separated by `;`; they are tried in order.
public enum DBusAddress: Sendable, Hashable, CustomStringConvertible {
    /// A socket file.
    case unixPath(String)
    /// A name in Linux's abstract socket namespace.
    case unixAbstract(String)

    /// The well-known system bus socket, when `DBUS_SYSTEM_BUS_ADDRESS` is not set.
    public static let defaultSystemBus = "unix:path=/run/dbus/system_bus_socket"

    /// Parses an address string: every entry we can use, in order. Throws when it does not
    /// parse or names none we speak (e.g. only `tcp:`).
    public static func parse(_ text: String) throws -> [DBusAddress] {
        var addresses: [DBusAddress] = []
        var others: [String] = []
        for entry in text.split(separator: ";") where !entry.isEmpty {
            guard let colon = entry.firstIndex(of: ":") else {
                throw DBusError(.invalidAddress, "bus address '\(entry)' has no transport (e.g. 'unix:path=/run/dbus/system_bus_socket')")
            }
            let transport = String(entry[..<colon])
            var keys: [String: String] = [:]
            for pair in entry[entry.index(after: colon)...].split(separator: ",") {
                guard let equals = pair.firstIndex(of: "=") else {
                    throw DBusError(.invalidAddress, "bus address '\(entry)': '\(pair)' is not key=value")
                }
                keys[String(pair[..<equals])] = try unescape(pair[pair.index(after: equals)...], in: String(entry))
            }
            guard transport == "unix" else {
                others.append(transport)
                continue
            }
            if let path = keys["path"] {
                addresses.append(.unixPath(path))
            } else if let name = keys["abstract"] {
                addresses.append(.unixAbstract(name))
            } else {
                others.append("unix without path= or abstract=")
            }
        }
        guard !addresses.isEmpty else {
            let found = others.isEmpty ? "no entry" : others.joined(separator: ", ")
            throw DBusError(.invalidAddress, "bus address '\(text)' has \(found); only 'unix:path=' and 'unix:abstract=' are supported")
        }
        return addresses
    }

    /// The system bus's addresses: `DBUS_SYSTEM_BUS_ADDRESS`, else `/run/dbus/system_bus_socket`.
    public static func systemBus(environment: [String: String] = processEnvironment()) throws -> [DBusAddress] {
        try parse(environment["DBUS_SYSTEM_BUS_ADDRESS"] ?? defaultSystemBus)
    }

    /// The session bus's addresses: `DBUS_SESSION_BUS_ADDRESS`, else `$XDG_RUNTIME_DIR/bus`.
    public static func sessionBus(environment: [String: String] = processEnvironment()) throws -> [DBusAddress] {
        if let address = environment["DBUS_SESSION_BUS_ADDRESS"] { return try parse(address) }
        if let runtime = environment["XDG_RUNTIME_DIR"] { return [.unixPath(runtime + "/bus")] }
        throw DBusError(.invalidAddress, "no session bus: neither DBUS_SESSION_BUS_ADDRESS nor XDG_RUNTIME_DIR is set")
    }

    /// The address in the spec's notation.
    public var description: String {
        switch self {
        case .unixPath(let path): "unix:path=\(path)"
        case .unixAbstract(let name): "unix:abstract=\(name)"
        }
    }

    /// The variables of this process.
    public static func processEnvironment() -> [String: String] {
        var result: [String: String] = [:]
        for key in ["DBUS_SYSTEM_BUS_ADDRESS", "DBUS_SESSION_BUS_ADDRESS", "XDG_RUNTIME_DIR"] {
            if let value = getenv(key) { result[key] = String(cString: value) }
        }
        return result
    }

    private static func unescape(_ text: Substring, in entry: String) throws -> String {
        var bytes: [UInt8] = []
        var iterator = Array(text.utf8).makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next(), let low = iterator.next(),
                let value = UInt8(String(decoding: [high, low], as: UTF8.self), radix: 16)
            else { throw DBusError(.invalidAddress, "bus address '\(entry)': a '%' not followed by two hex digits") }
            bytes.append(value)
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
