import BLECore

/// HCI_LE_Set_Advertising_Data: the data of legacy advertising PDUs.
///
/// Core 5.4, Vol 4, Part E, 7.8.7. Parameters, always 32 octets: Advertising_Data_Length (1, 0…31),
/// Advertising_Data (31: the significant octets, then zero padding). Answered by HCI_Command_Complete with
/// Status.
///
/// Decoding keeps the Advertising_Data_Length significant octets and drops the padding; it also accepts a
/// packet that omits the padding. A length above 31 cannot be represented and throws (a
/// controller answers Invalid HCI Command Parameters). Precondition when encoding: at most 31
/// octets.
public struct HCILESetAdvertisingData: HCICommandCompleting {
    /// Status only.
    public typealias ReturnParameters = HCIStatusReturnParameters

    /// 0x2008.
    public static let opcode = HCIOpcode.leSetAdvertisingData

    /// The size of the Advertising_Data field.
    public static let maximumLength = HCILegacyAdvertisingDataField.maximumLength

    /// Advertising_Data (0–31 significant octets), e.g. `AdvertisingData.encoded()`.
    public var advertisingData: [UInt8]

    /// Creates the command.
    public init(advertisingData: [UInt8]) {
        self.advertisingData = advertisingData
    }

    /// Decodes Advertising_Data_Length and the significant octets of Advertising_Data.
    public init(parameters reader: inout ByteReader) throws(HCIDecodingError) {
        advertisingData = try HCILegacyAdvertisingDataField.read("Advertising_Data", from: &reader, of: Self.subject)
    }

    /// Encodes Advertising_Data_Length and Advertising_Data padded with zeros to 31 octets.
    public func encodeParameters(into writer: inout ByteWriter) {
        HCILegacyAdvertisingDataField.write(advertisingData, "Advertising_Data", into: &writer)
    }
}
