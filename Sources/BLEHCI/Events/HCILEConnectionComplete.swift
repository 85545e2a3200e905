import BLECore

/// HCI_LE_Connection_Complete: a new LE connection exists (or creating one failed).
///
/// Core 5.4, Vol 4, Part E, 7.7.65.1. Parameters after Subevent_Code (0x01), 18 octets:
///
/// | Field | Octets |
/// |---|---|
/// | Status | 1 |
/// | Connection_Handle | 2 |
/// | Role (0 central, 1 peripheral) | 1 |
/// | Peer_Address_Type (0 public, 1 random) | 1 |
/// | Peer_Address | 6 |
/// | Connection_Interval (× 1.25 ms) | 2 |
/// | Peripheral_Latency | 2 |
/// | Supervision_Timeout (× 10 ms) | 2 |
/// | Central_Clock_Accuracy | 1 |
public struct HCILEConnectionComplete: HCILEMetaEventParameters {
    /// 0x01.
    public static let subeventCode = HCILEMetaSubevent.connectionComplete

    /// Status (1 octet); Unknown Connection Identifier (0x02) after HCI_LE_Create_Connection_Cancel.
    public var status: HCIStatus
    /// Connection_Handle (2 octets).
    public var connectionHandle: UInt16
    /// Role (1 octet).
    public var role: HCIRole
    /// Peer_Address_Type (1 octet).
    public var peerAddressType: HCIAddressType
    /// Peer_Address (6 octets).
    public var peerAddress: DeviceAddress
    /// Connection_Interval (2 octets, × 1.25 ms).
    public var connectionInterval: UInt16
    /// Peripheral_Latency (2 octets): connection events the peripheral may skip.
    public var peripheralLatency: UInt16
    /// Supervision_Timeout (2 octets, × 10 ms).
    public var supervisionTimeout: UInt16
    /// Central_Clock_Accuracy (1 octet): 0x00 500 ppm … 0x07 20 ppm.
    public var centralClockAccuracy: UInt8

    /// Creates the event.
    public init(
        status: HCIStatus,
        connectionHandle: UInt16,
        role: HCIRole,
        peerAddressType: HCIAddressType,
        peerAddress: DeviceAddress,
        connectionInterval: UInt16,
        peripheralLatency: UInt16,
        supervisionTimeout: UInt16,
        centralClockAccuracy: UInt8
    ) {
        self.status = status
        self.connectionHandle = connectionHandle
        self.role = role
        self.peerAddressType = peerAddressType
        self.peerAddress = peerAddress
        self.connectionInterval = connectionInterval
        self.peripheralLatency = peripheralLatency
        self.supervisionTimeout = supervisionTimeout
        self.centralClockAccuracy = centralClockAccuracy
    }

    /// Decodes the parameters.
    public init(parameters reader: inout ByteReader) throws(HCIDecodingError) {
        self.init(try HCILEConnectionCompleteFields(parameters: &reader, enhanced: false, of: Self.subject))
    }

    /// Encodes the parameters.
    public func encodeParameters(into writer: inout ByteWriter) {
        fields.encode(into: &writer)
    }

    /// Connection_Interval as a duration.
    public var connectionIntervalDuration: Duration { HCITimeUnit.connectionInterval.duration(connectionInterval) }
    /// Supervision_Timeout as a duration.
    public var supervisionTimeoutDuration: Duration { HCITimeUnit.supervisionTimeout.duration(supervisionTimeout) }
}
