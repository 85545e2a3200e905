import BLECore

/// HCI_LE_Set_Scan_Response_Data: the data of legacy scan responses.
///
/// Core 5.4, Vol 4, Part E, 7.8.8. Parameters, always 32 octets: Scan_Response_Data_Length (1, 0…31),
/// Scan_Response_Data (31: the significant octets, then zero padding). Answered by HCI_Command_Complete with
/// Status.
///
/// Decoding keeps the Scan_Response_Data_Length significant octets and drops the padding; it also accepts a
/// packet that omits the padding. A length above 31 cannot be represented and throws (a
/// controller answers Invalid HCI Command Parameters). Precondition when encoding: at most 31
/// octets.
public struct HCILESetScanResponseData: HCICommandCompleting {
    /// Status only.
    public typealias ReturnParameters = HCIStatusReturnParameters

    /// 0x2009.
    public static let opcode = HCIOpcode.leSetScanResponseData

    /// The size of the Scan_Response_Data field.
    public static let maximumLength = HCILegacyAdvertisingDataField.maximumLength

    /// Scan_Response_Data (0–31 significant octets), e.g. `AdvertisingData.encoded()`.
    public var scanResponseData: [UInt8]

    /// Creates the command.
    public init(scanResponseData: [UInt8]) {
        self.scanResponseData = scanResponseData
    }

    /// Decodes Scan_Response_Data_Length and the significant octets of Scan_Response_Data.
    public init(parameters reader: inout ByteReader) throws(HCIDecodingError) {
        scanResponseData = try HCILegacyAdvertisingDataField.read("Scan_Response_Data", from: &reader, of: Self.subject)
    }

    /// Encodes Scan_Response_Data_Length and Scan_Response_Data padded with zeros to 31 octets.
    public func encodeParameters(into writer: inout ByteWriter) {
        HCILegacyAdvertisingDataField.write(scanResponseData, "Scan_Response_Data", into: &writer)
    }
}
