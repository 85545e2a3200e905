import BLECore

/// Any HCI event: one case per event this module decodes, LE Meta subevents under ``leMeta(_:)``,
/// plus ``unknown(code:parameters:)``.
///
/// Core 5.4, Vol 4, Part E, 7.7. `try HCIEvent(decoding: packet)` decodes an event packet read
/// from the controller; ``packet`` is its mirror, used by a (virtual) controller.
///
/// - A known event with malformed parameters (missing, overrunning, or followed by extra octets)
///   throws ``HCIDecodingError`` naming the event and the field.
/// - An unknown event or LE subevent keeps its parameters and re-encodes byte for byte.
public enum HCIEvent: Sendable, Hashable {
    /// HCI_Disconnection_Complete (0x05).
    case disconnectionComplete(HCIDisconnectionComplete)
    /// HCI_Encryption_Change [v1] (0x08).
    case encryptionChange(HCIEncryptionChange)
    /// HCI_Command_Complete (0x0E).
    case commandComplete(HCICommandComplete)
    /// HCI_Command_Status (0x0F).
    case commandStatus(HCICommandStatus)
    /// HCI_Hardware_Error (0x10).
    case hardwareError(HCIHardwareError)
    /// HCI_Number_Of_Completed_Packets (0x13).
    case numberOfCompletedPackets(HCINumberOfCompletedPackets)
    /// HCI_Data_Buffer_Overflow (0x1A).
    case dataBufferOverflow(HCIDataBufferOverflow)
    /// HCI_Encryption_Key_Refresh_Complete (0x30).
    case encryptionKeyRefreshComplete(HCIEncryptionKeyRefreshComplete)
    /// HCI_LE_Meta_Event (0x3E) and its subevent.
    case leMeta(HCILEMetaEvent)
    /// An event this module does not decode: its code and parameters.
    case unknown(code: HCIEventCode, parameters: [UInt8])

    /// Decodes an event packet.
    public init(decoding packet: HCIEventPacket) throws(HCIDecodingError) {
        var reader = ByteReader(packet.parameters)
        switch packet.eventCode {
        case .disconnectionComplete: self = .disconnectionComplete(try Self.decode(&reader))
        case .encryptionChange: self = .encryptionChange(try Self.decode(&reader))
        case .commandComplete: self = .commandComplete(try Self.decode(&reader))
        case .commandStatus: self = .commandStatus(try Self.decode(&reader))
        case .hardwareError: self = .hardwareError(try Self.decode(&reader))
        case .numberOfCompletedPackets: self = .numberOfCompletedPackets(try Self.decode(&reader))
        case .dataBufferOverflow: self = .dataBufferOverflow(try Self.decode(&reader))
        case .encryptionKeyRefreshComplete: self = .encryptionKeyRefreshComplete(try Self.decode(&reader))
        case .leMeta: self = .leMeta(try HCILEMetaEvent(parameters: packet.parameters))
        default: self = .unknown(code: packet.eventCode, parameters: packet.parameters)
        }
    }

    /// Decodes an event packet from its bytes (no H4 indicator).
    public init(decoding bytes: [UInt8]) throws(HCIDecodingError) {
        try self.init(decoding: HCIEventPacket(decoding: bytes))
    }

    private static func decode<Event: HCIEventParameters>(_ reader: inout ByteReader) throws(HCIDecodingError) -> Event {
        let event = try Event(parameters: &reader)
        try reader.requireEnd(of: Event.subject)
        return event
    }

    /// The event's parameters, or `nil` for ``leMeta(_:)`` and ``unknown(code:parameters:)``.
    public var parameters: (any HCIEventParameters)? {
        switch self {
        case .disconnectionComplete(let event): event
        case .encryptionChange(let event): event
        case .commandComplete(let event): event
        case .commandStatus(let event): event
        case .hardwareError(let event): event
        case .numberOfCompletedPackets(let event): event
        case .dataBufferOverflow(let event): event
        case .encryptionKeyRefreshComplete(let event): event
        case .leMeta, .unknown: nil
        }
    }

    /// Event_Code.
    public var eventCode: HCIEventCode {
        switch self {
        case .leMeta: .leMeta
        case .unknown(let code, _): code
        default: type(of: parameters!).eventCode
        }
    }

    /// The event packet: code, length, parameters.
    public var packet: HCIEventPacket {
        switch self {
        case .leMeta(let subevent): subevent.packet
        case .unknown(let code, let parameters): HCIEventPacket(eventCode: code, parameters: parameters)
        default: parameters!.packet
        }
    }

    /// The event packet's bytes (no H4 indicator).
    public func encode() -> [UInt8] {
        packet.encode()
    }

    /// Wraps typed event parameters in their case (an event type defined outside this module
    /// becomes ``unknown(code:parameters:)`` holding its encoded parameters).
    ///
    /// Inlinable, with casts of the generic value (not of an existential): specialized in the
    /// caller, each cast is decided at compile time, where a run-time cast chain had cost a
    /// virtual controller two thousand instructions per Number Of Completed Packets.
    @inlinable
    public init(_ event: some HCIEventParameters) {
        if let event = event as? HCIDisconnectionComplete {
            self = .disconnectionComplete(event)
        } else if let event = event as? HCIEncryptionChange {
            self = .encryptionChange(event)
        } else if let event = event as? HCICommandComplete {
            self = .commandComplete(event)
        } else if let event = event as? HCICommandStatus {
            self = .commandStatus(event)
        } else if let event = event as? HCIHardwareError {
            self = .hardwareError(event)
        } else if let event = event as? HCINumberOfCompletedPackets {
            self = .numberOfCompletedPackets(event)
        } else if let event = event as? HCIDataBufferOverflow {
            self = .dataBufferOverflow(event)
        } else if let event = event as? HCIEncryptionKeyRefreshComplete {
            self = .encryptionKeyRefreshComplete(event)
        } else {
            self = .unknown(code: type(of: event).eventCode, parameters: event.packet.parameters)
        }
    }

    /// Wraps typed LE subevent parameters in ``leMeta(_:)``.
    public init(_ subevent: some HCILEMetaEventParameters) {
        self = .leMeta(HCILEMetaEvent(subevent))
    }
}
