import BLECore

/// HCI_Set_Event_Mask: which events the controller may send.
///
/// Core 5.4, Vol 4, Part E, 7.3.1. Parameters, 8 octets: Event_Mask (8). Answered by
/// HCI_Command_Complete with Status.
public struct HCISetEventMask: HCICommandCompleting {
    /// Status only.
    public typealias ReturnParameters = HCIStatusReturnParameters

    /// 0x0C01.
    public static let opcode = HCIOpcode.setEventMask

    /// Event_Mask (8 octets).
    public var eventMask: HCIEventMask

    /// Creates the command.
    public init(eventMask: HCIEventMask) {
        self.eventMask = eventMask
    }

    /// Decodes Event_Mask.
    public init(parameters reader: inout ByteReader) throws(HCIDecodingError) {
        eventMask = HCIEventMask(rawValue: try reader.requireUInt64("Event_Mask", of: Self.subject))
    }

    /// Encodes Event_Mask.
    public func encodeParameters(into writer: inout ByteWriter) {
        writer.writeUInt64(eventMask.rawValue)
    }
}
