import BLECore

/// HCI_LE_Rand: 8 random octets from the controller's random number generator.
///
/// Core 5.4, Vol 4, Part E, 7.8.23. No parameters. Return parameters, 9 octets: Status (1),
/// Random_Number (8). The number is generated as Vol 2, Part H, 2 requires; a host uses it e.g.
/// for the Rand of a legacy-pairing key (Vol 3, Part H, 3.6.3).
public struct HCILERand: HCICommandCompleting {
    /// 0x2018.
    public static let opcode = HCIOpcode.leRand

    /// Creates the command.
    public init() {}

    /// There are no parameters.
    public init(parameters reader: inout ByteReader) throws(HCIDecodingError) {}

    /// There are no parameters.
    public func encodeParameters(into writer: inout ByteWriter) {}

    /// Status and the random number.
    public struct ReturnParameters: HCIReturnParameters {
        /// Status (1 octet).
        public var status: HCIStatus
        /// Random_Number (8 octets), little-endian on the wire.
        public var randomNumber: UInt64

        /// Creates return parameters.
        public init(status: HCIStatus, randomNumber: UInt64) {
            self.status = status
            self.randomNumber = randomNumber
        }

        /// A failure: `status`, random number zero.
        public init(failedWith status: HCIStatus) {
            self.init(status: status, randomNumber: 0)
        }

        /// Decodes the fields after Status.
        public init(status: HCIStatus, fields reader: inout ByteReader) throws(HCIDecodingError) {
            self.status = status
            randomNumber = try reader.requireUInt64("Random_Number", of: .returnParameters(HCILERand.opcode))
        }

        /// Encodes the fields after Status.
        public func encodeFields(into writer: inout ByteWriter) {
            writer.writeUInt64(randomNumber)
        }
    }
}
