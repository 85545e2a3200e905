import BLECore

/// HCI_LE_Set_Advertising_Parameters: how the controller advertises (legacy advertising).
///
/// Core 5.4, Vol 4, Part E, 7.8.5. Parameters, 15 octets:
///
/// | Field | Octets |
/// |---|---|
/// | Advertising_Interval_Min (× 0.625 ms, 0x0020…0x4000) | 2 |
/// | Advertising_Interval_Max (× 0.625 ms, 0x0020…0x4000, ≥ min) | 2 |
/// | Advertising_Type | 1 |
/// | Own_Address_Type | 1 |
/// | Peer_Address_Type (0 public, 1 random) | 1 |
/// | Peer_Address | 6 |
/// | Advertising_Channel_Map (bits 37, 38, 39) | 1 |
/// | Advertising_Filter_Policy (0x00…0x03) | 1 |
///
/// Answered by HCI_Command_Complete with Status.
public struct HCILESetAdvertisingParameters: HCICommandCompleting {
    /// Status only.
    public typealias ReturnParameters = HCIStatusReturnParameters

    /// 0x2006.
    public static let opcode = HCIOpcode.leSetAdvertisingParameters

    /// Advertising_Channel_Map with all three primary channels (37, 38, 39).
    public static let allChannels: UInt8 = 0b111

    /// Advertising_Interval_Min (2 octets, × 0.625 ms).
    public var advertisingIntervalMin: UInt16
    /// Advertising_Interval_Max (2 octets, × 0.625 ms).
    public var advertisingIntervalMax: UInt16
    /// Advertising_Type (1 octet).
    public var advertisingType: HCILEAdvertisingType
    /// Own_Address_Type (1 octet).
    public var ownAddressType: HCIOwnAddressType
    /// Peer_Address_Type (1 octet): for directed advertising.
    public var peerAddressType: HCIAddressType
    /// Peer_Address (6 octets): for directed advertising; random when Peer_Address_Type says so.
    public var peerAddress: DeviceAddress
    /// Advertising_Channel_Map (1 octet): bit 0 channel 37, bit 1 channel 38, bit 2 channel 39.
    public var advertisingChannelMap: UInt8
    /// Advertising_Filter_Policy (1 octet): 0 process all requests, 1–3 use the Filter Accept List.
    public var advertisingFilterPolicy: UInt8

    /// Creates the command.
    public init(
        advertisingIntervalMin: UInt16,
        advertisingIntervalMax: UInt16,
        advertisingType: HCILEAdvertisingType,
        ownAddressType: HCIOwnAddressType,
        peerAddressType: HCIAddressType,
        peerAddress: DeviceAddress,
        advertisingChannelMap: UInt8 = HCILESetAdvertisingParameters.allChannels,
        advertisingFilterPolicy: UInt8 = 0
    ) {
        self.advertisingIntervalMin = advertisingIntervalMin
        self.advertisingIntervalMax = advertisingIntervalMax
        self.advertisingType = advertisingType
        self.ownAddressType = ownAddressType
        self.peerAddressType = peerAddressType
        self.peerAddress = peerAddress
        self.advertisingChannelMap = advertisingChannelMap
        self.advertisingFilterPolicy = advertisingFilterPolicy
    }

    /// Decodes the parameters.
    public init(parameters reader: inout ByteReader) throws(HCIDecodingError) {
        advertisingIntervalMin = try reader.requireUInt16("Advertising_Interval_Min", of: Self.subject)
        advertisingIntervalMax = try reader.requireUInt16("Advertising_Interval_Max", of: Self.subject)
        advertisingType = HCILEAdvertisingType(rawValue: try reader.requireUInt8("Advertising_Type", of: Self.subject))
        ownAddressType = HCIOwnAddressType(rawValue: try reader.requireUInt8("Own_Address_Type", of: Self.subject))
        peerAddressType = HCIAddressType(rawValue: try reader.requireUInt8("Peer_Address_Type", of: Self.subject))
        peerAddress = try reader.requireAddress("Peer_Address", isRandom: peerAddressType.isRandom ?? false, of: Self.subject)
        advertisingChannelMap = try reader.requireUInt8("Advertising_Channel_Map", of: Self.subject)
        advertisingFilterPolicy = try reader.requireUInt8("Advertising_Filter_Policy", of: Self.subject)
    }

    /// Encodes the parameters.
    public func encodeParameters(into writer: inout ByteWriter) {
        writer.writeUInt16(advertisingIntervalMin)
        writer.writeUInt16(advertisingIntervalMax)
        writer.writeUInt8(advertisingType.rawValue)
        writer.writeUInt8(ownAddressType.rawValue)
        writer.writeUInt8(peerAddressType.rawValue)
        peerAddress.write(to: &writer)
        writer.writeUInt8(advertisingChannelMap)
        writer.writeUInt8(advertisingFilterPolicy)
    }

    /// Advertising_Interval_Min as a duration.
    public var advertisingIntervalMinDuration: Duration { HCITimeUnit.slot.duration(advertisingIntervalMin) }
    /// Advertising_Interval_Max as a duration.
    public var advertisingIntervalMaxDuration: Duration { HCITimeUnit.slot.duration(advertisingIntervalMax) }

    /// Checks the ranges of 7.8.5 (the intervals are ignored for high duty cycle directed
    /// advertising), a non-empty channel map and min ≤ max.
    public func validate() throws(HCIDecodingError) {
        try Self.check("Advertising_Type", advertisingType.rawValue, in: 0x00...0x04)
        if advertisingType != .advDirectIndHighDutyCycle {
            try Self.check("Advertising_Interval_Min", advertisingIntervalMin, in: 0x0020...0x4000)
            try Self.check("Advertising_Interval_Max", advertisingIntervalMax, in: 0x0020...0x4000)
            try Self.check(
                advertisingIntervalMin <= advertisingIntervalMax, "Advertising_Interval_Min",
                "\(HCIFormat.hex(advertisingIntervalMin)) exceeds Advertising_Interval_Max \(HCIFormat.hex(advertisingIntervalMax))"
            )
        }
        try Self.check("Own_Address_Type", ownAddressType.rawValue, in: 0x00...0x03)
        try Self.check("Peer_Address_Type", peerAddressType.rawValue, in: 0x00...0x01)
        try Self.check("Advertising_Channel_Map", advertisingChannelMap, in: 0x01...0x07)
        try Self.check("Advertising_Filter_Policy", advertisingFilterPolicy, in: 0x00...0x03)
    }
}
