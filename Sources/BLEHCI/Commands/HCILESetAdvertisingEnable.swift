import BLECore

/// HCI_LE_Set_Advertising_Enable: starts or stops legacy advertising.
///
/// Core 5.4, Vol 4, Part E, 7.8.9. Parameters, 1 octet: Advertising_Enable (1, 0x00 or 0x01).
/// Answered by HCI_Command_Complete with Status.
public struct HCILESetAdvertisingEnable: HCICommandCompleting {
    /// Status only.
    public typealias ReturnParameters = HCIStatusReturnParameters

    /// 0x200A.
    public static let opcode = HCIOpcode.leSetAdvertisingEnable

    /// Advertising_Enable (1 octet), as sent: 0x00 disabled, 0x01 enabled.
    public var advertisingEnable: UInt8

    /// Creates the command from the raw octet.
    public init(advertisingEnable: UInt8) {
        self.advertisingEnable = advertisingEnable
    }

    /// Creates the command.
    public init(enable: Bool) {
        self.init(advertisingEnable: enable ? 1 : 0)
    }

    /// Whether advertising is to be enabled (Advertising_Enable is non-zero).
    public var isEnabled: Bool { advertisingEnable != 0 }

    /// Decodes Advertising_Enable.
    public init(parameters reader: inout ByteReader) throws(HCIDecodingError) {
        advertisingEnable = try reader.requireUInt8("Advertising_Enable", of: Self.subject)
    }

    /// Encodes Advertising_Enable.
    public func encodeParameters(into writer: inout ByteWriter) {
        writer.writeUInt8(advertisingEnable)
    }

    /// Checks that the octet is 0x00 or 0x01.
    public func validate() throws(HCIDecodingError) {
        try Self.check("Advertising_Enable", advertisingEnable, in: 0x00...0x01)
    }
}
