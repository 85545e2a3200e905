import BLECore

/// HCI_LE_Set_Data_Length: the largest LL data PDU payload and time the controller should use on
/// a connection.
///
/// Core 5.4, Vol 4, Part E, 7.8.33. Parameters, 6 octets: Connection_Handle (2), TX_Octets (2,
/// 0x001B…0x00FB), TX_Time (2, µs, 0x0148…0x4290). Return parameters, 3 octets: Status (1),
/// Connection_Handle (2). The negotiated values arrive later in LE Data Length Change.
public struct HCILESetDataLength: HCICommandCompleting {
    /// 0x2022.
    public static let opcode = HCIOpcode.leSetDataLength

    /// Connection_Handle (2 octets).
    public var connectionHandle: UInt16
    /// TX_Octets (2 octets): preferred maximum payload octets.
    public var txOctets: UInt16
    /// TX_Time (2 octets, µs): preferred maximum transmission time.
    public var txTime: UInt16

    /// Creates the command.
    public init(connectionHandle: UInt16, txOctets: UInt16, txTime: UInt16) {
        self.connectionHandle = connectionHandle
        self.txOctets = txOctets
        self.txTime = txTime
    }

    /// Decodes the parameters.
    public init(parameters reader: inout ByteReader) throws(HCIDecodingError) {
        connectionHandle = try reader.requireUInt16("Connection_Handle", of: Self.subject)
        txOctets = try reader.requireUInt16("TX_Octets", of: Self.subject)
        txTime = try reader.requireUInt16("TX_Time", of: Self.subject)
    }

    /// Encodes the parameters.
    public func encodeParameters(into writer: inout ByteWriter) {
        writer.writeUInt16(connectionHandle)
        writer.writeUInt16(txOctets)
        writer.writeUInt16(txTime)
    }

    /// TX_Time as a duration.
    public var txTimeDuration: Duration { HCITimeUnit.microsecond.duration(txTime) }

    /// Checks the ranges of 7.8.33.
    public func validate() throws(HCIDecodingError) {
        try Self.checkConnectionHandle(connectionHandle)
        try Self.check("TX_Octets", txOctets, in: 0x001B...0x00FB)
        try Self.check("TX_Time", txTime, in: 0x0148...0x4290)
    }

    /// Status and the handle.
    public typealias ReturnParameters = HCIConnectionHandleReturnParameters<Self>
}
