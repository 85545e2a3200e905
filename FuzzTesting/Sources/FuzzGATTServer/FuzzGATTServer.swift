import BLECore
import BLEGATT

/// libFuzzer entry: drives one `GATTServerCore` with a random sequence of ATT PDUs from three
/// clients, with MTU and security changes, disconnections and database changes in between, as
/// `GATTServer` does: admit, respond (answering read handlers with fixed values or errors),
/// and commit or refuse each write.
///
/// Invariants: nothing traps; a request (and only a request) gets exactly one answer; every
/// answer is a valid ATT PDU (it decodes back to itself) that fits the client's ATT_MTU; an
/// Error Response names the request's opcode, any other answer is the request's own response;
/// a request asks its read handlers a bounded number of times.
///
/// Input layout: records of `kind, …`. `kind & 7`: 0–3 a PDU (`policy, length, bytes…`) from
/// client `kind >> 3 % 3`; 4 that client's MTU (`index`); 5 its security (`bits`);
/// 6 disconnect it; 7 a database change or a Service Changed confirmation.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGATTServer(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = Array(UnsafeBufferPointer(start: data, count: size))[...]
    var core = GATTServerCore(database: database, configuration: .init(prepareQueueLimit: 6, minimumEncryptionKeySize: 7))
    var mtus: [UInt16] = [23, 23, 23]
    var added: [UInt16] = []
    var records = 0
    while let kind = input.popFirst(), records < 400 {
        records += 1
        let index = Int(kind >> 3) % 3
        let client = GATTClientID(rawValue: UInt64(index + 1))
        switch kind & 7 {
        case 0, 1, 2, 3:
            let policy = input.popFirst() ?? 0
            let length = Int(input.popFirst() ?? 0)
            let bytes = Array(input.prefix(length))
            input = input.dropFirst(length)
            guard let message = try? ATTMessage(decoding: bytes) else { continue }
            exchange(message, from: client, mtu: mtus[index], policy: policy, core: &core)
        case 4:
            mtus[index] = mtuChoices[Int(input.popFirst() ?? 0) % mtuChoices.count]
        case 5:
            let bits = input.popFirst() ?? 0
            let encrypted = bits & 1 != 0
            core.setSecurity(GATTSecurityState(
                isEncrypted: encrypted, isAuthenticated: encrypted && bits & 2 != 0, isAuthorized: bits & 4 != 0,
                hasLongTermKey: bits & 8 != 0, encryptionKeySize: encrypted ? 5 + Int(bits >> 4) % 12 : 0
            ), for: client)
        case 6:
            core.disconnect(client)
            mtus[index] = 23
        default:
            let choice = input.popFirst() ?? 0
            switch choice % 3 {
            case 0:
                if let range = try? core.addServices([extraService]) { added.append(range.lowerBound) }
            case 1:
                if let handle = added.popLast() { _ = try? core.removeService(at: handle) }
            default:
                core.serviceChangedConfirmed(by: client, generation: core.databaseGeneration)
            }
        }
        for handle in notifyingHandles { _ = core.subscribers(ofValue: handle) }
    }
    return 0
}

/// Runs one PDU through the core and checks the answer.
func exchange(_ message: ATTMessage, from client: GATTClientID, mtu: UInt16, policy: UInt8, core: inout GATTServerCore) {
    let answer: ATTMessage?
    switch core.admit(message, from: client) {
    case .answered(let early):
        answer = early
    case .proceed:
        var readValues: [UInt16: Result<[UInt8], GATTError>] = [:]
        var rounds = 0
        var step = core.respond(to: message, from: client, mtu: mtu)
        while case .readValues(let contexts) = step {
            rounds += 1
            guard rounds <= 16, !contexts.isEmpty else {
                fatalError("\(message) from \(client) keeps asking read handlers: round \(rounds), \(contexts)")
            }
            for context in contexts {
                if readValues[context.handle] != nil {
                    fatalError("\(message) asked again for handle \(context.handle), which it was given")
                }
                readValues[context.handle] = handlerResult(policy, context)
            }
            step = core.respond(to: message, from: client, mtu: mtu, readValues: readValues)
        }
        switch step {
        case .response(let response):
            answer = response
        case .write(let write):
            if policy & 0x0C == 0x0C, let first = write.entries.first, first.target == .value {
                answer = write.refusal(first.handle, .application(0x80))
            } else {
                answer = core.commit(write)
            }
        case .readValues:
            fatalError("unreachable")
        }
    }
    check(answer, to: message, mtu: mtu)
}

/// What the read handler returns, by the policy's low bits.
func handlerResult(_ policy: UInt8, _ context: GATTReadContext) -> Result<[UInt8], GATTError> {
    switch policy & 3 {
    case 0: .success(Array("value of \(context.handle)".utf8))
    case 1: .failure(.attError(.application(0x81), handle: context.handle))
    case 2: .success(longValue)
    default: .failure(GATTError(.invalidArgument, "the handler failed"))
    }
}

