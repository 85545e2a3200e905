import BLECore
import BLEGATT
import BLEHCI
import BLEHost
import BLEVirtual
import Synchronization
import Testing

/// Two of our hosts on one virtual link, the peripheral serving a characteristic that needs an
/// encrypted link: pairing, bonding and encryption through the whole stack, HCI and the virtual
/// controllers' LE encryption included.
@Suite(.timeLimit(.minutes(1)))
struct HostPairingTests {
    static let centralAddress = VirtualWorld.address("00:1B:DC:00:02:01")
    static let peripheralAddress = VirtualWorld.address("00:1B:DC:00:02:02")
    static let secretService = BluetoothUUID(0xFFF0)
    static let secret = BluetoothUUID(0xFFF1)
    static let secretNotifications = BluetoothUUID(0xFFF2)

    struct Pair {
        let link: VirtualLink
        let central: BLEHost
        let peripheral: BLEHost
        let server: GATTServer

        func connect() async throws -> (HostConnection, HostConnection) {
            let incoming = Task { () -> HostConnection? in
                for await connection in peripheral.incomingConnections { return connection }
                return nil
            }
            let connection = try await central.connect(to: HostPairingTests.peripheralAddress, timeout: .seconds(5))
            let accepted = try #require(await incoming.value)
            return (connection, accepted)
        }

        func secretHandle(_ connection: HostConnection) async throws -> UInt16 {
            let services = try await connection.gattClient.discoverPrimaryServices()
            let service = try #require(services.first { $0.uuid == HostPairingTests.secretService })
            let characteristics = try await connection.gattClient.discoverCharacteristics(of: service)
            return try #require(characteristics.first { $0.uuid == HostPairingTests.secret }).valueHandle
        }

        func stop() async {
            await central.stop()
            await peripheral.stop()
        }
    }

    static func makePair(
        central: BLEHost.Configuration = BLEHost.Configuration(),
        peripheral: BLEHost.Configuration = BLEHost.Configuration()
    ) async throws -> Pair {
        let clock = ContinuousClock()
        let link = VirtualLink(clock: clock, seed: 7)
        let centralController = VirtualController(publicAddress: centralAddress, name: "central")
        let peripheralController = VirtualController(publicAddress: peripheralAddress, name: "peripheral")
        link.attach(centralController, distance: 1)
        link.attach(peripheralController, distance: 1)
        let centralHost = BLEHost(transport: centralController.hostTransport, clock: clock, configuration: central)
        let peripheralHost = BLEHost(transport: peripheralController.hostTransport, clock: clock, configuration: peripheral)
        try await centralHost.start()
        try await peripheralHost.start()
        let server = try GATTServer(services: [
            GATTServiceDefinition(uuid: secretService, characteristics: [
                GATTCharacteristicDefinition(uuid: secret, properties: [.read, .write], permissions: [.readEncrypted, .writeEncrypted], value: [0x42]),
                GATTCharacteristicDefinition(uuid: secretNotifications, properties: [.notify], permissions: [.readEncrypted], value: [0]),
            ]),
        ])
        await peripheralHost.setGATTServer(server)
        try await peripheralHost.startAdvertising(
            data: try AdvertisingData([.flags(.leGeneralDiscoverableOnly)]),
            parameters: AdvertisingParameters(interval: .milliseconds(20) ... .milliseconds(30))
        )
        return Pair(link: link, central: centralHost, peripheral: peripheralHost, server: server)
    }

    @Test func justWorksPairsBondsAndOpensTheProtectedValue() async throws {
        let pair = try await Self.makePair()
        let (connection, accepted) = try await pair.connect()
        let handle = try await pair.secretHandle(connection)
        let refused = await #expect(throws: GATTError.self) { try await connection.gattClient.read(handle: handle) }
        #expect(refused?.attErrorCode == .insufficientAuthentication)

        let outcome = try #require(try await connection.pair())
        #expect(outcome.secureConnections && outcome.method == .justWorks && outcome.bonded)
        #expect(connection.security.isEncrypted && connection.security.isBonded)
        #expect(connection.security.keySize == 16 && !connection.security.isAuthenticated)
        #expect(await eventually { accepted.security.isEncrypted && accepted.security.isBonded })
        #expect(try await connection.gattClient.read(handle: handle) == [0x42])

        let centralBonds = try await pair.central.bonds()
        let peripheralBonds = try await pair.peripheral.bonds()
        #expect(centralBonds.map(\.peer) == [Self.peripheralAddress])
        #expect(peripheralBonds.map(\.peer) == [Self.centralAddress])
        #expect(centralBonds.first?.centralKey == peripheralBonds.first?.peripheralKey)
        await pair.stop()
    }

