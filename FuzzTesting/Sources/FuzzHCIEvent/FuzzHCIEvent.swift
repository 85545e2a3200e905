import BLECore
import BLEHCI

/// libFuzzer entry: decodes arbitrary bytes as an HCI event packet and, reusing the same bytes,
/// as a command packet and as return parameters.
///
/// Whatever decodes must re-encode to bytes that decode to the same value; decoding a known
/// event, command or return-parameter set must never trap, and neither may `validate()`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHCIEvent(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
    guard bytes.count >= 1 else { return 0 }

    // As an event: Event_Code, then the parameters (the length is written for the fuzzer, so
    // the parameter decoders are reached; a packet with a wrong length is checked too).
    let eventPacket = HCIEventPacket(eventCode: HCIEventCode(rawValue: bytes[0]), parameters: Array(bytes.dropFirst().prefix(255)))
    if let event = try? HCIEvent(decoding: eventPacket) {
        // Events keep every field as sent, so they re-encode byte for byte.
        guard event.packet == eventPacket else {
            fatalError("HCI event did not re-encode to its packet: \(eventPacket)")
        }
        guard let again = try? HCIEvent(decoding: event.packet), again == event else {
            fatalError("HCI event round trip failed for \(eventPacket)")
        }
        if case .commandComplete(let complete) = event, let type = HCICommands.type(for: complete.commandOpcode) {
            touchReturnParameters(of: type, in: complete)
        }
    }
    _ = try? HCIEvent(decoding: bytes)

    // As a command: opcode from the first two bytes, then the parameters.
    if bytes.count >= 2 {
        let opcode = HCIOpcode(rawValue: UInt16(bytes[0]) | UInt16(bytes[1]) << 8)
        let commandPacket = HCICommandPacket(opcode: opcode, parameters: Array(bytes.dropFirst(2).prefix(255)))
        // Commands round-trip by value (advertising data drops non-zero padding).
        if let command = try? HCICommands.decode(commandPacket) {
            _ = try? command.validate()
            guard let again = try? HCICommands.decode(command.packet), sameCommand(command, again) else {
                fatalError("HCI command round trip failed for \(commandPacket)")
            }
        }
    }
    return 0
}

private func sameCommand<Command: HCICommand>(_ command: Command, _ other: any HCICommand) -> Bool {
    (other as? Command) == command
}

private func touchReturnParameters(of type: any HCICommand.Type, in complete: HCICommandComplete) {
    guard let completing = type as? any HCICommandCompleting.Type else { return }
    decodeReturnParameters(completing, complete)
}

private func decodeReturnParameters<Command: HCICommandCompleting>(_: Command.Type, _ complete: HCICommandComplete) {
    guard let parameters = try? complete.returnParameters(for: Command.self) else { return }
    guard let again = try? Command.ReturnParameters(decoding: parameters.encode(), opcode: Command.opcode), again == parameters else {
        fatalError("return parameters round trip failed for \(complete)")
    }
}
