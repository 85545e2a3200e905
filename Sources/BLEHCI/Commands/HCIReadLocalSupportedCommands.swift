import BLECore

/// HCI_Read_Local_Supported_Commands: which HCI commands the controller supports.
///
/// Core 5.4, Vol 4, Part E, 7.4.2. No parameters. Return parameters, 65 octets: Status (1),
/// Supported_Commands (64): a bit mask, octet and bit positions per command in 6.27.
public struct HCIReadLocalSupportedCommands: HCICommandCompleting {
    /// 0x1002.
    public static let opcode = HCIOpcode.readLocalSupportedCommands

    /// Creates the command.
    public init() {}

    /// There are no parameters.
    public init(parameters reader: inout ByteReader) throws(HCIDecodingError) {}

    /// There are no parameters.
    public func encodeParameters(into writer: inout ByteWriter) {}

    /// Status and the supported-commands bit mask.
    public struct ReturnParameters: HCIReturnParameters {
        /// The size of Supported_Commands.
        public static let supportedCommandsLength = 64

        /// Status (1 octet).
        public var status: HCIStatus
        /// Supported_Commands (64 octets).
        public var supportedCommands: [UInt8]

        /// Creates return parameters. Precondition when encoding: 64 octets of commands.
        public init(status: HCIStatus, supportedCommands: [UInt8]) {
            self.status = status
            self.supportedCommands = supportedCommands
        }

        /// A failure: `status`, no command supported.
        public init(failedWith status: HCIStatus) {
            self.init(status: status, supportedCommands: [UInt8](repeating: 0, count: Self.supportedCommandsLength))
        }

        /// Decodes the fields after Status.
        public init(status: HCIStatus, fields reader: inout ByteReader) throws(HCIDecodingError) {
            self.status = status
            supportedCommands = try reader.requireBytes(
                "Supported_Commands", count: Self.supportedCommandsLength,
                of: .returnParameters(HCIReadLocalSupportedCommands.opcode)
            )
        }

        /// Encodes the fields after Status.
        public func encodeFields(into writer: inout ByteWriter) {
            precondition(supportedCommands.count == Self.supportedCommandsLength, "Supported_Commands is 64 bytes")
            writer.writeBytes(supportedCommands)
        }

        /// Whether the command at `octet`, `bit` of the table in 6.27 is supported
        /// (e.g. HCI_LE_Set_Data_Length is octet 33, bit 6).
        public func supports(octet: Int, bit: Int) -> Bool {
            guard supportedCommands.indices.contains(octet), (0..<8).contains(bit) else { return false }
            return supportedCommands[octet] & (1 << UInt8(bit)) != 0
        }
    }
}
