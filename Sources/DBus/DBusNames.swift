/// A D-Bus object path, e.g. `/org/bluez/hci0` (D-Bus spec, "Valid Object Paths").
///
/// It begins with `/`; its elements are `[A-Za-z0-9_]+` separated by single `/`; only the root
/// path `/` ends with `/`.
public struct DBusObjectPath: Sendable, Hashable, Comparable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The path text.
    public let rawValue: String

    /// Validates a path.
    public init(_ text: String) throws {
        try DBusNames.validateObjectPath(text)
        rawValue = text
    }

    /// A path from a literal in code; traps on an invalid one.
    public init(stringLiteral text: String) {
        do { try self.init(text) } catch { preconditionFailure("\(error)") }
    }

    /// The root path `/`.
    public static let root = DBusObjectPath(validated: "/")

    init(validated text: String) { rawValue = text }

    /// The path text.
    public var description: String { rawValue }

    /// Orders paths by their text.
    public static func < (lhs: DBusObjectPath, rhs: DBusObjectPath) -> Bool { lhs.rawValue < rhs.rawValue }

    /// Whether `self` is `other` or lies below it (`/org/bluez/hci0/dev_X` is below `/org/bluez`).
    public func isDescendant(of other: DBusObjectPath) -> Bool {
        if other.rawValue == "/" || other == self { return true }
        return rawValue.hasPrefix(other.rawValue + "/")
    }
}

/// The validation rules of the names D-Bus messages carry (D-Bus spec, "Valid Names").
public enum DBusNames {
    /// Checks an object path: `/`, or `/` followed by `[A-Za-z0-9_]+` elements separated by `/`.
    public static func validateObjectPath(_ text: String) throws {
        let bytes = Array(text.utf8)
        func fail(_ why: String) -> DBusError { DBusError(.invalidName, "object path '\(text)': \(why)") }
        guard bytes.first == UInt8(ascii: "/") else { throw fail("must begin with '/'") }
        if bytes.count == 1 { return }
        guard bytes.last != UInt8(ascii: "/") else { throw fail("must not end with '/' (only the root path '/' does)") }
        var previousSlash = true
        for byte in bytes.dropFirst() {
            if byte == UInt8(ascii: "/") {
                guard !previousSlash else { throw fail("empty element ('//')") }
                previousSlash = true
            } else {
                guard isAlphanumeric(byte) || byte == UInt8(ascii: "_") else {
                    throw fail("\(show(byte)) is not allowed: elements are [A-Za-z0-9_]")
                }
                previousSlash = false
            }
        }
    }

    /// Checks an interface name: two or more `[A-Za-z_][A-Za-z0-9_]*` elements separated by `.`,
    /// at most 255 bytes (e.g. `org.bluez.Adapter1`).
    public static func validateInterface(_ text: String) throws {
        try validateDotted(text, kind: "interface name", allowHyphen: false, allowLeadingDigit: false)
    }

    /// Checks an error name: the rules of interface names (e.g. `org.bluez.Error.Failed`).
    public static func validateErrorName(_ text: String) throws {
        try validateDotted(text, kind: "error name", allowHyphen: false, allowLeadingDigit: false)
    }

    /// Checks a member (method or signal) name: `[A-Za-z_][A-Za-z0-9_]*`, 1 to 255 bytes.
    public static func validateMember(_ text: String) throws {
        let bytes = Array(text.utf8)
        func fail(_ why: String) -> DBusError { DBusError(.invalidName, "member name '\(text)': \(why)") }
        guard !bytes.isEmpty else { throw fail("must not be empty") }
        guard bytes.count <= DBusLimits.maximumNameLength else { throw fail("longer than \(DBusLimits.maximumNameLength) bytes") }
        guard !isDigit(bytes[0]) else { throw fail("must not begin with a digit") }
        for byte in bytes where !(isAlphanumeric(byte) || byte == UInt8(ascii: "_")) {
            throw fail("\(show(byte)) is not allowed: member names are [A-Za-z0-9_]")
        }
    }

    /// Checks a bus name: a unique name (`:1.42`: elements may begin with a digit) or a well-known
    /// name (`org.bluez`), two or more elements of `[A-Za-z0-9_-]` separated by `.`, at most 255 bytes.
    public static func validateBusName(_ text: String) throws {
        if text.hasPrefix(":") {
            try validateDotted(String(text.dropFirst()), kind: "unique bus name", allowHyphen: true, allowLeadingDigit: true, shown: text)
        } else {
            try validateDotted(text, kind: "bus name", allowHyphen: true, allowLeadingDigit: false)
        }
    }

    private static func validateDotted(
        _ text: String, kind: String, allowHyphen: Bool, allowLeadingDigit: Bool, shown: String? = nil
    ) throws {
        let bytes = Array(text.utf8)
        let name = shown ?? text
        func fail(_ why: String) -> DBusError { DBusError(.invalidName, "\(kind) '\(name)': \(why)") }
        guard name.utf8.count <= DBusLimits.maximumNameLength else { throw fail("longer than \(DBusLimits.maximumNameLength) bytes") }
        let elements = bytes.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard elements.count >= 2 else { throw fail("needs at least two elements separated by '.'") }
        for element in elements {
            guard let first = element.first else { throw fail("empty element") }
            if isDigit(first) && !allowLeadingDigit { throw fail("an element must not begin with a digit") }
            for byte in element {
                let allowed = isAlphanumeric(byte) || byte == UInt8(ascii: "_") || (allowHyphen && byte == UInt8(ascii: "-"))
                guard allowed else {
                    throw fail("\(show(byte)) is not allowed: elements are [A-Za-z0-9_\(allowHyphen ? "-" : "")]")
                }
            }
        }
    }

    private static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        isDigit(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }

    private static func show(_ byte: UInt8) -> String {
        (0x21...0x7E).contains(byte) ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(String(byte, radix: 16))"
    }
}
