import DBus

/// The failures of a bus connection, as codes of ``DBusError`` (its codes are an open set so
/// this layer adds its own): a bus address that does not parse, a bus that cannot be reached or
/// refuses us, a call that timed out, a connection that closed.
///
/// Errors the peer answers with are ``DBusRemoteError``, kept apart: they are the other side's word.
extension DBusError.Code {
    /// A bus address that does not parse or names no transport we speak.
    public static let invalidAddress = Self(rawValue: "invalidAddress")
    /// No bus listens at the address (no socket file, connection refused).
    public static let notFound = Self(rawValue: "notFound")
    /// The process may not use the bus's socket.
    public static let permissionDenied = Self(rawValue: "permissionDenied")
    /// Any other failure to connect.
    public static let connectionFailed = Self(rawValue: "connectionFailed")
    /// The bus did not accept our SASL EXTERNAL authentication.
    public static let authenticationFailed = Self(rawValue: "authenticationFailed")
    /// No reply came within the call's timeout.
    public static let timedOut = Self(rawValue: "timedOut")
    /// The bus closed the connection or the socket failed; pending calls fail with it.
    public static let disconnected = Self(rawValue: "disconnected")
    /// This side closed the connection.
    public static let closed = Self(rawValue: "closed")
    /// The peer sent bytes that are not D-Bus, or answered with the wrong shape.
    public static let protocolViolation = Self(rawValue: "protocolViolation")
}

/// An error a peer answered a call with: an `ERROR` message's name and text (D-Bus spec, "Message Types").
public struct DBusRemoteError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The error name, e.g. `org.bluez.Error.NotReady`.
    public var name: String
    /// The error's text for a person (the first string of its body), possibly empty.
    public var message: String

    /// Creates an error to answer a call with.
    public init(name: String, message: String) {
        self.name = name
        self.message = message
    }

    /// Reads an `ERROR` message.
    public init(_ reply: DBusMessage) {
        self.init(name: reply.errorName ?? "org.freedesktop.DBus.Error.Failed", message: reply.errorMessage ?? "")
    }

    /// `NAME: MESSAGE`.
    public var description: String { message.isEmpty ? name : "\(name): \(message)" }

    /// `org.freedesktop.DBus.Error.Failed`: a generic failure.
    public static func failed(_ message: String) -> DBusRemoteError { .init(name: "org.freedesktop.DBus.Error.Failed", message: message) }
    /// `org.freedesktop.DBus.Error.InvalidArgs`.
    public static func invalidArgs(_ message: String) -> DBusRemoteError { .init(name: "org.freedesktop.DBus.Error.InvalidArgs", message: message) }
    /// The error name of an unknown method.
    public static let unknownMethodName = "org.freedesktop.DBus.Error.UnknownMethod"
    /// The error name of an unknown object.
    public static let unknownObjectName = "org.freedesktop.DBus.Error.UnknownObject"
    /// The error name of an unknown interface.
    public static let unknownInterfaceName = "org.freedesktop.DBus.Error.UnknownInterface"
    /// The error name of an unknown property.
    public static let unknownPropertyName = "org.freedesktop.DBus.Error.UnknownProperty"
    /// The error name of a read-only property.
    public static let propertyReadOnlyName = "org.freedesktop.DBus.Error.PropertyReadOnly"
    /// The error name the bus uses when the destination has no owner.
    public static let serviceUnknownName = "org.freedesktop.DBus.Error.ServiceUnknown"
}
