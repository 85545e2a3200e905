import BLECore

/// HCI_LE_Connection_Update: asks for new connection parameters on a connection.
///
/// Core 5.4, Vol 4, Part E, 7.8.18. Parameters, 14 octets: Connection_Handle (2),
/// Connection_Interval_Min (2), Connection_Interval_Max (2) (× 1.25 ms, 0x0006…0x0C80),
/// Max_Latency (2, 0x0000…0x01F3), Supervision_Timeout (2, × 10 ms, 0x000A…0x0C80),
/// Min_CE_Length (2), Max_CE_Length (2) (× 0.625 ms).
///
/// Answered by HCI_Command_Status; then by **LE Connection Update Complete** on the same handle.
public struct HCILEConnectionUpdate: HCICommandWithStatus {
    /// 0x2013.
    public static let opcode = HCIOpcode.leConnectionUpdate

    /// Connection_Handle (2 octets).
    public var connectionHandle: UInt16
    /// Connection_Interval_Min (2 octets, × 1.25 ms).
    public var connectionIntervalMin: UInt16
    /// Connection_Interval_Max (2 octets, × 1.25 ms).
    public var connectionIntervalMax: UInt16
    /// Max_Latency (2 octets).
    public var maxLatency: UInt16
    /// Supervision_Timeout (2 octets, × 10 ms).
    public var supervisionTimeout: UInt16
    /// Min_CE_Length (2 octets, × 0.625 ms).
    public var minCELength: UInt16
    /// Max_CE_Length (2 octets, × 0.625 ms).
    public var maxCELength: UInt16

    /// Creates the command.
    public init(
        connectionHandle: UInt16,
        connectionIntervalMin: UInt16,
        connectionIntervalMax: UInt16,
        maxLatency: UInt16,
        supervisionTimeout: UInt16,
        minCELength: UInt16 = 0,
        maxCELength: UInt16 = 0
    ) {
        self.connectionHandle = connectionHandle
        self.connectionIntervalMin = connectionIntervalMin
        self.connectionIntervalMax = connectionIntervalMax
        self.maxLatency = maxLatency
        self.supervisionTimeout = supervisionTimeout
        self.minCELength = minCELength
        self.maxCELength = maxCELength
    }

    /// Decodes the parameters.
    public init(parameters reader: inout ByteReader) throws(HCIDecodingError) {
        connectionHandle = try reader.requireUInt16("Connection_Handle", of: Self.subject)
        (connectionIntervalMin, connectionIntervalMax, maxLatency, supervisionTimeout, minCELength, maxCELength) =
            try Self.readConnectionParameters(from: &reader)
    }

    /// Encodes the parameters.
    public func encodeParameters(into writer: inout ByteWriter) {
        writer.writeUInt16(connectionHandle)
        writeConnectionParameters(into: &writer)
    }

    /// Connection_Interval_Min as a duration.
    public var connectionIntervalMinDuration: Duration { HCITimeUnit.connectionInterval.duration(connectionIntervalMin) }
    /// Connection_Interval_Max as a duration.
    public var connectionIntervalMaxDuration: Duration { HCITimeUnit.connectionInterval.duration(connectionIntervalMax) }
    /// Supervision_Timeout as a duration.
    public var supervisionTimeoutDuration: Duration { HCITimeUnit.supervisionTimeout.duration(supervisionTimeout) }

    /// Checks the handle and the ranges and relations of 7.8.18.
    public func validate() throws(HCIDecodingError) {
        try Self.checkConnectionHandle(connectionHandle)
        try validateConnectionParameters()
    }

    /// LE Connection Update Complete on the same Connection_Handle.
    public func isCompleted(by event: HCIEvent) -> Bool {
        if case .leMeta(.connectionUpdateComplete(let complete)) = event {
            return complete.connectionHandle == connectionHandle
        }
        return false
    }
}
