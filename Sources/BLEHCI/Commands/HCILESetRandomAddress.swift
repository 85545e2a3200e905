import BLECore

/// HCI_LE_Set_Random_Address: the random address the controller uses with Own_Address_Type random.
///
/// Core 5.4, Vol 4, Part E, 7.8.4. Parameters, 6 octets: Random_Address (6). Answered by
/// HCI_Command_Complete with Status.
public struct HCILESetRandomAddress: HCICommandCompleting {
    /// Status only.
    public typealias ReturnParameters = HCIStatusReturnParameters

    /// 0x2005.
    public static let opcode = HCIOpcode.leSetRandomAddress

    /// Random_Address (6 octets); its sub-type follows from its two top bits.
    public var randomAddress: DeviceAddress

    /// Creates the command.
    public init(randomAddress: DeviceAddress) {
        self.randomAddress = randomAddress
    }

    /// Decodes Random_Address.
    public init(parameters reader: inout ByteReader) throws(HCIDecodingError) {
        randomAddress = try reader.requireAddress("Random_Address", isRandom: true, of: Self.subject)
    }

    /// Encodes Random_Address.
    public func encodeParameters(into writer: inout ByteWriter) {
        randomAddress.write(to: &writer)
    }

    /// Rejects a public address and the reserved random sub-type (top bits `0b10`).
    public func validate() throws(HCIDecodingError) {
        try Self.check(
            randomAddress.isRandom && randomAddress.type != .reservedRandom, "Random_Address",
            "\(randomAddress) is not a static or private random address"
        )
    }
}
