import BLECore

/// The Num_Handles-prefixed list of (Connection_Handle, count) pairs that
/// HCI_Host_Number_Of_Completed_Packets and HCI_Number_Of_Completed_Packets share:
/// Num_Handles (1), then 4 octets per handle.
enum HCIHandleCountList {
    /// The most entries one packet carries: (255 − 1) / 4.
    static let maximumEntryCount = 63

    /// Decodes Num_Handles and the pairs; throws when they overrun the parameters.
    static func decode<Entry>(
        from reader: inout ByteReader,
        countField: String,
        of subject: HCIDecodingError.Subject,
        makeEntry: (UInt16, UInt16) -> Entry
    ) throws(HCIDecodingError) -> [Entry] {
        let count = Int(try reader.requireUInt8("Num_Handles", of: subject))
        guard reader.remainingCount >= count * 4 else {
            throw HCIDecodingError(
                .lengthMismatch, subject, field: "Num_Handles",
                "\(count) entries need \(count * 4) bytes, \(reader.remainingCount) left"
            )
        }
        var entries: [Entry] = []
        entries.reserveCapacity(count)
        for _ in 0..<count {
            let handle = try reader.requireUInt16("Connection_Handle", of: subject)
            let completed = try reader.requireUInt16(countField, of: subject)
            entries.append(makeEntry(handle, completed))
        }
        return entries
    }

    /// Encodes Num_Handles and the pairs `pair` takes from each entry (no array of pairs on the
    /// way: Number Of Completed Packets goes with every ACL packet).
    static func encode<Entry>(_ entries: [Entry], into writer: inout ByteWriter, pair: (Entry) -> (handle: UInt16, count: UInt16)) {
        writer.writeUInt8(UInt8(entries.count))
        for entry in entries {
            let (handle, count) = pair(entry)
            writer.writeUInt16(handle)
            writer.writeUInt16(count)
        }
    }
}
