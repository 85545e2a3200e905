import BLECore
import BLEHost

/// libFuzzer entry: drives one pairing state machine with a random sequence of events — PDUs
/// (any that decode), user answers, encryption results and timeouts — in either role, with any
/// IO capability and policy. Nothing may trap or loop, and once the pairing is over it stays over
/// and silent.
///
/// Input layout: octet 0 picks the role and policy; then records of `kind, length, bytes…`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSMPPairing(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = Array(UnsafeBufferPointer(start: data, count: size))[...]
    guard let setup = input.popFirst() else { return 0 }
    let policy = SMPPairingPolicy(
        ioCapability: SMPIOCapability(rawValue: (setup & 0x07) % 5), bonding: setup & 0x08 != 0, mitm: setup & 0x10 != 0,
        secureConnections: setup & 0x20 != 0, fixedPasskey: 123_456
    )
    let initiator = setup & 0x40 != 0
    var machine = SMPPairing(
        role: initiator ? .initiator : .responder, policy: policy,
        localAddress: localAddress, peerAddress: peerAddress, keyPair: keyPair
    )
    if initiator { _ = machine.start() }
    var events = 0
    while let kind = input.popFirst(), events < 200 {
        events += 1
        let length = Int(input.popFirst() ?? 0) % 80
        let payload = Array(input.prefix(length))
        input = input.dropFirst(length)
        let wasOver = machine.isOver
        let actions: [SMPPairing.Action]
        switch kind % 6 {
        case 0, 1:
            guard let command = try? SMPCommand(decoding: payload) else { continue }
            actions = machine.receive(command)
        case 2:
            actions = machine.passkeyEntered(payload.count >= 3 ? UInt32(payload[0]) << 16 | UInt32(payload[1]) << 8 | UInt32(payload[2]) : nil)
        case 3:
            actions = machine.numericComparisonConfirmed(payload.first.map { $0 & 1 == 0 } ?? true)
        case 4:
            actions = machine.encryptionChanged(payload.first.map { $0 & 1 == 0 } ?? true)
        default:
            actions = machine.timedOut()
        }
        if wasOver && !actions.isEmpty {
            fatalError("a pairing that was over acted again: \(actions)")
        }
    }
    return 0
}

nonisolated(unsafe) let localAddress = try! DeviceAddress(parsing: "C0:11:22:33:44:55", isRandom: true)
nonisolated(unsafe) let peerAddress = try! DeviceAddress(parsing: "00:1B:DC:07:32:EF")
/// One key pair for every run: making a P-256 key each time would dominate the time.
nonisolated(unsafe) let keyPair = SMPKeyPair()
