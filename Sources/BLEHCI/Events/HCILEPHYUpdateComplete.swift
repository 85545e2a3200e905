import BLECore

/// HCI_LE_PHY_Update_Complete: the PHYs of a connection changed (or HCI_LE_Set_PHY finished).
///
/// Core 5.4, Vol 4, Part E, 7.7.65.12. Parameters after Subevent_Code (0x0C), 5 octets: Status (1),
/// Connection_Handle (2), TX_PHY (1), RX_PHY (1).
public struct HCILEPHYUpdateComplete: HCILEMetaEventParameters {
    /// 0x0C.
    public static let subeventCode = HCILEMetaSubevent.phyUpdateComplete

    /// Status (1 octet).
    public var status: HCIStatus
    /// Connection_Handle (2 octets).
    public var connectionHandle: UInt16
    /// TX_PHY (1 octet).
    public var txPHY: HCILEPHY
    /// RX_PHY (1 octet).
    public var rxPHY: HCILEPHY

    /// Creates the event.
    public init(status: HCIStatus, connectionHandle: UInt16, txPHY: HCILEPHY, rxPHY: HCILEPHY) {
        self.status = status
        self.connectionHandle = connectionHandle
        self.txPHY = txPHY
        self.rxPHY = rxPHY
    }

    /// Decodes the parameters.
    public init(parameters reader: inout ByteReader) throws(HCIDecodingError) {
        status = HCIStatus(rawValue: try reader.requireUInt8("Status", of: Self.subject))
        connectionHandle = try reader.requireUInt16("Connection_Handle", of: Self.subject)
        txPHY = HCILEPHY(rawValue: try reader.requireUInt8("TX_PHY", of: Self.subject))
        rxPHY = HCILEPHY(rawValue: try reader.requireUInt8("RX_PHY", of: Self.subject))
    }

    /// Encodes the parameters.
    public func encodeParameters(into writer: inout ByteWriter) {
        writer.writeUInt8(status.rawValue)
        writer.writeUInt16(connectionHandle)
        writer.writeUInt8(txPHY.rawValue)
        writer.writeUInt8(rxPHY.rawValue)
    }
}
