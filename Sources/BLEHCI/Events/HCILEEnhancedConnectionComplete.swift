import BLECore

/// HCI_LE_Enhanced_Connection_Complete [v1]: a new LE connection exists, with the resolvable
/// private addresses used.
///
/// Core 5.4, Vol 4, Part E, 7.7.65.10. Parameters after Subevent_Code (0x0A), 30 octets:
/// Status (1), Connection_Handle (2), Role (1), Peer_Address_Type (1: 0–3), Peer_Address (6),
/// Local_Resolvable_Private_Address (6), Peer_Resolvable_Private_Address (6),
/// Connection_Interval (2, × 1.25 ms), Peripheral_Latency (2), Supervision_Timeout (2, × 10 ms),
/// Central_Clock_Accuracy (1). A resolvable private address is 00:00:00:00:00:00 when not used.
public struct HCILEEnhancedConnectionComplete: HCILEMetaEventParameters {
    /// 0x0A.
    public static let subeventCode = HCILEMetaSubevent.enhancedConnectionComplete

    /// Status (1 octet).
    public var status: HCIStatus
    /// Connection_Handle (2 octets).
    public var connectionHandle: UInt16
    /// Role (1 octet).
    public var role: HCIRole
    /// Peer_Address_Type (1 octet): 0 public, 1 random, 2 public identity, 3 random identity.
    public var peerAddressType: HCIAddressType
    /// Peer_Address (6 octets): the identity address when the controller resolved it.
    public var peerAddress: DeviceAddress
    /// Local_Resolvable_Private_Address (6 octets).
    public var localResolvablePrivateAddress: DeviceAddress
    /// Peer_Resolvable_Private_Address (6 octets).
    public var peerResolvablePrivateAddress: DeviceAddress
    /// Connection_Interval (2 octets, × 1.25 ms).
    public var connectionInterval: UInt16
    /// Peripheral_Latency (2 octets).
    public var peripheralLatency: UInt16
    /// Supervision_Timeout (2 octets, × 10 ms).
    public var supervisionTimeout: UInt16
    /// Central_Clock_Accuracy (1 octet).
    public var centralClockAccuracy: UInt8

    /// Creates the event.
    public init(
        status: HCIStatus,
        connectionHandle: UInt16,
        role: HCIRole,
        peerAddressType: HCIAddressType,
        peerAddress: DeviceAddress,
        localResolvablePrivateAddress: DeviceAddress,
        peerResolvablePrivateAddress: DeviceAddress,
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
        self.localResolvablePrivateAddress = localResolvablePrivateAddress
        self.peerResolvablePrivateAddress = peerResolvablePrivateAddress
        self.connectionInterval = connectionInterval
        self.peripheralLatency = peripheralLatency
        self.supervisionTimeout = supervisionTimeout
        self.centralClockAccuracy = centralClockAccuracy
    }

    /// Decodes the parameters.
    public init(parameters reader: inout ByteReader) throws(HCIDecodingError) {
        self.init(try HCILEConnectionCompleteFields(parameters: &reader, enhanced: true, of: Self.subject))
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
