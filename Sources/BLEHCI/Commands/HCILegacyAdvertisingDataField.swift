import BLECore

/// The 31-octet, length-prefixed, zero-padded data field that HCI_LE_Set_Advertising_Data and
/// HCI_LE_Set_Scan_Response_Data share: Length (1, 0…31), then Data (31).
enum HCILegacyAdvertisingDataField {
    /// The size of the data field.
    static let maximumLength = 31

    /// Decodes the length and the significant octets, dropping (possibly omitted) padding.
    /// `field` names the data field, e.g. "Advertising_Data"; its length field is `field` + "_Length".
    static func read(
        _ field: String,
        from reader: inout ByteReader,
        of subject: HCIDecodingError.Subject
    ) throws(HCIDecodingError) -> [UInt8] {
        let length = Int(try reader.requireUInt8("\(field)_Length", of: subject))
        guard length <= maximumLength else {
            throw HCIDecodingError(.invalidValue, subject, field: "\(field)_Length", "\(length) exceeds \(maximumLength)")
        }
        let data = try reader.requireBytes(field, count: length, of: subject)
        guard reader.remainingCount <= maximumLength - length else {
            throw HCIDecodingError(.trailingBytes, subject, field: field, "\(reader.remainingCount) bytes of padding after \(length) significant bytes; the field is 31 bytes")
        }
        _ = reader.readRemainingBytes()
        return data
    }

    /// Encodes the length and the data padded with zeros to 31 octets. Precondition: at most 31 octets.
    static func write(_ data: [UInt8], _ field: String, into writer: inout ByteWriter) {
        precondition(data.count <= maximumLength, "\(field) is at most 31 bytes")
        writer.writeUInt8(UInt8(data.count))
        writer.writeBytes(data)
        writer.writeBytes([UInt8](repeating: 0, count: maximumLength - data.count))
    }
}
