import BLECore

/// HCI_LE_Data_Length_Change: the largest LL data payload or time on a connection changed.
///
/// Core 5.4, Vol 4, Part E, 7.7.65.7. Parameters after Subevent_Code (0x07), 10 octets:
/// Connection_Handle (2), Max_TX_Octets (2), Max_TX_Time (2, µs), Max_RX_Octets (2),
/// Max_RX_Time (2, µs).
public struct HCILEDataLengthChange: HCILEMetaEventParameters {
    /// 0x07.
    public static let subeventCode = HCILEMetaSubevent.dataLengthChange

    /// Connection_Handle (2 octets).
    public var connectionHandle: UInt16
    /// Max_TX_Octets (2 octets): 0x001B…0x00FB.
    public var maxTXOctets: UInt16
    /// Max_TX_Time (2 octets, µs).
    public var maxTXTime: UInt16
    /// Max_RX_Octets (2 octets): 0x001B…0x00FB.
    public var maxRXOctets: UInt16
    /// Max_RX_Time (2 octets, µs).
    public var maxRXTime: UInt16

    /// Creates the event.
    public init(connectionHandle: UInt16, maxTXOctets: UInt16, maxTXTime: UInt16, maxRXOctets: UInt16, maxRXTime: UInt16) {
        self.connectionHandle = connectionHandle
        self.maxTXOctets = maxTXOctets
        self.maxTXTime = maxTXTime
        self.maxRXOctets = maxRXOctets
        self.maxRXTime = maxRXTime
    }

    /// Decodes the parameters.
    public init(parameters reader: inout ByteReader) throws(HCIDecodingError) {
        connectionHandle = try reader.requireUInt16("Connection_Handle", of: Self.subject)
        maxTXOctets = try reader.requireUInt16("Max_TX_Octets", of: Self.subject)
        maxTXTime = try reader.requireUInt16("Max_TX_Time", of: Self.subject)
        maxRXOctets = try reader.requireUInt16("Max_RX_Octets", of: Self.subject)
        maxRXTime = try reader.requireUInt16("Max_RX_Time", of: Self.subject)
    }

    /// Encodes the parameters.
    public func encodeParameters(into writer: inout ByteWriter) {
        writer.writeUInt16(connectionHandle)
        writer.writeUInt16(maxTXOctets)
        writer.writeUInt16(maxTXTime)
        writer.writeUInt16(maxRXOctets)
        writer.writeUInt16(maxRXTime)
    }
}
