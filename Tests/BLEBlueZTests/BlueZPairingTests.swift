import BLE
import BLEBlueZ
import BLECore
import BLEHost
import DBus
import DBusClient
import DBusTesting
import Testing

/// Pairing, bonds and the automatic transport over the fake bluetoothd of ``FakeBlueZDevice``:
/// bluetoothd pairs (`Device1.Pair`) and keeps the keys, so what `BLE` learns is `Paired` and
/// `Bonded`.
@Suite(.timeLimit(.minutes(2))) struct BlueZPairingTests {
    static let address = BlueZConnectionTests.address

    func withConnection(
        paired: Bool = false, pairing: FakeBlueZDevice.PairBehaviour = .succeeds,
        _ body: (FakeBlueZDevice, BlueZBackend, any BLEBackendConnection) async throws -> Void
    ) async throws {
        try await BlueZConnectionTests.withConnection(paired: paired, pairing: pairing, body)
    }

    @Test func pairingIsBluetoothdsAndTheLinkThenCountsAsEncryptedAndBonded() async throws {
        try await withConnection { (fake, _, connection) async throws in
            #expect(connection.security == LinkSecurity(detailsKnown: false))
            #expect(connection.security.description == "not encrypted")
            let result = try await connection.pair()
            #expect(fake.calls.withLock { $0.pairs } == 1)
            guard case .pairedBySystem(let security) = result else {
                Issue.record("expected pairedBySystem, got \(result)")
                return
            }
            #expect(security.isEncrypted && security.isBonded && !security.detailsKnown)
            #expect(security.keySize == 0 && !security.isSecureConnections)
            #expect(result.outcome == nil && result.isBonded)
            #expect(connection.security.description == "encrypted (key details not reported, bonded)")
            #expect(try await connection.encrypt() == connection.security)
        }
    }

    @Test func aDeviceBluetoothdIsPairedWithIsEncryptedAtConnectionAndNotPairedAgain() async throws {
        try await withConnection(paired: true) { (fake, _, connection) async throws in
            #expect(connection.security.isEncrypted && connection.security.isBonded)
            #expect(try await connection.pair() == .encryptedWithBond)
            #expect(fake.calls.withLock { $0.pairs } == 0)
            #expect(try await connection.encrypt().isEncrypted)
        }
    }

    @Test func encryptingWithoutABondSaysNotBonded() async throws {
        try await withConnection { (_, _, connection) async throws in
            let error = await #expect(throws: BLEError.self) { try await connection.encrypt() }
            #expect(error?.code == .notBonded)
            #expect(error?.message.contains("pair first") == true)
        }
    }

    @Test func aRefusedPairingIsPairingFailedWithWhatToDo() async throws {
        try await withConnection(pairing: .fails(name: "org.bluez.Error.AuthenticationFailed", message: "Authentication Failed")) { (fake, _, connection) async throws in
            let error = await #expect(throws: BLEError.self) { try await connection.pair() }
            #expect(error?.code == .pairingFailed)
            #expect(error?.message == "bluez: pairing with C0:FF:EE:00:00:02: pairing failed (Authentication Failed); pair again (bluetoothctl pair ADDRESS)")
            #expect(fake.calls.withLock { $0.pairs } == 1)
            #expect(!connection.security.isEncrypted)
        }
    }

    @Test func removingABondMakesBluetoothdForgetTheDevice() async throws {
        try await withConnection(paired: true) { (fake, backend, connection) async throws in
            #expect(try await backend.bonds().map(\.peer) == [Self.address])
            #expect(try await backend.bonds().first?.centralKey == nil, "bluetoothd keeps the keys")
            #expect(try await backend.removeBond(for: Self.address))
            #expect(fake.calls.withLock { $0.removedDevices } == [FakeBlueZDevice.device])
            #expect(try await backend.bonds().isEmpty)
            // The link went with the device.
            _ = await connection.waitUntilDisconnected()
            #expect(!connection.isConnected)
            let unknown = try DeviceAddress(parsing: "C0:FF:EE:00:00:42", isRandom: true)
            #expect(try await backend.removeBond(for: unknown) == false)
        }
    }

    @Test func theToolsDefaultToBlueZOnlyWhenBluetoothdHasAnAdapter() async throws {
        try await DBusTestBus.withTwoConnections { _, bluetoothd, client in
            // No org.bluez on the bus yet: no BlueZ.
            #expect(await BlueZBackend.firstAdapter(connection: client) == nil)
            _ = try await FakeBlueZDevice(on: bluetoothd)
            #expect(await BlueZBackend.firstAdapter(connection: client) == 0)
        }
    }
}
