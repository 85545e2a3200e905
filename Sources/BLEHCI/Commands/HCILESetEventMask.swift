import BLECore

/// HCI_LE_Set_Event_Mask: which LE Meta subevents the controller may send.
///
/// Core 5.4, Vol 4, Part E, 7.8.1. Parameters, 8 octets: LE_Event_Mask (8). Answered by
/// HCI_Command_Complete with Status.
public struct HCILESetEventMask: HCICommandCompleting {
    /// Status only.
    public typealias ReturnParameters = HCIStatusReturnParameters

    /// 0x2001.
    public static let opcode = HCIOpcode.leSetEventMask

    /// LE_Event_Mask (8 octets).
    public var leEventMask: HCILEEventMask

    /// Creates the command.
    public init(leEventMask: HCILEEventMask) {
        self.leEventMask = leEventMask
    }

    /// Decodes LE_Event_Mask.
    public init(parameters reader: inout ByteReader) throws(HCIDecodingError) {
        leEventMask = HCILEEventMask(rawValue: try reader.requireUInt64("LE_Event_Mask", of: Self.subject))
    }

    /// Encodes LE_Event_Mask.
    public func encodeParameters(into writer: inout ByteWriter) {
        writer.writeUInt64(leEventMask.rawValue)
    }
}