    @Test func aBondedCentralReEncryptsWithoutPairingAgain() async throws {
        let pair = try await Self.makePair()
        var (connection, _) = try await pair.connect()
        try await connection.pair()
        try await connection.disconnect()
        _ = await connection.waitUntilDisconnected()

        (connection, _) = try await pair.connect()
        let handle = try await pair.secretHandle(connection)
        // Unencrypted but bonded: the server answers Insufficient Encryption (encrypt, don't pair).
        let refused = await #expect(throws: GATTError.self) { try await connection.gattClient.read(handle: handle) }
        #expect(refused?.attErrorCode == .insufficientEncryption)
        let security = try await connection.encrypt()
        #expect(security.isEncrypted && security.isBonded && security.isSecureConnections)
        #expect(try await connection.gattClient.read(handle: handle) == [0x42])
        await pair.stop()
    }

    @Test func passkeyEntryWithTheCentralTyping() async throws {
        let board = ScriptedAgent.Board()
        let centralAgent = ScriptedAgent(board: board)
        let peripheralAgent = ScriptedAgent(board: board)
        let pair = try await Self.makePair(
            central: BLEHost.Configuration(pairingPolicy: SMPPairingPolicy(ioCapability: .keyboardOnly, mitm: true), pairingAgent: centralAgent),
            peripheral: BLEHost.Configuration(pairingPolicy: SMPPairingPolicy(ioCapability: .displayOnly, mitm: true), pairingAgent: peripheralAgent)
        )
        let (connection, _) = try await pair.connect()
        let outcome = try #require(try await connection.pair())
        #expect(outcome.method == .passkeyEntry(.input) && outcome.isAuthenticated)
        #expect(peripheralAgent.shown != nil)
        #expect(connection.security.isAuthenticated)
        await pair.stop()
    }

    @Test func wrongPasskeyFailsAndKeepsNoBond() async throws {
        let pair = try await Self.makePair(
            central: BLEHost.Configuration(pairingPolicy: SMPPairingPolicy(ioCapability: .keyboardOnly, mitm: true), pairingAgent: ScriptedAgent(typed: 111_111)),
            peripheral: BLEHost.Configuration(pairingPolicy: SMPPairingPolicy(ioCapability: .displayOnly, mitm: true, fixedPasskey: 222_222))
        )
        let (connection, _) = try await pair.connect()
        let error = await #expect(throws: HostError.self) { try await connection.pair() }
        #expect(error?.code == .pairingFailed)
        #expect(error?.message.contains("passkey") == true)
        #expect(try await pair.central.bonds().isEmpty)
        #expect(try await pair.peripheral.bonds().isEmpty)
        #expect(!connection.security.isEncrypted)
        // The failed peer must wait before it may try again (repeated attempts).
        let again = await #expect(throws: HostError.self) { try await connection.pair() }
        #expect(again?.message.contains("Repeated Attempts") == true || again?.message.contains("too many") == true)
        await pair.stop()
    }

    @Test func numericComparisonBothConfirm() async throws {
        let centralAgent = ScriptedAgent()
        let peripheralAgent = ScriptedAgent()
        let policy = SMPPairingPolicy(ioCapability: .displayYesNo, mitm: true)
        let pair = try await Self.makePair(
            central: BLEHost.Configuration(pairingPolicy: policy, pairingAgent: centralAgent),
            peripheral: BLEHost.Configuration(pairingPolicy: policy, pairingAgent: peripheralAgent)
        )
        let (connection, _) = try await pair.connect()
        let outcome = try #require(try await connection.pair())
        #expect(outcome.method == .numericComparison)
        #expect(centralAgent.compared.count == 1 && centralAgent.compared == peripheralAgent.compared)
        await pair.stop()
    }

