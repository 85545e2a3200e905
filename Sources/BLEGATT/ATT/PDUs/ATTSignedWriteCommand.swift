import BLECore

/// Signed Write Command: writes an attribute value over an unencrypted link, authenticated by a
/// signature; never answered.
///
/// Core 5.4, Vol 3, Part F, 3.4.5.4. Layout, 15 + n octets:
///
/// | Field | Octets |
/// |---|---|
/// | Attribute Opcode (0xD2) | 1 |
/// | Attribute Handle | 2 |
/// | Attribute Value | 0 to (ATT_MTU − 15) |
/// | Authentication Signature | 12 |
///
/// The signature is the last 12 octets of the PDU; everything between the handle and it is the
/// value. Decoding rejects a PDU with fewer than 12 octets after the handle.
///
/// The type keeps the signature as 12 octets: ``init(attributeHandle:attributeValue:authenticationSignature:)``
/// and encoding check that with `precondition`. Computing and checking the signature (Vol 3,
/// Part H, 2.4.5: SignCounter then MAC, over the opcode, handle and value) is the job of the GATT
/// layer, which knows the CSRK; ``signedBytes`` and ``signCounter`` help it.
public struct ATTSignedWriteCommand: ATTPDU {
    /// 0xD2.
    public static let opcode = ATTOpcode.signedWriteCommand

    /// The size of the Authentication Signature: 12 octets.
    public static let authenticationSignatureCount = 12

    /// Attribute Handle (2 octets): the attribute to write; 0x0000 is invalid.
    public var attributeHandle: UInt16
    /// Attribute Value (0 to ATT_MTU − 15 octets): the value to write.
    public var attributeValue: [UInt8]
    /// Authentication Signature (12 octets): SignCounter (4 octets) then MAC (8 octets).
    public var authenticationSignature: [UInt8]

    /// Creates a Signed Write Command.
    ///
    /// - Precondition: `authenticationSignature` is 12 octets.
    public init(attributeHandle: UInt16, attributeValue: [UInt8], authenticationSignature: [UInt8]) {
        precondition(
            authenticationSignature.count == Self.authenticationSignatureCount,
            "an Authentication Signature is 12 bytes"
        )
        self.attributeHandle = attributeHandle
        self.attributeValue = attributeValue
        self.authenticationSignature = authenticationSignature
    }

    /// The octets the signature covers: the opcode, Attribute Handle and Attribute Value.
    public var signedBytes: [UInt8] {
        var writer = ByteWriter(capacity: 3 + attributeValue.count)
        writer.writeUInt8(Self.opcode.rawValue)
        writer.writeUInt16(attributeHandle)
        writer.writeBytes(attributeValue)
        return writer.bytes
    }

    /// The SignCounter: the first 4 octets of the signature, little-endian (Vol 3, Part H, 2.4.5).
    public var signCounter: UInt32 {
        var reader = ByteReader(authenticationSignature.prefix(4))
        return reader.readUInt32() ?? 0
    }

    /// Decodes Attribute Handle, Attribute Value and Authentication Signature (the last 12 octets).
    public init(parameters reader: inout ByteReader) throws(ATTDecodingError) {
        attributeHandle = try reader.requireUInt16("Attribute Handle", of: Self.opcode)
        let valueCount = reader.remainingCount - Self.authenticationSignatureCount
        guard valueCount >= 0 else {
            throw ATTDecodingError(
                opcode: Self.opcode,
                reason: "Authentication Signature: 12 bytes expected, \(reader.remainingCount) left"
            )
        }
        attributeValue = try reader.requireBytes("Attribute Value", count: valueCount, of: Self.opcode)
        authenticationSignature = try reader.requireBytes(
            "Authentication Signature",
            count: Self.authenticationSignatureCount,
            of: Self.opcode
        )
    }

    /// The parameters' size in bytes.
    public var parametersByteCount: Int { 2 + attributeValue.count + authenticationSignature.count }

    /// Encodes Attribute Handle, Attribute Value and Authentication Signature.
    public func encodeParameters(into writer: inout some ByteSink) {
        precondition(
            authenticationSignature.count == Self.authenticationSignatureCount,
            "an Authentication Signature is 12 bytes"
        )
        writer.writeUInt16(attributeHandle)
        writer.writeBytes(attributeValue)
        writer.writeBytes(authenticationSignature)
    }

    /// `Signed Write Command handle=0x002A value=0102 signature=010000000102030405060708`.
    public var description: String {
        "\(Self.opcode.name) handle=\(ATTLog.handle(attributeHandle)) value=\(ATTLog.bytes(attributeValue))"
            + " signature=\(authenticationSignature.hexString)"
    }
}
