import BLECore

/// The Parameter_Total_Length-prefixed parameters that end HCI Command and Event packets.
enum HCIParameterBlock {
    /// The most parameter octets one packet carries.
    static let maximumLength = 255

    /// Reads Parameter_Total_Length and the parameters; throws unless exactly that many follow.
    static func read(from reader: inout ByteReader, of subject: HCIDecodingError.Subject) throws(HCIDecodingError) -> [UInt8] {
        let length = Int(try reader.requireUInt8("Parameter_Total_Length", of: subject))
        guard reader.remainingCount == length else {
            throw HCIDecodingError(
                .lengthMismatch, subject, field: "Parameter_Total_Length",
                "says \(length) bytes, \(reader.remainingCount) follow"
            )
        }
        return reader.readRemainingBytes()
    }

    /// Writes Parameter_Total_Length and the parameters.
    static func write(_ parameters: [UInt8], into writer: inout ByteWriter) {
        writer.writeUInt8(UInt8(parameters.count))
        writer.writeBytes(parameters)
    }
}
