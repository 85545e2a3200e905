import BLECore

/// Read Multiple Request: reads the values of two or more attributes, of known fixed lengths
/// but the last, in one PDU.
///
/// Core 5.4, Vol 3, Part F, 3.4.4.7. Layout, 1 + 2n octets:
///
/// | Field | Octets |
/// |---|---|
/// | Attribute Opcode (0x0E) | 1 |
/// | Set Of Handles | 4 to (ATT_MTU − 1) |
///
/// Decoding rejects fewer than two handles and an odd number of octets. Encoding writes the handles
/// as given; a client sends at least two. A handle of 0x0000 is decoded as sent (the server answers
/// Invalid Handle).
public struct ATTReadMultipleRequest: ATTPDU, ATTSetOfHandlesPDU {
    /// 0x0E.
    public static let opcode = ATTOpcode.readMultipleRequest

    /// Set Of Handles (4 to ATT_MTU − 1 octets, 2 per handle): at least two handles.
    public var setOfHandles: [UInt16]

    /// Creates a Read Multiple Request.
    public init(setOfHandles: [UInt16]) {
        self.setOfHandles = setOfHandles
    }
}
