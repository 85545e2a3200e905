import BLECore

/// HCI_LE_Set_PHY: the host's PHY preferences for a connection.
///
/// Core 5.4, Vol 4, Part E, 7.8.49. Parameters, 7 octets: Connection_Handle (2), All_PHYs (1:
/// bit 0 no TX preference, bit 1 no RX preference), TX_PHYs (1), RX_PHYs (1), PHY_Options (2:
/// coding preference on LE Coded, 0…2).
///
/// Answered by HCI_Command_Status; then by **LE PHY Update Complete** on the same handle (also
/// when nothing changed).
public struct HCILESetPHY: HCICommandWithStatus {
    /// 0x2032.
    public static let opcode = HCIOpcode.leSetPHY

    /// All_PHYs bit 0: the host has no preference among the transmitter PHYs.
    public static let noTransmitPreference: UInt8 = 1 << 0
    /// All_PHYs bit 1: the host has no preference among the receiver PHYs.
    public static let noReceivePreference: UInt8 = 1 << 1

    /// Connection_Handle (2 octets).
    public var connectionHandle: UInt16
    /// All_PHYs (1 octet).
    public var allPHYs: UInt8
    /// TX_PHYs (1 octet): the transmitter PHYs the host prefers.
    public var txPHYs: HCILEPHYs
    /// RX_PHYs (1 octet): the receiver PHYs the host prefers.
    public var rxPHYs: HCILEPHYs
    /// PHY_Options (2 octets): 0 no preferred coding, 1 S=2, 2 S=8.
    public var phyOptions: UInt16

    /// Creates the command.
    public init(connectionHandle: UInt16, allPHYs: UInt8 = 0, txPHYs: HCILEPHYs, rxPHYs: HCILEPHYs, phyOptions: UInt16 = 0) {
        self.connectionHandle = connectionHandle
        self.allPHYs = allPHYs
        self.txPHYs = txPHYs
        self.rxPHYs = rxPHYs
        self.phyOptions = phyOptions
    }

    /// Decodes the parameters.
    public init(parameters reader: inout ByteReader) throws(HCIDecodingError) {
        connectionHandle = try reader.requireUInt16("Connection_Handle", of: Self.subject)
        allPHYs = try reader.requireUInt8("All_PHYs", of: Self.subject)
        txPHYs = HCILEPHYs(rawValue: try reader.requireUInt8("TX_PHYs", of: Self.subject))
        rxPHYs = HCILEPHYs(rawValue: try reader.requireUInt8("RX_PHYs", of: Self.subject))
        phyOptions = try reader.requireUInt16("PHY_Options", of: Self.subject)
    }

    /// Encodes the parameters.
    public func encodeParameters(into writer: inout ByteWriter) {
        writer.writeUInt16(connectionHandle)
        writer.writeUInt8(allPHYs)
        writer.writeUInt8(txPHYs.rawValue)
        writer.writeUInt8(rxPHYs.rawValue)
        writer.writeUInt16(phyOptions)
    }

    /// Checks the handle, PHY_Options and that a PHY set is given where a preference is stated.
    public func validate() throws(HCIDecodingError) {
        try Self.checkConnectionHandle(connectionHandle)
        try Self.check("All_PHYs", allPHYs, in: 0x00...0x03)
        try Self.check("PHY_Options", phyOptions, in: 0x0000...0x0002)
        try Self.check(
            allPHYs & Self.noTransmitPreference != 0 || !txPHYs.isEmpty, "TX_PHYs",
            "no PHY given while All_PHYs states a transmitter preference"
        )
        try Self.check(
            allPHYs & Self.noReceivePreference != 0 || !rxPHYs.isEmpty, "RX_PHYs",
            "no PHY given while All_PHYs states a receiver preference"
        )
    }

    /// LE PHY Update Complete on the same Connection_Handle.
    public func isCompleted(by event: HCIEvent) -> Bool {
        if case .leMeta(.phyUpdateComplete(let complete)) = event { return complete.connectionHandle == connectionHandle }
        return false
    }
}
