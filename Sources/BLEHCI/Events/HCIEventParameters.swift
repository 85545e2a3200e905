import BLECore

/// The parameters of one HCI event type (every event but LE Meta, whose subevents are
/// ``HCILEMetaEventParameters``).
///
/// Core 5.4, Vol 4, Part E, 7.7. Each event is a struct in `Events/`, named as in the spec with
/// the `HCI` prefix; its parameters decode and encode side by side, in the same order. The host
/// decodes events; a (virtual) controller encodes them. ``HCIEvent`` dispatches on the code.
public protocol HCIEventParameters: Sendable, Hashable {
    /// The event code.
    static var eventCode: HCIEventCode { get }

    /// Decodes the parameters; the caller checks that every byte was read.
    init(parameters: inout ByteReader) throws(HCIDecodingError)

    /// Appends the parameters.
    func encodeParameters(into writer: inout ByteWriter)
}

extension HCIEventParameters {
    /// The event packet: code, length, parameters.
    public var packet: HCIEventPacket {
        // Room for most events' parameters at once, instead of growing byte by byte.
        var writer = ByteWriter(capacity: 32)
        encodeParameters(into: &writer)
        return HCIEventPacket(eventCode: Self.eventCode, parameters: writer.bytes)
    }

    /// Decodes this event from a packet: the code must be this event's and every byte read.
    public init(packet: HCIEventPacket) throws(HCIDecodingError) {
        guard packet.eventCode == Self.eventCode else {
            throw HCIDecodingError(.unexpectedType, .event(packet.eventCode), "expected \(Self.eventCode)")
        }
        var reader = ByteReader(packet.parameters)
        self = try Self(parameters: &reader)
        try reader.requireEnd(of: .event(Self.eventCode))
    }

    /// The subject of this event's decoding errors.
    static var subject: HCIDecodingError.Subject { .event(eventCode) }
}

/// The parameters of one LE Meta subevent (the octets after Subevent_Code).
///
/// Core 5.4, Vol 4, Part E, 7.7.65. ``HCILEMetaEvent`` dispatches on the subevent code.
public protocol HCILEMetaEventParameters: Sendable, Hashable {
    /// The subevent code.
    static var subeventCode: HCILEMetaSubevent { get }

    /// Decodes the parameters after Subevent_Code; the caller checks that every byte was read.
    init(parameters: inout ByteReader) throws(HCIDecodingError)

    /// Appends the parameters after Subevent_Code.
    func encodeParameters(into writer: inout ByteWriter)
}

extension HCILEMetaEventParameters {
    /// The LE Meta event packet: code 0x3E, length, Subevent_Code, parameters.
    public var packet: HCIEventPacket {
        var writer = ByteWriter()
        writer.writeUInt8(Self.subeventCode.rawValue)
        encodeParameters(into: &writer)
        return HCIEventPacket(eventCode: .leMeta, parameters: writer.bytes)
    }

    /// The subject of this subevent's decoding errors.
    static var subject: HCIDecodingError.Subject { .leMetaEvent(subeventCode) }
}
