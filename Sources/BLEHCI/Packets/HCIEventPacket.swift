import BLECore

/// An HCI Event packet: an event code and up to 255 octets of parameters.
///
/// Core 5.4, Vol 4, Part E, 5.4.4. Layout, 2 + n octets:
///
/// | Field | Octets |
/// |---|---|
/// | Event_Code | 1 |
/// | Parameter_Total_Length | 1 |
/// | Event_Parameters | Parameter_Total_Length |
///
/// Decoding checks Parameter_Total_Length against the bytes that follow; ``HCIEvent`` decodes
/// the parameters.
public struct HCIEventPacket: Sendable, Hashable, CustomStringConvertible {
    /// The header: event code (1) and parameter length (1).
    public static let headerLength = 2
    /// The most parameter octets one packet carries.
    public static let maximumParameterLength = HCIParameterBlock.maximumLength

    /// Event_Code (1 octet).
    public var eventCode: HCIEventCode
    /// Event_Parameters (0–255 octets).
    public var parameters: [UInt8]

    /// Creates a packet. Precondition when encoding: at most 255 parameter octets.
    public init(eventCode: HCIEventCode, parameters: [UInt8] = []) {
        self.eventCode = eventCode
        self.parameters = parameters
    }

    /// Decodes one whole packet (no H4 indicator).
    ///
    /// Throws when the header is incomplete or Parameter_Total_Length disagrees with the bytes.
    public init(decoding bytes: [UInt8]) throws(HCIDecodingError) {
        let subject = HCIDecodingError.Subject.packet(.event)
        var reader = ByteReader(bytes)
        eventCode = HCIEventCode(rawValue: try reader.requireUInt8("Event_Code", of: subject))
        parameters = try HCIParameterBlock.read(from: &reader, of: subject)
    }

    /// The packet: header, then parameters.
    public func encode() -> [UInt8] {
        precondition(parameters.count <= Self.maximumParameterLength, "HCI event parameters are at most 255 bytes")
        var writer = ByteWriter(capacity: Self.headerLength + parameters.count)
        writer.writeUInt8(eventCode.rawValue)
        HCIParameterBlock.write(parameters, into: &writer)
        return writer.bytes
    }

    /// `HCI_Command_Complete parameters=01030c00`.
    public var description: String {
        "\(eventCode) parameters=\(HCIFormat.bytes(parameters))"
    }
}
