#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one error type of `BLETransport`: a transport spec that does not parse, or a transport that
/// could not be opened, failed, or was used after it closed.
///
/// The message says what went wrong and what to do, and ``description`` prefixes the transport's
/// canonical spec when there is one, e.g.
/// `tcp-client:127.0.0.1:9000: connection refused: is a controller server listening on 127.0.0.1:9000?`.
public struct TransportError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of failure this is; an open set so later layers can add codes.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The code's name.
        public let rawValue: String
        /// Wraps a code name.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// A transport spec string that does not parse.
        public static let invalidSpec = Code(rawValue: "invalidSpec")
        /// The transport kind is not available here (e.g. `sim` without BLEVirtual, `hci-socket` off Linux).
        public static let unsupported = Code(rawValue: "unsupported")
        /// The operating system lacks what the transport needs (e.g. no Bluetooth sockets in this kernel).
        public static let unavailable = Code(rawValue: "unavailable")
        /// A connection could not be made (refused, unreachable, unknown host).
        public static let connectionFailed = Code(rawValue: "connectionFailed")
        /// Connecting took longer than the configured timeout.
        public static let timedOut = Code(rawValue: "timedOut")
        /// A device, socket path or adapter does not exist.
        public static let notFound = Code(rawValue: "notFound")
        /// The process lacks a permission or capability.
        public static let permissionDenied = Code(rawValue: "permissionDenied")
        /// Someone else is using the device, port or adapter.
        public static let busy = Code(rawValue: "busy")
        /// The transport was closed by this side; nothing more can be sent.
        public static let closed = Code(rawValue: "closed")
        /// The other end hung up or disappeared.
        public static let peerClosed = Code(rawValue: "peerClosed")
        /// Any other input/output failure.
        public static let io = Code(rawValue: "io")

        /// The code's name.
        public var description: String { rawValue }
    }

    /// What kind of failure this is.
    public var code: Code
    /// The canonical spelling of the transport concerned (``TransportSpec/description``), if any.
    public var spec: String?
    /// What went wrong and, where possible, what to do about it.
    public var message: String

    /// Creates an error.
    public init(_ code: Code, spec: String? = nil, _ message: String) {
        self.code = code
        self.spec = spec
        self.message = message
    }

    /// One line: `SPEC: MESSAGE`, or just the message when no transport is concerned.
    public var description: String {
        if let spec { return "\(spec): \(message)" }
        return message
    }
}

extension TransportError {
    /// The symbolic name of an errno value, e.g. `ECONNREFUSED`, for messages.
    static func errnoName(_ code: CInt) -> String {
        switch code {
        case EPERM: "EPERM"
        case ENOENT: "ENOENT"
        case EIO: "EIO"
        case ENXIO: "ENXIO"
        case EBADF: "EBADF"
        case EACCES: "EACCES"
        case EBUSY: "EBUSY"
        case ENODEV: "ENODEV"
        case ENOTDIR: "ENOTDIR"
        case EINVAL: "EINVAL"
        case ENOTTY: "ENOTTY"
        case EPIPE: "EPIPE"
        case EAFNOSUPPORT: "EAFNOSUPPORT"
        case EADDRINUSE: "EADDRINUSE"
        case EADDRNOTAVAIL: "EADDRNOTAVAIL"
        case ENETUNREACH: "ENETUNREACH"
        case ECONNRESET: "ECONNRESET"
        case ETIMEDOUT: "ETIMEDOUT"
        case ECONNREFUSED: "ECONNREFUSED"
        case EHOSTUNREACH: "EHOSTUNREACH"
        case EALREADY: "EALREADY"
        case EUSERS: "EUSERS"
        case EPROTONOSUPPORT: "EPROTONOSUPPORT"
        case HCISocketTransport.rfkillErrno: "ERFKILL"
        default: "errno \(code)"
        }
    }

    /// The C library's text for an errno value plus its symbolic name, e.g.
    /// `Connection refused (ECONNREFUSED)`.
    static func errnoText(_ code: CInt) -> String {
        let text = strerror(code).map { String(cString: $0) } ?? "error"
        return "\(text) (\(errnoName(code)))"
    }
}
