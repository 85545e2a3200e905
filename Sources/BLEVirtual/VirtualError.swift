/// The one error type of `BLEVirtual`: a virtual controller, link or HCI server that cannot do
/// what was asked.
///
/// HCI status codes a virtual controller answers its host with are wire values (`HCIStatus`),
/// never this error; this error is for the library's own failures (a closed host transport, a
/// server that cannot listen).
public struct VirtualError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of failure this is; an open set.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The code's name.
        public let rawValue: String
        /// Wraps a code name.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// The host transport was closed, or replaced by a newer one.
        public static let closed = Code(rawValue: "closed")
        /// The HCI server could not start or lost its socket.
        public static let server = Code(rawValue: "server")
        /// A simulated world was asked for something impossible (an address already in use).
        public static let invalidArgument = Code(rawValue: "invalidArgument")
        /// A virtual device's settings file (its flash) could not be written.
        public static let settingsFile = Code(rawValue: "settingsFile")

        /// The code's name.
        public var description: String { rawValue }
    }

    /// What kind of failure this is.
    public var code: Code
    /// What went wrong and what to do, in one line.
    public var message: String

    /// Creates an error.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    /// `virtual controller: <message>`.
    public var description: String { "virtual controller: \(message)" }
}
