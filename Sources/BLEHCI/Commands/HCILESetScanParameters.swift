import BLECore

/// HCI_LE_Set_Scan_Parameters: how the controller scans (legacy scanning).
///
/// Core 5.4, Vol 4, Part E, 7.8.10. Parameters, 7 octets:
///
/// | Field | Octets |
/// |---|---|
/// | LE_Scan_Type | 1 |
/// | LE_Scan_Interval (× 0.625 ms, 0x0004…0x4000) | 2 |
/// | LE_Scan_Window (× 0.625 ms, 0x0004…0x4000, ≤ interval) | 2 |
/// | Own_Address_Type | 1 |
/// | Scanning_Filter_Policy (0x00…0x03) | 1 |
///
/// Answered by HCI_Command_Complete with Status.
public struct HCILESetScanParameters: HCICommandCompleting {
    /// Status only.
    public typealias ReturnParameters = HCIStatusReturnParameters

    /// 0x200B.
    public static let opcode = HCIOpcode.leSetScanParameters

    /// LE_Scan_Type (1 octet).
    public var leScanType: HCILEScanType
    /// LE_Scan_Interval (2 octets, × 0.625 ms).
    public var leScanInterval: UInt16
    /// LE_Scan_Window (2 octets, × 0.625 ms).
    public var leScanWindow: UInt16
    /// Own_Address_Type (1 octet).
    public var ownAddressType: HCIOwnAddressType
    /// Scanning_Filter_Policy (1 octet): 0 accept all, 1 Filter Accept List only, 2–3 with
    /// directed advertising to resolvable addresses.
    public var scanningFilterPolicy: UInt8

    /// Creates the command.
    public init(
        leScanType: HCILEScanType,
        leScanInterval: UInt16,
        leScanWindow: UInt16,
        ownAddressType: HCIOwnAddressType,
        scanningFilterPolicy: UInt8 = 0
    ) {
        self.leScanType = leScanType
        self.leScanInterval = leScanInterval
        self.leScanWindow = leScanWindow
        self.ownAddressType = ownAddressType
        self.scanningFilterPolicy = scanningFilterPolicy
    }

    /// Decodes the parameters.
    public init(parameters reader: inout ByteReader) throws(HCIDecodingError) {
        leScanType = HCILEScanType(rawValue: try reader.requireUInt8("LE_Scan_Type", of: Self.subject))
        leScanInterval = try reader.requireUInt16("LE_Scan_Interval", of: Self.subject)
        leScanWindow = try reader.requireUInt16("LE_Scan_Window", of: Self.subject)
        ownAddressType = HCIOwnAddressType(rawValue: try reader.requireUInt8("Own_Address_Type", of: Self.subject))
        scanningFilterPolicy = try reader.requireUInt8("Scanning_Filter_Policy", of: Self.subject)
    }

    /// Encodes the parameters.
    public func encodeParameters(into writer: inout ByteWriter) {
        writer.writeUInt8(leScanType.rawValue)
        writer.writeUInt16(leScanInterval)
        writer.writeUInt16(leScanWindow)
        writer.writeUInt8(ownAddressType.rawValue)
        writer.writeUInt8(scanningFilterPolicy)
    }

    /// LE_Scan_Interval as a duration.
    public var leScanIntervalDuration: Duration { HCITimeUnit.slot.duration(leScanInterval) }
    /// LE_Scan_Window as a duration.
    public var leScanWindowDuration: Duration { HCITimeUnit.slot.duration(leScanWindow) }

    /// Checks the ranges of 7.8.10 and that the window is no longer than the interval.
    public func validate() throws(HCIDecodingError) {
        try Self.check("LE_Scan_Type", leScanType.rawValue, in: 0x00...0x01)
        try Self.check("LE_Scan_Interval", leScanInterval, in: 0x0004...0x4000)
        try Self.check("LE_Scan_Window", leScanWindow, in: 0x0004...0x4000)
        try Self.check(
            leScanWindow <= leScanInterval, "LE_Scan_Window",
            "\(HCIFormat.hex(leScanWindow)) exceeds LE_Scan_Interval \(HCIFormat.hex(leScanInterval))"
        )
        try Self.check("Own_Address_Type", ownAddressType.rawValue, in: 0x00...0x03)
        try Self.check("Scanning_Filter_Policy", scanningFilterPolicy, in: 0x00...0x03)
    }
}
