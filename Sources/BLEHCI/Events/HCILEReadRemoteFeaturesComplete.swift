import BLECore

/// HCI_LE_Read_Remote_Features_Complete: the peer's LE features.
///
/// Core 5.4, Vol 4, Part E, 7.7.65.4. Parameters after Subevent_Code (0x04), 11 octets: Status (1),
/// Connection_Handle (2), LE_Features (8).
public struct HCILEReadRemoteFeaturesComplete: HCILEMetaEventParameters {
    /// 0x04.
    public static let subeventCode = HCILEMetaSubevent.readRemoteFeaturesComplete

    /// Status (1 octet).
    public var status: HCIStatus
    /// Connection_Handle (2 octets).
    public var connectionHandle: UInt16
    /// LE_Features (8 octets).
    public var leFeatures: HCILEFeatures

    /// Creates the event.
    public init(status: HCIStatus, connectionHandle: UInt16, leFeatures: HCILEFeatures) {
        self.status = status
        self.connectionHandle = connectionHandle
        self.leFeatures = leFeatures
    }

    /// Decodes the parameters.
    public init(parameters reader: inout ByteReader) throws(HCIDecodingError) {
        status = HCIStatus(rawValue: try reader.requireUInt8("Status", of: Self.subject))
        connectionHandle = try reader.requireUInt16("Connection_Handle", of: Self.subject)
        leFeatures = HCILEFeatures(rawValue: try reader.requireUInt64("LE_Features", of: Self.subject))
    }

    /// Encodes the parameters.
    public func encodeParameters(into writer: inout ByteWriter) {
        writer.writeUInt8(status.rawValue)
        writer.writeUInt16(connectionHandle)
        writer.writeUInt64(leFeatures.rawValue)
    }
}
