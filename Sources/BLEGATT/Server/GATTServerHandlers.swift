import BLECore

/// Identifies one connected client of a ``GATTServer`` (one ATT bearer).
public struct GATTClientID: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// A number unique for the life of the server.
    public let rawValue: UInt64

    /// Wraps a number.
    public init(rawValue: UInt64) { self.rawValue = rawValue }

    /// Orders clients by number (the order they connected in).
    public static func < (lhs: GATTClientID, rhs: GATTClientID) -> Bool { lhs.rawValue < rhs.rawValue }

    /// `client #3`.
    public var description: String { "client #\(rawValue)" }
}

/// What a read handler is told about the read it answers.
public struct GATTReadContext: Sendable, Hashable {
    /// The client reading.
    public var client: GATTClientID
    /// The attribute handle read.
    public var handle: UInt16
    /// The attribute type (the characteristic or descriptor UUID).
    public var uuid: BluetoothUUID
    /// The Value Offset of a Read Blob Request (0 otherwise). The handler returns the whole value;
    /// the server sends the part the client asked for.
    public var offset: Int

    /// Creates a read context.
    public init(client: GATTClientID, handle: UInt16, uuid: BluetoothUUID, offset: Int = 0) {
        self.client = client
        self.handle = handle
        self.uuid = uuid
        self.offset = offset
    }
}

/// What a write validator and a write observer are told about a write.
public struct GATTWriteContext: Sendable, Hashable {
    /// How the value arrived.
    public enum Method: Sendable, Hashable {
        /// Write Request (Core 5.4, Vol 3, Part F, 3.4.5.1).
        case writeRequest
        /// Write Command (3.4.5.3): a refusal is not reported to the client.
        case writeCommand
        /// Prepare Write Requests then an Execute Write Request (3.4.6): a long or reliable write.
        case executeWrite
    }

    /// The client writing.
    public var client: GATTClientID
    /// The attribute handle written.
    public var handle: UInt16
    /// The attribute type (the characteristic or descriptor UUID).
    public var uuid: BluetoothUUID
    /// The whole new value (for prepared writes: every part put together).
    public var value: [UInt8]
    /// The value before the write.
    public var oldValue: [UInt8]
    /// How the value arrived.
    public var method: Method
    /// This client's Client Characteristic Configuration for the characteristic (empty when it has
    /// no CCCD), so a control point can refuse with CCCD Improperly Configured (0xFD).
    public var clientConfiguration: GATTClientConfiguration

    /// Creates a write context.
    public init(
        client: GATTClientID,
        handle: UInt16,
        uuid: BluetoothUUID,
        value: [UInt8],
        oldValue: [UInt8],
        method: Method,
        clientConfiguration: GATTClientConfiguration = []
    ) {
        self.client = client
        self.handle = handle
        self.uuid = uuid
        self.value = value
        self.oldValue = oldValue
        self.method = method
        self.clientConfiguration = clientConfiguration
    }
}

/// Computes an attribute value when a client reads it.
///
/// Throw ``GATTError/attError(_:handle:procedure:)`` to answer with an ATT error (e.g. Read Not
/// Permitted or an application error 0x80–0x9F); any other error answers Unlikely Error.
///
/// Runs on the caller's executor (`nonisolated(nonsending)`): the server awaits it in order
/// anyway, so calling it costs no hop off the server's actor and back; a handler that has slow
/// work to do awaits it, or hands it to a task of its own.
public typealias GATTReadHandler = nonisolated(nonsending) @Sendable (GATTReadContext) async throws(GATTError) -> [UInt8]

/// Sees the whole new value before it is stored and may refuse it.
///
/// Called before anything is written; for an Execute Write, every validator of the queued values
/// runs first and the values are stored only if none refuses, so the write is atomic and a refused
/// write leaves every old value in place. Throw ``GATTError/attError(_:handle:procedure:)`` with the
/// ATT error to answer (e.g. `.application(0x80)`, `.outOfRange`, `.invalidAttributeValueLength`).
///
/// Runs on the caller's executor (`nonisolated(nonsending)`): the server awaits it in order
/// anyway, so calling it costs no hop off the server's actor and back; a handler that has slow
/// work to do awaits it, or hands it to a task of its own.
public typealias GATTWriteValidator = nonisolated(nonsending) @Sendable (GATTWriteContext) async throws(GATTError) -> Void

/// Learns of a value after it was stored.
///
/// Runs on the caller's executor (`nonisolated(nonsending)`): the server awaits it in order
/// anyway, so calling it costs no hop off the server's actor and back; a handler that has slow
/// work to do awaits it, or hands it to a task of its own.
public typealias GATTWriteObserver = nonisolated(nonsending) @Sendable (GATTWriteContext) async -> Void

extension GATTError {
    /// The ATT error code to answer a client with when a handler threw this error.
    var answerCode: ATTErrorCode {
        code == .attError ? (attErrorCode ?? .unlikelyError) : .unlikelyError
    }
}
