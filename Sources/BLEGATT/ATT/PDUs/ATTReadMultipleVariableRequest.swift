import BLECore

/// Read Multiple Variable Request: reads the values of two or more attributes of any length; the
/// response gives each value's length.
///
/// Core 5.4, Vol 3, Part F, 3.4.4.11. Layout, 1 + 2n octets:
///
/// | Field | Octets |
/// |---|---|
/// | Attribute Opcode (0x20) | 1 |
/// | Set Of Handles | 4 to (ATT_MTU − 1) |
///
/// Decoding rejects fewer than two handles and an odd number of octets. Encoding writes the handles
/// as given; a client sends at least two. A handle of 0x0000 is decoded as sent (the server answers
/// Invalid Handle).
public struct ATTReadMultipleVariableRequest: ATTPDU, ATTSetOfHandlesPDU {
    /// 0x20.
    public static let opcode = ATTOpcode.readMultipleVariableRequest

    /// Set Of Handles (4 to ATT_MTU − 1 octets, 2 per handle): at least two handles.
    public var setOfHandles: [UInt16]

    /// Creates a Read Multiple Variable Request.
    public init(setOfHandles: [UInt16]) {
        self.setOfHandles = setOfHandles
    }
}
