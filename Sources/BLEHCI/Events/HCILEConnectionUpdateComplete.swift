import BLECore

/// HCI_LE_Connection_Update_Complete: a connection's parameters changed (or the update failed).
///
/// Core 5.4, Vol 4, Part E, 7.7.65.3. Parameters after Subevent_Code (0x03), 9 octets: Status (1),
/// Connection_Handle (2), Connection_Interval (2, × 1.25 ms), Peripheral_Latency (2),
/// Supervision_Timeout (2, × 10 ms).
public struct HCILEConnectionUpdateComplete: HCILEMetaEventParameters {
    /// 0x03.
    public static let subeventCode = HCILEMetaSubevent.connectionUpdateComplete

    /// Status (1 octet).
    public var status: HCIStatus
    /// Connection_Handle (2 octets).
    public var connectionHandle: UInt16
    /// Connection_Interval (2 octets, × 1.25 ms).
    public var connectionInterval: UInt16
    /// Peripheral_Latency (2 octets).
    public var peripheralLatency: UInt16
    /// Supervision_Timeout (2 octets, × 10 ms).
    public var supervisionTimeout: UInt16

    /// Creates the event.
    public init(
        status: HCIStatus,
        connectionHandle: UInt16,
        connectionInterval: UInt16,
        peripheralLatency: UInt16,
        supervisionTimeout: UInt16
    ) {
        self.status = status
        self.connectionHandle = connectionHandle
        self.connectionInterval = connectionInterval
        self.peripheralLatency = peripheralLatency
        self.supervisionTimeout = supervisionTimeout
    }

    /// Decodes the parameters.
    public init(parameters reader: inout ByteReader) throws(HCIDecodingError) {
        status = HCIStatus(rawValue: try reader.requireUInt8("Status", of: Self.subject))
        connectionHandle = try reader.requireUInt16("Connection_Handle", of: Self.subject)
        connectionInterval = try reader.requireUInt16("Connection_Interval", of: Self.subject)
        peripheralLatency = try reader.requireUInt16("Peripheral_Latency", of: Self.subject)
        supervisionTimeout = try reader.requireUInt16("Supervision_Timeout", of: Self.subject)
    }

    /// Encodes the parameters.
    public func encodeParameters(into writer: inout ByteWriter) {
        writer.writeUInt8(status.rawValue)
        writer.writeUInt16(connectionHandle)
        writer.writeUInt16(connectionInterval)
        writer.writeUInt16(peripheralLatency)
        writer.writeUInt16(supervisionTimeout)
    }

    /// Connection_Interval as a duration.
    public var connectionIntervalDuration: Duration { HCITimeUnit.connectionInterval.duration(connectionInterval) }
    /// Supervision_Timeout as a duration.
    public var supervisionTimeoutDuration: Duration { HCITimeUnit.supervisionTimeout.duration(supervisionTimeout) }
}
