import BLECore

/// HCI_LE_Write_Suggested_Default_Data_Length: the data length the controller should ask for on
/// every new connection (the host's suggestion; the link layer negotiates the rest).
///
/// Core 5.4, Vol 4, Part E, 7.8.35. Parameters, 4 octets: Suggested_Max_TX_Octets (2,
/// 0x001B…0x00FB), Suggested_Max_TX_Time (2, µs, 0x0148…0x4290). Return parameters: Status (1).
public struct HCILEWriteSuggestedDefaultDataLength: HCICommandCompleting {
    /// 0x2024.
    public static let opcode = HCIOpcode.leWriteSuggestedDefaultDataLength

    /// Suggested_Max_TX_Octets (2 octets).
    public var suggestedMaxTXOctets: UInt16
    /// Suggested_Max_TX_Time (2 octets, µs).
    public var suggestedMaxTXTime: UInt16

    /// Creates the command.
    public init(suggestedMaxTXOctets: UInt16, suggestedMaxTXTime: UInt16) {
        self.suggestedMaxTXOctets = suggestedMaxTXOctets
        self.suggestedMaxTXTime = suggestedMaxTXTime
    }

    /// Decodes the parameters.
    public init(parameters reader: inout ByteReader) throws(HCIDecodingError) {
        suggestedMaxTXOctets = try reader.requireUInt16("Suggested_Max_TX_Octets", of: Self.subject)
        suggestedMaxTXTime = try reader.requireUInt16("Suggested_Max_TX_Time", of: Self.subject)
    }

    /// Encodes the parameters.
    public func encodeParameters(into writer: inout ByteWriter) {
        writer.writeUInt16(suggestedMaxTXOctets)
        writer.writeUInt16(suggestedMaxTXTime)
    }

    /// Checks the ranges of 7.8.35.
    public func validate() throws(HCIDecodingError) {
        try Self.check("Suggested_Max_TX_Octets", suggestedMaxTXOctets, in: 0x001B...0x00FB)
        try Self.check("Suggested_Max_TX_Time", suggestedMaxTXTime, in: 0x0148...0x4290)
    }

    /// Status only.
    public typealias ReturnParameters = HCIStatusReturnParameters
}
