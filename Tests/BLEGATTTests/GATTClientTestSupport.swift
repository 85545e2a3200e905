import BLECore
import BLEGATT
import BLETesting
import Synchronization
import Testing

/// A fake server role that answers each request from a script: canned PDUs, malformed answers,
/// every error code. Records every request it saw.
final class ScriptedATTServer: ATTServerRequestHandler {
    typealias Script = @Sendable (ATTMessage, Int) -> ATTMessage?

    private let script: Mutex<Script>
    private let log = Mutex<[ATTMessage]>([])

    /// `script(request, index)` returns the answer to the `index`th request (nil: no answer).
    init(_ script: @escaping Script) {
        self.script = Mutex(script)
    }

    /// Every request and command seen, in order.
    var requests: [ATTMessage] { log.withLock { $0 } }

    func handle(_ message: ATTMessage, on bearer: ATTBearer) async -> ATTMessage? {
        let index = log.withLock { log in
            log.append(message)
            return log.count - 1
        }
        let script = self.script.withLock { $0 }
        return script(message, index)
    }

    func bearerDidClose(_ bearer: ATTBearer) async {}
}

/// An Error Response answering `request`.
func clientTestError(_ request: ATTMessage, _ code: ATTErrorCode, handle: UInt16 = 0) -> ATTMessage {
    .errorResponse(ATTErrorResponse(requestOpcodeInError: request.opcode, attributeHandleInError: handle, errorCode: code))
}

/// A Prepare Write Response echoing `prepare`, or echoing `part` in place of its value.
func clientTestEcho(_ prepare: ATTPrepareWriteRequest, part: [UInt8]? = nil) -> ATTMessage {
    ATTMessage(ATTPrepareWriteResponse(
        attributeHandle: prepare.attributeHandle, valueOffset: prepare.valueOffset, partAttributeValue: part ?? prepare.partAttributeValue
    ))
}

/// A client on one end of an in-memory link, and whatever serves the other end.
struct ClientHarness {
    let clock: ManualClock
    let link: InMemoryATTLink
    let client: GATTClient

    /// A client against a scripted server.
    static func scripted(
        mtu: UInt16 = 23,
        _ script: @escaping ScriptedATTServer.Script
    ) async -> (ClientHarness, ScriptedATTServer) {
        let clock = ManualClock()
        let link = InMemoryATTLink(clock: clock, centralMTU: mtu, peripheralMTU: mtu)
        let server = ScriptedATTServer(script)
        await link.peripheral.setServerHandler(server)
        let client = await GATTClient(bearer: link.central)
        if mtu != 23 { _ = try? await client.exchangeMTU() }
        return (ClientHarness(clock: clock, link: link, client: client), server)
    }

    /// A client against our GATT server hosting `services`, MTU exchanged.
    static func real(
        mtu: UInt16,
        services: [GATTServiceDefinition] = ClientFixture.services(),
        configuration: GATTServerCore.Configuration = .init(),
        peer: String? = nil,
        cache: (any GATTDiscoveryCache)? = nil
    ) async throws -> (ClientHarness, GATTServer) {
        let server = try GATTServer(services: services, configuration: configuration)
        let harness = try await connect(to: server, mtu: mtu, peer: peer, cache: cache)
        return (harness, server)
    }

    /// A new connection to an existing server (a reconnection).
    static func connect(
        to server: GATTServer,
        mtu: UInt16,
        peer: String? = nil,
        cache: (any GATTDiscoveryCache)? = nil,
        clock: ManualClock = ManualClock()
    ) async throws -> ClientHarness {
        let link = InMemoryATTLink(clock: clock, centralMTU: mtu, peripheralMTU: mtu)
        await server.attach(link.peripheral)
        let client = await GATTClient(bearer: link.central, peerIdentity: peer, cache: cache)
        let agreed = try await client.exchangeMTU()
        #expect(agreed == mtu)
        return ClientHarness(clock: clock, link: link, client: client)
    }

    /// The opcodes the central sent, in order.
    var sentOpcodes: [ATTOpcode] { link.sentByCentral.map { ATTOpcode(rawValue: $0[0]) } }
}

/// The database the end-to-end tests share: the Generic Attribute service, Battery, the SN
/// Schedule and Firmware Update services, and two secondary services (16- and 128-bit UUIDs)
/// that Schedule includes.
enum ClientFixture {
    static let schedule = BluetoothUUID("7A5A0200-D04B-48EB-B3FA-32EB4F0FFAC4")
    static let childName = BluetoothUUID("7A5A0201-D04B-48EB-B3FA-32EB4F0FFAC4")
    static let weekSchedule = BluetoothUUID("7A5A0202-D04B-48EB-B3FA-32EB4F0FFAC4")
    static let daySchedule = BluetoothUUID("7A5A0203-D04B-48EB-B3FA-32EB4F0FFAC4")
    static let firmware = BluetoothUUID("7A5A0300-D04B-48EB-B3FA-32EB4F0FFAC4")
    static let controlPoint = BluetoothUUID("7A5A0301-D04B-48EB-B3FA-32EB4F0FFAC4")
    static let data = BluetoothUUID("7A5A0302-D04B-48EB-B3FA-32EB4F0FFAC4")
    static let hidden128 = BluetoothUUID("7A5A0F00-D04B-48EB-B3FA-32EB4F0FFAC4")
    static let hiddenValue = BluetoothUUID("7A5A0F01-D04B-48EB-B3FA-32EB4F0FFAC4")
    static let extra = BluetoothUUID("7A5A0400-D04B-48EB-B3FA-32EB4F0FFAC4")
    static let battery = BluetoothUUID(0x180F)
    static let batteryLevel = BluetoothUUID(0x2A19)

