import BLEHCI

/// The Supported_Commands bit table of a ``VirtualController``.
///
/// Core 5.4, Vol 4, Part E, 6.27: 64 octets, one bit per command, set when the controller
/// implements it. HCI_Read_Local_Supported_Commands has no bit of its own.
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
        (.leSetDataLength, 33, 6),
        (.leReadPHY, 35, 4),
        (.leSetPHY, 35, 6),
        (.leReadBufferSizeV2, 41, 5),
    ]

    /// The 64-octet table.
    static let table: [UInt8] = {
        var table = [UInt8](repeating: 0, count: HCIReadLocalSupportedCommands.ReturnParameters.supportedCommandsLength)
        for position in positions {
            table[position.octet] |= 1 << UInt8(position.bit)
        }
        return table
    }()
}
