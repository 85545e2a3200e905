import BLEHCI

/// The Supported_Commands bit table of a ``VirtualController``.
///
/// Core 5.4, Vol 4, Part E, 6.27: 64 octets, one bit per command, set when the controller
/// implements it. HCI_Read_Local_Supported_Commands has no bit of its own. A controller
/// configured without the LE Encryption feature (LE feature bit 0, Vol 6, Part B, 4.6.1) lacks
/// the commands that start encryption: their bits are clear and they are unknown commands.
enum VirtualControllerSupportedCommands {
    /// Octet and bit of each command this controller implements.
    static let positions: [(opcode: HCIOpcode, octet: Int, bit: Int)] = [
        (.disconnect, 0, 5),
        (.setEventMask, 5, 6),
        (.reset, 5, 7),
        (.setControllerToHostFlowControl, 10, 5),
        (.hostBufferSize, 10, 6),
        (.hostNumberOfCompletedPackets, 10, 7),
        (.readLocalVersionInformation, 14, 3),
        (.readLocalSupportedFeatures, 14, 5),
        (.readBufferSize, 14, 7),
        (.readBDADDR, 15, 1),
        (.readRSSI, 15, 5),
        (.readEncryptionKeySize, 20, 4),
        (.leSetEventMask, 25, 0),
        (.leReadBufferSize, 25, 1),
        (.leReadLocalSupportedFeatures, 25, 2),
        (.leSetRandomAddress, 25, 4),
        (.leSetAdvertisingParameters, 25, 5),
        (.leSetAdvertisingData, 25, 7),
        (.leSetScanResponseData, 26, 0),
        (.leSetAdvertisingEnable, 26, 1),
        (.leSetScanParameters, 26, 2),
        (.leSetScanEnable, 26, 3),
        (.leCreateConnection, 26, 4),
        (.leCreateConnectionCancel, 26, 5),
        (.leReadFilterAcceptListSize, 26, 6),
        (.leClearFilterAcceptList, 26, 7),
        (.leConnectionUpdate, 27, 2),
        (.leReadRemoteFeatures, 27, 5),
        (.leRand, 27, 7),
        (.leEnableEncryption, 28, 0),
        (.leLongTermKeyRequestReply, 28, 1),
        (.leLongTermKeyRequestNegativeReply, 28, 2),
        (.leSetDataLength, 33, 6),
        (.leWriteSuggestedDefaultDataLength, 34, 0),
        (.leReadMaximumDataLength, 35, 3),
        (.leReadPHY, 35, 4),
        (.leSetPHY, 35, 6),
        (.leReadBufferSizeV2, 41, 5),
    ]

    /// The commands only a controller with the LE Encryption feature implements.
    static let encryptionCommands: Set<HCIOpcode> = [
        .leEnableEncryption, .leLongTermKeyRequestReply, .leLongTermKeyRequestNegativeReply,
    ]

    /// Whether a controller with `leFeatures` leaves out the command `opcode` (and so answers it
    /// Unknown HCI Command, 0x01).
    static func withholds(_ opcode: HCIOpcode, leFeatures: HCILEFeatures) -> Bool {
        !leFeatures.contains(.leEncryption) && encryptionCommands.contains(opcode)
    }

    /// The 64-octet table of a controller with `leFeatures`.
    static func table(for leFeatures: HCILEFeatures) -> [UInt8] {
        var table = [UInt8](repeating: 0, count: HCIReadLocalSupportedCommands.ReturnParameters.supportedCommandsLength)
        for position in positions where !withholds(position.opcode, leFeatures: leFeatures) {
            table[position.octet] |= 1 << UInt8(position.bit)
        }
        return table
    }
}
