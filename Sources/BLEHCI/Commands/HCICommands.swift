/// Every command type this module decodes, for a controller that dispatches on the opcode.
///
/// Core 5.4, Vol 4, Part E, 7. An opcode without a type here is answered by a controller with
/// Unknown HCI Command (0x01).
public enum HCICommands {
    /// Every command type, one per opcode.
    public static let all: [any HCICommand.Type] = [
        HCIDisconnect.self, HCISetEventMask.self, HCIReset.self, HCISetControllerToHostFlowControl.self,
        HCIHostBufferSize.self, HCIHostNumberOfCompletedPackets.self, HCIReadLocalVersionInformation.self,
        HCIReadLocalSupportedCommands.self, HCIReadLocalSupportedFeatures.self, HCIReadBufferSize.self,
        HCIReadBDADDR.self, HCIReadRSSI.self, HCIReadEncryptionKeySize.self, HCILESetEventMask.self,
        HCILEReadBufferSize.self, HCILEReadLocalSupportedFeatures.self, HCILESetRandomAddress.self,
        HCILESetAdvertisingParameters.self, HCILESetAdvertisingData.self, HCILESetScanResponseData.self,
        HCILESetAdvertisingEnable.self, HCILESetScanParameters.self, HCILESetScanEnable.self,
        HCILECreateConnection.self, HCILECreateConnectionCancel.self, HCILEReadFilterAcceptListSize.self,
        HCILEClearFilterAcceptList.self, HCILEConnectionUpdate.self, HCILEReadRemoteFeatures.self,
        HCILERand.self, HCILEEnableEncryption.self, HCILELongTermKeyRequestReply.self,
        HCILELongTermKeyRequestNegativeReply.self, HCILESetDataLength.self, HCILEWriteSuggestedDefaultDataLength.self,
        HCILEReadMaximumDataLength.self, HCILEReadPHY.self, HCILESetPHY.self, HCILEReadBufferSizeV2.self,
    ]

    private static let byOpcode: [HCIOpcode: any HCICommand.Type] = {
        var table: [HCIOpcode: any HCICommand.Type] = [:]
        for type in all {
            precondition(table[type.opcode] == nil, "two HCI command types share opcode \(type.opcode)")
            table[type.opcode] = type
        }
        return table
    }()

    /// The command type for `opcode`, or `nil` when this module does not know it.
    public static func type(for opcode: HCIOpcode) -> (any HCICommand.Type)? {
        byOpcode[opcode]
    }

    /// Decodes a command packet into its typed command, or `nil` for an unknown opcode.
    ///
    /// Throws when the opcode is known and its parameters are malformed or followed by extra
    /// bytes; a controller answers that with Invalid HCI Command Parameters (0x12).
    public static func decode(_ packet: HCICommandPacket) throws(HCIDecodingError) -> (any HCICommand)? {
        guard let type = byOpcode[packet.opcode] else { return nil }
        return try decode(packet, as: type)
    }

    private static func decode<Command: HCICommand>(
        _ packet: HCICommandPacket,
        as _: Command.Type
    ) throws(HCIDecodingError) -> any HCICommand {
        try Command(packet: packet)
    }
}
