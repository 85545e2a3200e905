import BLECore

/// HCI_LE_Create_Connection: connects, as central, to an advertiser (legacy initiating).
///
/// Core 5.4, Vol 4, Part E, 7.8.12. Parameters, 25 octets:
///
/// | Field | Octets |
/// |---|---|
/// | LE_Scan_Interval (× 0.625 ms, 0x0004…0x4000) | 2 |
/// | LE_Scan_Window (× 0.625 ms, ≤ interval) | 2 |
/// | Initiator_Filter_Policy (0 use Peer_Address, 1 Filter Accept List) | 1 |
/// | Peer_Address_Type (0…3) | 1 |
/// | Peer_Address | 6 |
/// | Own_Address_Type | 1 |
/// | Connection_Interval_Min, Connection_Interval_Max (× 1.25 ms, 0x0006…0x0C80) | 2 + 2 |
/// | Max_Latency (0x0000…0x01F3) | 2 |
/// | Supervision_Timeout (× 10 ms, 0x000A…0x0C80) | 2 |
/// | Min_CE_Length, Max_CE_Length (× 0.625 ms) | 2 + 2 |
///
/// Answered by HCI_Command_Status; then, when the connection is made, fails or is cancelled by
/// HCI_LE_Create_Connection_Cancel, by **LE Connection Complete** — or **LE Enhanced Connection
/// Complete [v1]/[v2]** when the host unmasked those.
public struct HCILECreateConnection: HCICommandWithStatus {
    /// 0x200D.
    public static let opcode = HCIOpcode.leCreateConnection

    /// LE_Scan_Interval (2 octets, × 0.625 ms).
    public var leScanInterval: UInt16
    /// LE_Scan_Window (2 octets, × 0.625 ms).
    public var leScanWindow: UInt16
    /// Initiator_Filter_Policy (1 octet): 0 connect to Peer_Address, 1 to any device on the
    /// Filter Accept List.
    public var initiatorFilterPolicy: UInt8
    /// Peer_Address_Type (1 octet): 0 public, 1 random, 2 public identity, 3 random identity.
    public var peerAddressType: HCIAddressType
    /// Peer_Address (6 octets).
    public var peerAddress: DeviceAddress
    /// Own_Address_Type (1 octet).
    public var ownAddressType: HCIOwnAddressType
    /// Connection_Interval_Min (2 octets, × 1.25 ms).
    public var connectionIntervalMin: UInt16
    /// Connection_Interval_Max (2 octets, × 1.25 ms).
    public var connectionIntervalMax: UInt16
    /// Max_Latency (2 octets): peripheral latency in connection events.
    public var maxLatency: UInt16
    /// Supervision_Timeout (2 octets, × 10 ms).
    public var supervisionTimeout: UInt16
    /// Min_CE_Length (2 octets, × 0.625 ms).
    public var minCELength: UInt16
    /// Max_CE_Length (2 octets, × 0.625 ms).
    public var maxCELength: UInt16

    /// Creates the command.
    public init(
        leScanInterval: UInt16,
        leScanWindow: UInt16,
        initiatorFilterPolicy: UInt8 = 0,
        peerAddressType: HCIAddressType,
        peerAddress: DeviceAddress,
        ownAddressType: HCIOwnAddressType,
        connectionIntervalMin: UInt16,
        connectionIntervalMax: UInt16,
        maxLatency: UInt16,
        supervisionTimeout: UInt16,
        minCELength: UInt16 = 0,
        maxCELength: UInt16 = 0
    ) {
        self.leScanInterval = leScanInterval
        self.leScanWindow = leScanWindow
        self.initiatorFilterPolicy = initiatorFilterPolicy
        self.peerAddressType = peerAddressType
        self.peerAddress = peerAddress
        self.ownAddressType = ownAddressType
        self.connectionIntervalMin = connectionIntervalMin
        self.connectionIntervalMax = connectionIntervalMax
        self.maxLatency = maxLatency
        self.supervisionTimeout = supervisionTimeout
        self.minCELength = minCELength
        self.maxCELength = maxCELength
    }

    /// Decodes the parameters.
    public init(parameters reader: inout ByteReader) throws(HCIDecodingError) {
        leScanInterval = try reader.requireUInt16("LE_Scan_Interval", of: Self.subject)
        leScanWindow = try reader.requireUInt16("LE_Scan_Window", of: Self.subject)
        initiatorFilterPolicy = try reader.requireUInt8("Initiator_Filter_Policy", of: Self.subject)
        peerAddressType = HCIAddressType(rawValue: try reader.requireUInt8("Peer_Address_Type", of: Self.subject))
        peerAddress = try reader.requireAddress("Peer_Address", isRandom: peerAddressType.isRandom ?? false, of: Self.subject)
        ownAddressType = HCIOwnAddressType(rawValue: try reader.requireUInt8("Own_Address_Type", of: Self.subject))
        (connectionIntervalMin, connectionIntervalMax, maxLatency, supervisionTimeout, minCELength, maxCELength) =
            try Self.readConnectionParameters(from: &reader)
    }

    /// Encodes the parameters.
    public func encodeParameters(into writer: inout ByteWriter) {
        writer.writeUInt16(leScanInterval)
        writer.writeUInt16(leScanWindow)
        writer.writeUInt8(initiatorFilterPolicy)
        writer.writeUInt8(peerAddressType.rawValue)
        peerAddress.write(to: &writer)
        writer.writeUInt8(ownAddressType.rawValue)
        writeConnectionParameters(into: &writer)
    }

    /// LE_Scan_Interval as a duration.
    public var leScanIntervalDuration: Duration { HCITimeUnit.slot.duration(leScanInterval) }
    /// LE_Scan_Window as a duration.
    public var leScanWindowDuration: Duration { HCITimeUnit.slot.duration(leScanWindow) }
    /// Connection_Interval_Min as a duration.
    public var connectionIntervalMinDuration: Duration { HCITimeUnit.connectionInterval.duration(connectionIntervalMin) }
    /// Connection_Interval_Max as a duration.
    public var connectionIntervalMaxDuration: Duration { HCITimeUnit.connectionInterval.duration(connectionIntervalMax) }
    /// Supervision_Timeout as a duration.
    public var supervisionTimeoutDuration: Duration { HCITimeUnit.supervisionTimeout.duration(supervisionTimeout) }

    /// Checks the ranges and relations of 7.8.12.
    public func validate() throws(HCIDecodingError) {
        try Self.check("LE_Scan_Interval", leScanInterval, in: 0x0004...0x4000)
        try Self.check("LE_Scan_Window", leScanWindow, in: 0x0004...0x4000)
        try Self.check(
            leScanWindow <= leScanInterval, "LE_Scan_Window",
            "\(HCIFormat.hex(leScanWindow)) exceeds LE_Scan_Interval \(HCIFormat.hex(leScanInterval))"
        )
        try Self.check("Initiator_Filter_Policy", initiatorFilterPolicy, in: 0x00...0x01)
        try Self.check("Peer_Address_Type", peerAddressType.rawValue, in: 0x00...0x03)
        try Self.check("Own_Address_Type", ownAddressType.rawValue, in: 0x00...0x03)
        try validateConnectionParameters()
    }

    /// LE Connection Complete, or LE Enhanced Connection Complete [v1] or [v2].
    public func isCompleted(by event: HCIEvent) -> Bool {
        switch event {
        case .leMeta(.connectionComplete), .leMeta(.enhancedConnectionComplete), .leMeta(.enhancedConnectionCompleteV2):
            true
        default:
            false
        }
    }
}
