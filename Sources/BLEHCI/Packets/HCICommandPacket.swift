import BLECore

/// An HCI Command packet: an opcode and up to 255 octets of parameters.
///
/// Core 5.4, Vol 4, Part E, 5.4.1. Layout, 3 + n octets:
///
/// | Field | Octets |
/// |---|---|
/// | Opcode (OGF << 10 \| OCF) | 2 |
/// | Parameter_Total_Length | 1 |
/// | Parameters | Parameter_Total_Length |
///
/// Decoding checks Parameter_Total_Length against the bytes that follow. A typed command is
/// decoded from the parameters with ``HCICommand/init(packet:)``.
public struct HCICommandPacket: Sendable, Hashable, CustomStringConvertible {
    /// The header: opcode (2) and parameter length (1).
    public static let headerLength = 3
    /// The most parameter octets one packet carries.
    public static let maximumParameterLength = HCIParameterBlock.maximumLength

    /// Opcode (2 octets).
    public var opcode: HCIOpcode
    /// Parameters (0–255 octets).
    public var parameters: [UInt8]

    /// Creates a packet. Precondition when encoding: at most 255 parameter octets.
    public init(opcode: HCIOpcode, parameters: [UInt8] = []) {
        self.opcode = opcode
        self.parameters = parameters
    }

    /// Decodes one whole packet (no H4 indicator).
    ///
    /// Throws when the header is incomplete or Parameter_Total_Length disagrees with the bytes.
    public init(decoding bytes: [UInt8]) throws(HCIDecodingError) {
        let subject = HCIDecodingError.Subject.packet(.command)
        var reader = ByteReader(bytes)
        opcode = HCIOpcode(rawValue: try reader.requireUInt16("Opcode", of: subject))
        parameters = try HCIParameterBlock.read(from: &reader, of: subject)
    }

    /// The packet: header, then parameters.
    public func encode() -> [UInt8] {
        precondition(parameters.count <= Self.maximumParameterLength, "HCI command parameters are at most 255 bytes")
        var writer = ByteWriter(capacity: Self.headerLength + parameters.count)
        writer.writeUInt16(opcode.rawValue)
        HCIParameterBlock.write(parameters, into: &writer)
        return writer.bytes
    }

    /// `HCI_Reset (0x0C03) parameters=(empty)`.
    public var description: String {
        "\(opcode) parameters=\(HCIFormat.bytes(parameters))"
    }
}
