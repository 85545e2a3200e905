/// The one library error of D-Bus: bytes, a signature or a name that breaks the D-Bus
/// specification, found while decoding or refused before encoding; `DBusClient` adds the codes of
/// a connection (an unreachable bus, a timed-out call, a closed connection).
///
/// The message says what was wrong and where, e.g.
/// `invalidSignature: signature 'a{vs}': a dict entry key must be a basic type, not 'v' (at 2)`.
/// Errors a peer sends on the bus (`org.freedesktop.DBus.Error.*`) are not this type: they are
/// messages, and the connection turns them into its own error.
public struct DBusError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of failure this is; an open set so later layers can add codes.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The code's name.
        public let rawValue: String
        /// Wraps a code name.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// A type signature that does not parse or breaks a signature rule (D-Bus spec, "Type System").
        public static let invalidSignature = Code(rawValue: "invalidSignature")
        /// An object path, interface, member, error or bus name that breaks its rule (D-Bus spec, "Valid Names").
        public static let invalidName = Code(rawValue: "invalidName")
        /// Bytes that are not a valid marshalled value or message (D-Bus spec, "Marshaling").
        public static let malformed = Code(rawValue: "malformed")
        /// A length or depth over the specification's limits (message 128 MiB, array 64 MiB,
        /// signature 255 bytes, nesting 32 arrays, 32 structs, 64 in total).
        public static let limitExceeded = Code(rawValue: "limitExceeded")
        /// A value that does not match the signature it is encoded with.
        public static let typeMismatch = Code(rawValue: "typeMismatch")

        /// The code's name.
        public var description: String { rawValue }
    }

    /// What kind of failure this is.
    public var code: Code
    /// What was wrong and where.
    public var message: String

    /// Creates an error.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    /// One line: `CODE: MESSAGE`.
    public var description: String { "\(code): \(message)" }
}
