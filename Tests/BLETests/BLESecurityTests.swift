import BLE
import BLECore
import BLEGATT
import BLEHost
import Testing

/// Security through the `BLE` API: a value that needs an encrypted link pairs on demand, later
/// connections encrypt with the bond, and the bond can be listed and removed.
@Suite(.timeLimit(.minutes(1)))
struct BLESecurityTests {
    @Test func aProtectedValuePairsOnDemandAndBonds() async throws {
        let world = try await BLEWorld()
        let peripheral = try await world.connected("Near")
        _ = try await peripheral.discoverAll()
        #expect(!peripheral.security.isEncrypted)
        let locked = try #require(peripheral.service(BLEWorld.service)?.characteristic(BLEWorld.locked))
        #expect(try await locked.read() == Array("vault".utf8))
        #expect(peripheral.security.isEncrypted && peripheral.security.isBonded)
        let bonds = try await world.central.bonds()
        #expect(bonds.map(\.peer) == [BLEWorld.nearAddress])
        try await locked.write(Array("new".utf8))
        #expect(try await locked.read() == Array("new".utf8))
        await world.close()
    }

    @Test func withoutSecuringOnDemandTheServersAnswerComesThrough() async throws {
        let world = try await BLEWorld(securesOnDemand: false)
        let peripheral = try await world.connected("Near")
        _ = try await peripheral.discoverAll()
        let locked = try #require(peripheral.service(BLEWorld.service)?.characteristic(BLEWorld.locked))
        let error = await #expect(throws: BLEError.self) { try await locked.read() }
        #expect(error?.attErrorCode == .insufficientAuthentication)
        // Pairing explicitly opens it.
        let outcome = try #require(try await peripheral.pair().outcome)
        #expect(outcome.method == .justWorks && outcome.secureConnections)
        #expect(try await locked.read() == Array("vault".utf8))
        await world.close()
    }

    @Test func aBondedCentralEncryptsOnReconnectionWithoutPairingAgain() async throws {
        let world = try await BLEWorld()
        let peripheral = try await world.connected("Near")
        _ = try await peripheral.discoverAll()
        try await peripheral.pair()
        let before = try await world.central.bonds()
        try await peripheral.disconnect()
        try await peripheral.connect()
        _ = try await peripheral.discoverAll()
        let locked = try #require(peripheral.service(BLEWorld.service)?.characteristic(BLEWorld.locked))
        #expect(try await locked.read() == Array("vault".utf8))
        #expect(peripheral.security.isEncrypted)
        // The same keys: encrypted with the bond, not paired anew.
        #expect(try await world.central.bonds() == before)
        await world.close()
    }

    @Test func requestsThatNeedTheLinkEncryptedAtOnceShareOneEncryption() async throws {
        let world = try await BLEWorld()
        let peripheral = try await world.connected("Near")
        _ = try await peripheral.discoverAll()
        try await peripheral.pair()
        try await peripheral.disconnect()
        try await peripheral.connect()
        _ = try await peripheral.discoverAll()
        #expect(!peripheral.security.isEncrypted)
        let locked = try #require(peripheral.service(BLEWorld.service)?.characteristic(BLEWorld.locked))
        // Five reads at once, each refused until the link is encrypted: one encryption for all
        // (a second HCI_LE_Enable_Encryption meanwhile was Command Disallowed, and a request
        // refused before the encryption ended failed after it).
        let reads = try await withThrowingTaskGroup(of: [UInt8].self) { group in
            for _ in 0..<5 { group.addTask { try await locked.read() } }
            return try await group.reduce(into: [[UInt8]]()) { $0.append($1) }
        }
        #expect(reads == Array(repeating: Array("vault".utf8), count: 5))
        #expect(peripheral.security.isEncrypted)
        await world.close()
    }

    @Test func aRemovedBondPairsAgainOnDemand() async throws {
        let world = try await BLEWorld()
        let peripheral = try await world.connected("Near")
        _ = try await peripheral.discoverAll()
        try await peripheral.pair()
        let first = try await world.central.bonds()
        try await peripheral.disconnect()
        #expect(try await world.central.removeBond(for: BLEWorld.nearAddress))
        #expect(try await world.central.bonds().isEmpty)
        try await peripheral.connect()
        _ = try await peripheral.discoverAll()
        let locked = try #require(peripheral.service(BLEWorld.service)?.characteristic(BLEWorld.locked))
        // The device still holds its bond (Insufficient Encryption); we have none, so we pair.
        #expect(try await locked.read() == Array("vault".utf8))
        let second = try await world.central.bonds()
        #expect(second.count == 1 && second != first)
        #expect(try await world.central.removeBond(for: BLEWorld.farAddress) == false)
        await world.close()
    }

    @Test func encryptingWithoutABondSaysPairFirst() async throws {
        let world = try await BLEWorld()
        let peripheral = try await world.connected("Near")
        let error = await #expect(throws: BLEError.self) { try await peripheral.encrypt() }
        #expect(error?.code == .notBonded)
        #expect(error?.message.contains("pair first") == true)
        await world.close()
    }
}