/// The invariants of an answer.
func check(_ answer: ATTMessage?, to message: ATTMessage, mtu: UInt16) {
    let opcode = message.opcode
    let isRequest = opcode.kind == .request || (opcode.kind == nil && !opcode.isCommand)
    guard let answer else {
        if isRequest { fatalError("\(message) (a request) got no answer") }
        return
    }
    guard isRequest else { fatalError("\(message) (not a request) was answered with \(answer)") }
    let bytes = answer.encode()
    guard bytes.count <= Int(max(mtu, 23)) else {
        fatalError("the answer to \(message) is \(bytes.count) octets, over the ATT_MTU \(mtu): \(answer)")
    }
    guard let decoded = try? ATTMessage(decoding: bytes), decoded == answer else {
        fatalError("the answer to \(message) is not a valid ATT PDU: \(answer) encodes to \(bytes)")
    }
    if case .errorResponse(let error) = answer {
        guard error.requestOpcodeInError == opcode else {
            fatalError("the Error Response to \(message) names \(error.requestOpcodeInError): \(answer)")
        }
    } else if answer.opcode.rawValue != opcode.rawValue &+ 1 || opcode.kind != .request {
        fatalError("\(message) was answered with \(answer)")
    }
}

let mtuChoices: [UInt16] = [23, 24, 27, 48, 64, 100, 185, 247, 512, 517, 0, 65535]

/// 512 octets: the longest attribute value.
let longValue: [UInt8] = (0..<512).map { UInt8(truncatingIfNeeded: $0 &* 7) }

let custom = BluetoothUUID("7A5A0000-D04B-48EB-B3FA-32EB4F0FFAC4")

/// Characteristics of every kind the server handles.
let services: [GATTServiceDefinition] = {
    var guarded = GATTCharacteristicDefinition(uuid: BluetoothUUID(0xFFA5), properties: [.read, .notify], value: [9])
    guarded.clientConfigurationPermissions = [.read, .write, .writeEncrypted]
    return [
        .genericAttribute(),
        GATTServiceDefinition(uuid: BluetoothUUID(0x180F), characteristics: [
            GATTCharacteristicDefinition(
                uuid: BluetoothUUID(0x2A19), properties: [.read, .notify], value: [87], fixedLength: 1,
                descriptors: [.presentationFormat(format: 0x04, unit: 0x27AD)]
            ),
        ]),
        GATTServiceDefinition(uuid: custom, includedServices: [BluetoothUUID(0xFFF0)], characteristics: [
            GATTCharacteristicDefinition(
                uuid: BluetoothUUID(0xFFA0), properties: [.read, .write], maximumLength: 20, descriptors: [.userDescription("Name")]
            ),
            GATTCharacteristicDefinition(
                uuid: BluetoothUUID(0xFFA1), properties: [.read, .write], extendedProperties: [.reliableWrite], value: longValue,
                descriptors: [.userDescription(String(repeating: "long ", count: 40))]
            ),
            GATTCharacteristicDefinition(
                uuid: BluetoothUUID(0xFFA2), properties: .read, permissions: [.read, .readEncrypted], value: [1], onRead: { _ in [] }
            ),
            GATTCharacteristicDefinition(uuid: BluetoothUUID(0xFFA3), properties: [.write, .indicate]),
            GATTCharacteristicDefinition(
                uuid: BluetoothUUID(0xFFA4), properties: [.read, .notify, .writeWithoutResponse], onRead: { _ in [] }
            ),
            guarded,
            GATTCharacteristicDefinition(
                uuid: BluetoothUUID(0xFFA6), properties: [.read, .write], permissions: [.read, .readAuthenticated, .write, .writeAuthenticated],
                value: [1, 2, 3], fixedLength: 3
            ),
            GATTCharacteristicDefinition(
                uuid: BluetoothUUID(0xFFA7), properties: [.read, .write], permissions: [.read, .readAuthorized, .write, .writeEncrypted],
                value: Array(repeating: 0xAB, count: 100), onRead: { _ in [] }
            ),
        ]),
        GATTServiceDefinition(uuid: BluetoothUUID(0xFFF0), isPrimary: false, characteristics: [
            GATTCharacteristicDefinition(uuid: BluetoothUUID(0xFFF1), properties: .read, value: Array("abc".utf8)),
        ]),
    ]
}()

/// A service added and removed while clients are connected.
let extraService = GATTServiceDefinition(uuid: BluetoothUUID(0xFFE0), characteristics: [
    GATTCharacteristicDefinition(uuid: BluetoothUUID(0xFFE1), properties: [.read, .write, .notify], value: [5]),
])

let database = try! GATTAttributeDatabase(services: services)

/// The value handles that have a CCCD.
let notifyingHandles: [UInt16] = database.attributes.map(\.handle).filter { database.clientConfigurationHandle(ofValue: $0) != nil }
