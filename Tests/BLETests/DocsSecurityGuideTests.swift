// The examples of docs/security.md, compiled and run as tests: keep the two identical.
import BLE
import BLECore
import BLEHost
import BLERuntime
import BLESimulation
import Foundation
import Testing

// docs/security.md: begin
/// The app's part in pairing: here, typing the passkey the device shows (a real app asks its
/// user, on screen).
struct TypingAgent: PairingAgent {
    let passkey: UInt32

    func enterPasskey(for peer: DeviceAddress) async -> UInt32? { passkey }

    func pairingCompleted(_ outcome: SMPPairingOutcome, with peer: DeviceAddress) async {
        print("paired with", peer, outcome.method)                         // Passkey Entry (we type)
    }
}

func pairWithTheDemo(bondFile: String) async throws {
    // Bonds in a file only we can read (0600); MITM protection demanded, so the demo (a display
    // with yes/no buttons) shows a passkey for us to type.
    let central = try await Central.open(
        .sim, sim: SimWorld.transportFactory { world in try await world.add(try DemoPeripheral(), distance: 1) },
        bondFile: bondFile,
        pairingPolicy: SMPPairingPolicy(ioCapability: .keyboardOnly, mitm: true),
        pairingAgent: TypingAgent(passkey: DemoPeripheral.passkey)
    )
    let peripheral = await central.peripheral(for: try DeviceAddress(parsing: "00:1B:DC:DE:00:01"))
    try await peripheral.connect(timeout: .seconds(5))

    // Pair ahead of time (a set-up screen); the link is then encrypted.
    let result = try await peripheral.pair()
    print(result.outcome?.isAuthenticated ?? false, peripheral.security)   // true, encrypted (LE Secure Connections, …)

    // Later connections encrypt with the bond when a characteristic asks for it: no pairing.
    try await peripheral.disconnect()
    try await peripheral.connect(timeout: .seconds(5))
    let vendor = try await peripheral.discoverServices([DemoPeripheral.serviceUUID])[0]
    let secret = try await vendor.discoverCharacteristics([DemoPeripheral.secretUUID])[0]
    print(String(decoding: try await secret.read(), as: UTF8.self))     // Nightlight secret
    print(peripheral.security.isBonded)                                  // true

    // The bonds, and forgetting one.
    for bond in try await central.bonds() {
        print(bond.peer, bond.keySize, bond.isSecureConnections)           // 00:1B:DC:DE:00:01 16 true
    }
    try await central.removeBond(for: peripheral.identifier)
    try await peripheral.disconnect()
    await central.close()
}

func pairOnTheHost() async throws {
    // One level down: a host, its connection, and a bond store of your own.
    let world = SimWorld()
    let demo = try await world.add(try DemoPeripheral(), distance: 1)
    let bonds = MemoryBondStore()
    let transport = try await world.makeCentral()
    let host = BLEHost(transport: transport, clock: world.clock, configuration: BLEHost.Configuration(bondStore: bonds))
    _ = try await host.start()
    let connection = try await host.connect(to: demo.address, timeout: .seconds(5))
    let outcome = try await connection.pair()                            // Just Works, bonded
    print(outcome?.method as Any, connection.security)
    try await connection.disconnect()

    let again = try await host.connect(to: demo.address, timeout: .seconds(5))
    print(try await again.encrypt())                                     // the bond's key: no pairing
    print(await bonds.allBonds().count)                                  // 1
    await host.shutDown()
    await world.shutDown()
}
// docs/security.md: end

@Suite(.timeLimit(.minutes(1))) struct DocsSecurityGuideTests {
    @Test func theBLEExampleRuns() async throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "security-guide-\(UUID().uuidString)")
        let file = folder.appending(path: "bonds")
        try await pairWithTheDemo(bondFile: file.path)
        let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
        #expect(attributes[.posixPermissions] as? Int == 0o600)
        #expect(try String(contentsOf: file, encoding: .utf8) == "nightlight-bonds 1\n", "the example removes its bond")
    }

    @Test func theHostExampleRuns() async throws {
        try await pairOnTheHost()
    }

    @Test func theGuideQuotesTheExamplesExactly() throws {
        let root = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let test = try String(contentsOf: URL(filePath: #filePath), encoding: .utf8)
        let guide = try String(contentsOf: root.appending(path: "docs/security.md"), encoding: .utf8)
        let begin = try #require(test.range(of: "// docs/security.md: begin\n"))
        let end = try #require(test.range(of: "// docs/security.md: end"))
        for example in test[begin.upperBound..<end.lowerBound].components(separatedBy: "\n\n") {
            #expect(guide.contains(example), "docs/security.md must quote this part of the examples exactly: \(example)")
        }
    }
}
