import BLECore

/// HCI_LE_Set_Scan_Enable: starts or stops legacy scanning.
///
/// Core 5.4, Vol 4, Part E, 7.8.11. Parameters, 2 octets: LE_Scan_Enable (1, 0x00 or 0x01),
/// Filter_Duplicates (1, 0x00 or 0x01). Answered by HCI_Command_Complete with Status; reports
/// then arrive as LE Advertising Report (or LE Extended Advertising Report) events.
public struct HCILESetScanEnable: HCICommandCompleting {
    /// Status only.
    public typealias ReturnParameters = HCIStatusReturnParameters

    /// 0x200C.
    public static let opcode = HCIOpcode.leSetScanEnable

    /// LE_Scan_Enable (1 octet), as sent: 0x00 disabled, 0x01 enabled.
    public var leScanEnable: UInt8
    /// Filter_Duplicates (1 octet), as sent: 0x00 disabled, 0x01 enabled.
    public var filterDuplicates: UInt8

    /// Creates the command from the raw octets.
    public init(leScanEnable: UInt8, filterDuplicates: UInt8) {
        self.leScanEnable = leScanEnable
        self.filterDuplicates = filterDuplicates
    }

    /// Creates the command.
    public init(enable: Bool, filterDuplicates: Bool) {
        self.init(leScanEnable: enable ? 1 : 0, filterDuplicates: filterDuplicates ? 1 : 0)
    }

    /// Whether scanning is to be enabled (LE_Scan_Enable is non-zero).
    public var isEnabled: Bool { leScanEnable != 0 }

    /// Decodes the parameters.
    public init(parameters reader: inout ByteReader) throws(HCIDecodingError) {
        leScanEnable = try reader.requireUInt8("LE_Scan_Enable", of: Self.subject)
        filterDuplicates = try reader.requireUInt8("Filter_Duplicates", of: Self.subject)
    }

    /// Encodes the parameters.
    public func encodeParameters(into writer: inout ByteWriter) {
        writer.writeUInt8(leScanEnable)
        writer.writeUInt8(filterDuplicates)
    }

    /// Checks that both octets are 0x00 or 0x01.
    public func validate() throws(HCIDecodingError) {
        try Self.check("LE_Scan_Enable", leScanEnable, in: 0x00...0x01)
        try Self.check("Filter_Duplicates", filterDuplicates, in: 0x00...0x01)
    }
}
