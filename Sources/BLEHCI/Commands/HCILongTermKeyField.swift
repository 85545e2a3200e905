import BLECore

/// The 16-octet Long_Term_Key field that HCI_LE_Enable_Encryption and
/// HCI_LE_Long_Term_Key_Request_Reply share.
///
/// Core 5.4, Vol 4, Part E, 7.8.24 and 7.8.25: the 128-bit key, least significant octet first,
/// as the Security Manager distributes it (Vol 3, Part H, 3.6.2) and keeps it (`SMPLongTermKey`).
enum HCILongTermKeyField {
    /// The size of the field.
    static let length = 16

    /// Reads the 16 octets.
    static func read(from reader: inout ByteReader, of subject: HCIDecodingError.Subject) throws(HCIDecodingError) -> [UInt8] {
        try reader.requireBytes("Long_Term_Key", count: length, of: subject)
    }

    /// Writes the 16 octets. Precondition: `key` is 16 octets (``check(_:of:)`` says so first).
    static func write(_ key: [UInt8], into writer: inout ByteWriter) {
        precondition(key.count == length, "Long_Term_Key is 16 octets, not \(key.count)")
        writer.writeBytes(key)
    }

    /// Throws ``HCIDecodingError/Code/parameterOutOfRange`` unless `key` is 16 octets.
    static func check(_ key: [UInt8], of subject: HCIDecodingError.Subject) throws(HCIDecodingError) {
        guard key.count == length else {
            throw HCIDecodingError(.parameterOutOfRange, subject, field: "Long_Term_Key", "\(key.count) octets; the key is 16")
        }
    }
}
