import BLECore

/// HCI_Command_Complete: a command finished; carries its return parameters.
///
/// Core 5.4, Vol 4, Part E, 7.7.14. Parameters, 3 + n octets: Num_HCI_Command_Packets (1: command
/// credits now available), Command_Opcode (2; 0x0000 when only returning credits),
/// Return_Parameters (the rest, Status first; empty for opcode 0x0000).
///
/// The return parameters are kept as bytes (so any command, known or not, round-trips) and
/// decoded on demand with ``returnParameters(for:)`` or ``returnParameters(as:)``.
public struct HCICommandComplete: HCIEventParameters {
    /// 0x0E.
    public static let eventCode = HCIEventCode.commandComplete

    /// Num_HCI_Command_Packets (1 octet).
    public var numHCICommandPackets: UInt8
    /// Command_Opcode (2 octets).
    public var commandOpcode: HCIOpcode
    /// Return_Parameters (0–252 octets), as sent. Precondition when encoding: at most 252.
    public var returnParameters: [UInt8]

    /// Creates the event from raw return parameters.
    public init(numHCICommandPackets: UInt8, commandOpcode: HCIOpcode, returnParameters: [UInt8]) {
        self.numHCICommandPackets = numHCICommandPackets
        self.commandOpcode = commandOpcode
        self.returnParameters = returnParameters
    }

    /// Creates the event answering `command` with typed return parameters (a controller's side).
    public init<Command: HCICommandCompleting>(
        numHCICommandPackets: UInt8,
        answering command: Command.Type,
        returnParameters: Command.ReturnParameters
    ) {
        self.init(
            numHCICommandPackets: numHCICommandPackets,
            commandOpcode: Command.opcode,
            returnParameters: returnParameters.encode()
        )
    }

    /// The Status octet that starts the return parameters, or `nil` when there are none.
    public var status: HCIStatus? { returnParameters.first.map(HCIStatus.init(rawValue:)) }

    /// Decodes the return parameters as `type`, naming Command_Opcode in errors.
    public func returnParameters<Parameters: HCIReturnParameters>(
        as type: Parameters.Type
    ) throws(HCIDecodingError) -> Parameters {
        try Parameters(decoding: returnParameters, opcode: commandOpcode)
    }

    /// Decodes the return parameters of `command`; throws when this event answers another opcode.
    public func returnParameters<Command: HCICommandCompleting>(
        for command: Command.Type
    ) throws(HCIDecodingError) -> Command.ReturnParameters {
        guard commandOpcode == Command.opcode else {
            throw HCIDecodingError(
                .unexpectedType, .returnParameters(commandOpcode),
                field: "Command_Opcode", "answers \(commandOpcode), not \(Command.opcode)"
            )
        }
        return try Command.ReturnParameters(decoding: returnParameters, opcode: commandOpcode)
    }

    /// Decodes the parameters.
    public init(parameters reader: inout ByteReader) throws(HCIDecodingError) {
        numHCICommandPackets = try reader.requireUInt8("Num_HCI_Command_Packets", of: Self.subject)
        commandOpcode = HCIOpcode(rawValue: try reader.requireUInt16("Command_Opcode", of: Self.subject))
        returnParameters = reader.readRemainingBytes()
    }

    /// Encodes the parameters.
    public func encodeParameters(into writer: inout ByteWriter) {
        writer.writeUInt8(numHCICommandPackets)
        writer.writeUInt16(commandOpcode.rawValue)
        writer.writeBytes(returnParameters)
    }
}