    /// 512 bytes: every byte different from its neighbours, so misplaced parts show.
    static let longValue: [UInt8] = (0..<512).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 >> 8) }

    static func services(weekValidator: GATTWriteValidator? = nil) -> [GATTServiceDefinition] {
        [
            .genericAttribute(),
            GATTServiceDefinition(uuid: battery, characteristics: [
                GATTCharacteristicDefinition(uuid: batteryLevel, properties: [.read, .notify], value: [87], fixedLength: 1),
            ]),
            GATTServiceDefinition(uuid: schedule, includedServices: [BluetoothUUID(0xFFF0), hidden128], characteristics: [
                GATTCharacteristicDefinition(
                    uuid: childName, properties: [.read, .write], value: Array("Ada".utf8), maximumLength: 20,
                    descriptors: [.userDescription("Child Name")]
                ),
                GATTCharacteristicDefinition(
                    uuid: weekSchedule, properties: [.read, .write], value: longValue, validate: weekValidator
                ),
                GATTCharacteristicDefinition(uuid: daySchedule, properties: [.read, .write, .notify], value: [0, 0]),
            ]),
            GATTServiceDefinition(uuid: firmware, characteristics: [
                GATTCharacteristicDefinition(uuid: controlPoint, properties: [.write, .indicate]),
                GATTCharacteristicDefinition(uuid: data, properties: [.writeWithoutResponse]),
            ]),
            GATTServiceDefinition(uuid: BluetoothUUID(0xFFF0), isPrimary: false, characteristics: [
                GATTCharacteristicDefinition(uuid: BluetoothUUID(0xFFF1), properties: .read, value: Array("abc".utf8)),
            ]),
            GATTServiceDefinition(uuid: hidden128, isPrimary: false, characteristics: [
                GATTCharacteristicDefinition(uuid: hiddenValue, properties: .read, value: [1, 2, 3]),
            ]),
        ]
    }

    /// A service added later to show Service Changed.
    static let extraService = GATTServiceDefinition(uuid: extra, characteristics: [
        GATTCharacteristicDefinition(uuid: BluetoothUUID(0x2A00), properties: .read, value: Array("new".utf8)),
    ])
}

extension GATTServer {
    /// The value handle of the characteristic `uuid`; the test stops when the database has none.
    nonisolated func valueHandle(of uuid: BluetoothUUID, sourceLocation: SourceLocation = #_sourceLocation) async throws -> UInt16 {
        try #require(await database.valueHandle(ofCharacteristic: uuid), sourceLocation: sourceLocation)
    }
}

/// Waits (yielding) until `condition` holds; returns whether it did.
@discardableResult
func clientEventually(_ limit: Int = 100_000, _ condition: () async -> Bool) async -> Bool {
    for _ in 0..<limit {
        if await condition() { return true }
        await Task.yield()
    }
    return await condition()
}

/// Sits between a bearer and our GATT server and holds the request that `shouldHold` picks,
/// unanswered until the link closes: a peer that stops answering at a chosen point.
final class HoldingATTServer: ATTServerRequestHandler {
    private let inner: GATTServer
    private let shouldHold: @Sendable (ATTMessage) -> Bool
    private let state = Mutex<(held: [CheckedContinuation<Void, Never>], count: Int, closed: Bool)>(([], 0, false))

    init(_ inner: GATTServer, holding shouldHold: @escaping @Sendable (ATTMessage) -> Bool) {
        self.inner = inner
        self.shouldHold = shouldHold
    }

    /// How many requests are being held.
    var heldCount: Int { state.withLock { $0.count } }

    func handle(_ message: ATTMessage, on bearer: ATTBearer) async -> ATTMessage? {
        if shouldHold(message) {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let resumeNow = state.withLock { state -> Bool in
                    state.count += 1
                    if state.closed { return true }
                    state.held.append(continuation)
                    return false
                }
                if resumeNow { continuation.resume() }
            }
            return nil
        }
        return await inner.handle(message, on: bearer)
    }

    func bearerDidClose(_ bearer: ATTBearer) async {
        let held = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.closed = true
            defer { state.held = [] }
            return state.held
        }
        for continuation in held { continuation.resume() }
        await inner.bearerDidClose(bearer)
    }
}