    @Test func legacyJustWorksBondsAndReEncrypts() async throws {
        let legacy = BLEHost.Configuration(pairingPolicy: SMPPairingPolicy(secureConnections: false))
        let pair = try await Self.makePair(central: legacy)
        var (connection, _) = try await pair.connect()
        let outcome = try #require(try await connection.pair())
        #expect(!outcome.secureConnections && outcome.peerLongTermKey != nil)
        try await connection.disconnect()
        _ = await connection.waitUntilDisconnected()
        (connection, _) = try await pair.connect()
        let security = try await connection.encrypt()
        #expect(security.isEncrypted && !security.isSecureConnections)
        let handle = try await pair.secretHandle(connection)
        #expect(try await connection.gattClient.read(handle: handle) == [0x42])
        await pair.stop()
    }

    @Test func aPeripheralThatLostTheBondAnswersKeyMissing() async throws {
        let pair = try await Self.makePair()
        var (connection, _) = try await pair.connect()
        try await connection.pair()
        try await connection.disconnect()
        _ = await connection.waitUntilDisconnected()
        try await pair.peripheral.removeBond(for: Self.centralAddress)
        (connection, _) = try await pair.connect()
        let error = await #expect(throws: HostError.self) { try await connection.encrypt() }
        #expect(error?.code == .keyMissing)
        await pair.stop()
    }

    @Test func aWrongKeyEndsTheLink() async throws {
        let store = MemoryBondStore()
        let pair = try await Self.makePair(central: BLEHost.Configuration(bondStore: store))
        var (connection, _) = try await pair.connect()
        try await connection.pair()
        try await connection.disconnect()
        _ = await connection.waitUntilDisconnected()
        // Corrupt our copy of the key: the controllers' encryption must not match.
        var bond = try #require(await store.allBonds().first)
        bond.centralKey?.key[0] ^= 0xFF
        await store.saveBond(bond)
        (connection, _) = try await pair.connect()
        let error = await #expect(throws: HostError.self) { try await connection.encrypt() }
        #expect(error?.code == .disconnected)
        #expect(error?.status == .connectionTerminatedDueToMICFailure)
        await pair.stop()
    }

    @Test func aPeripheralSecurityRequestMakesTheCentralPair() async throws {
        let pair = try await Self.makePair()
        let (connection, accepted) = try await pair.connect()
        let outcome = try await accepted.pair()
        #expect(outcome?.bonded == true)
        #expect(await eventually { connection.security.isEncrypted })
        await pair.stop()
    }

    @Test func theAgentRefusesAPairing() async throws {
        let pair = try await Self.makePair(peripheral: BLEHost.Configuration(pairingAgent: ScriptedAgent(accept: .pairingNotSupported)))
        let (connection, _) = try await pair.connect()
        let error = await #expect(throws: HostError.self) { try await connection.pair() }
        #expect(error?.code == .pairingFailed)
        #expect(error?.message.contains("does not accept a pairing now") == true)
        await pair.stop()
    }

    @Test func notificationsOfAProtectedValueGoOnlyToAnEncryptedLink() async throws {
        let pair = try await Self.makePair()
        let (connection, accepted) = try await pair.connect()
        let services = try await connection.gattClient.discoverPrimaryServices()
        let service = try #require(services.first { $0.uuid == Self.secretService })
        let characteristics = try await connection.gattClient.discoverCharacteristics(of: service)
        let notifying = try #require(characteristics.first { $0.uuid == Self.secretNotifications })
        let values = try await connection.gattClient.subscribe(to: notifying)
        #expect(try await pair.server.updateValue([1], at: notifying.valueHandle) == 0)
        try await connection.pair()
        // The peripheral's host learns of the encryption from its own controller, in its own time.
        #expect(await eventually { accepted.security.isEncrypted })
        #expect(try await pair.server.updateValue([2], at: notifying.valueHandle) == 1)
        var iterator = values.makeAsyncIterator()
        #expect(try await iterator.next() == [2])
        await pair.stop()
    }
}

/// Polls `condition` for up to 2 s.
func eventually(_ condition: @Sendable () -> Bool) async -> Bool {
    for _ in 0..<200 {
        if condition() { return true }
        try? await Task.sleep(for: .milliseconds(10))
    }
    return condition()
}
