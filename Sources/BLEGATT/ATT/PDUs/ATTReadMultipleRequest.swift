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
public struct ATTReadMultipleRequest: ATTPDU {
    /// 0x0E.
    public static let opcode = ATTOpcode.readMultipleRequest

    /// Set Of Handles (4 to ATT_MTU − 1 octets, 2 per handle): at least two handles.
    public var setOfHandles: [UInt16]

    /// Creates a Read Multiple Request.
    public init(setOfHandles: [UInt16]) {
        self.setOfHandles = setOfHandles
    }

    /// Decodes Set Of Handles.
    public init(parameters reader: inout ByteReader) throws(ATTDecodingError) {
        setOfHandles = try reader.requireSetOfHandles(of: Self.opcode)
    }

    /// Encodes Set Of Handles.
    public func encodeParameters(into writer: inout ByteWriter) {
        for handle in setOfHandles { writer.writeUInt16(handle) }
    }

    /// `Read Multiple Request handles=[0x0003, 0x0005]`.
    public var description: String {
        "\(Self.opcode.name) handles=[\(setOfHandles.map(ATTLog.handle).joined(separator: ", "))]"
    }
}

extension ByteReader {
    /// Reads the Set Of Handles of a Read Multiple or Read Multiple Variable Request: every
    /// remaining octet, two per handle, at least two handles (3.4.4.7, 3.4.4.11).
    mutating func requireSetOfHandles(of opcode: ATTOpcode) throws(ATTDecodingError) -> [UInt16] {
        guard remainingCount % 2 == 0 else {
            throw ATTDecodingError(opcode: opcode, reason: "Set Of Handles: \(remainingCount) bytes is not a whole number of handles")
        }
        guard remainingCount >= 4 else {
            throw ATTDecodingError(
                opcode: opcode,
                reason: "Set Of Handles: at least 2 handles expected, got \(remainingCount / 2)"
            )
        }
        var handles: [UInt16] = []
        handles.reserveCapacity(remainingCount / 2)
        while !isAtEnd {
            handles.append(try requireUInt16("Handle", of: opcode))
        }
        return handles
    }
}
