import BLE
import BLEBlueZ
import BLECore
import BLEGATT
import DBus
import DBusClient
import DBusTesting
import Testing

/// Write Commands and notifications on the sockets of `AcquireWrite` and `AcquireNotify`
/// (BlueZ `doc/org.bluez.GattCharacteristic.rst`): one packet per value instead of a D-Bus
/// message each; with a fake bluetoothd whose sockets are real `SOCK_SEQPACKET` pairs passed
/// over the real dbus-daemon.
@Suite(.timeLimit(.minutes(2))) struct BlueZAcquiredSocketTests {
    func withConnection(_ body: (FakeBlueZDevice, any BLEBackendConnection) async throws -> Void) async throws {
        try await BlueZConnectionTests.withConnection(offersSockets: true) { fake, _, connection in try await body(fake, connection) }
    }

    /// The Battery Level characteristic, discovered.
    func batteryLevel(_ connection: any BLEBackendConnection) async throws -> GATTCharacteristic {
        let services = try await connection.discoverPrimaryServices([BluetoothUUID(0x180F)])
        return try #require(try await connection.discoverCharacteristics(of: services[0], nil).first)
    }

    @Test func writeCommandsGoAsPacketsOnOneAcquiredSocket() async throws {
        try await withConnection { (fake, connection) async throws in
            try await connection.writeWithoutResponse(handle: 0x0012, value: [1, 2, 3])
            try await connection.writeWithoutResponse(handle: 0x0012, value: [4])
            #expect(fake.receivePacket(at: FakeBlueZDevice.writable) == [1, 2, 3])
            #expect(fake.receivePacket(at: FakeBlueZDevice.writable) == [4])
            #expect(fake.calls.withLock { $0.acquiredWrites } == 1)
            #expect(fake.calls.withLock { $0.writes.isEmpty }, "no WriteValue")
            // A command longer than ATT_MTU − 3 does not fit a packet: WriteValue, where BlueZ says why.
            let long = [UInt8](repeating: 7, count: 245)
            try await connection.writeWithoutResponse(handle: 0x0012, value: long)
            #expect(fake.calls.withLock { $0.writes.map(\.value) } == [long])
            // BlueZ's end gone (the link dropped under it): WriteValue again, the socket acquired anew next time.
            fake.hangUp(FakeBlueZDevice.writable)
            try await connection.writeWithoutResponse(handle: 0x0012, value: [9])
            #expect(fake.calls.withLock { $0.writes.last?.value } == [9])
            try await connection.writeWithoutResponse(handle: 0x0012, value: [10])
            #expect(fake.receivePacket(at: FakeBlueZDevice.writable) == [10])
            #expect(fake.calls.withLock { $0.acquiredWrites } == 2)
        }
    }

    @Test func notificationsComeOnTheAcquiredSocketUntilTheSubscriberStops() async throws {
        try await withConnection { (fake, connection) async throws in
            let level = try await batteryLevel(connection)
            let values = try await connection.subscribe(to: level, indicate: nil)
            #expect(fake.calls.withLock { ($0.acquiredNotifies, $0.startNotifies) } == (1, 0))
            #expect(fake.sendPacket([50], at: FakeBlueZDevice.level))
            #expect(fake.sendPacket([49], at: FakeBlueZDevice.level))
            // A Value change (another program's subscription, a read) is not a second copy.
            try fake.notify([48])
            var received: [[UInt8]] = []
            for try await value in values {
                received.append(value)
                if received.count == 2 { break }
            }
            #expect(received == [[50], [49]])
            // The subscriber gone, the socket closes: BlueZ sees its end hang up.
            #expect(fake.receivePacket(at: FakeBlueZDevice.level) == nil)
            #expect(fake.calls.withLock { $0.stopNotifies } == 0)
        }
    }

    @Test func bluezHangingUpGoesOnThroughStartNotify() async throws {
        try await withConnection { (fake, connection) async throws in
            let level = try await batteryLevel(connection)
            let values = try await connection.subscribe(to: level, indicate: false)
            // bluetoothd drops the socket when it could not write the CCCD (before pairing on demand).
            fake.hangUp(FakeBlueZDevice.level)
            #expect(await eventually { fake.calls.withLock { $0.startNotifies } == 1 })
            try fake.notify([47])
            var iterator = values.makeAsyncIterator()
            #expect(try await iterator.next() == [47])
            // The link drops: the subscription ends with why.
            try fake.drop()
            await #expect { while try await iterator.next() != nil {} } throws: { ($0 as? BLEError)?.code == .disconnected }
        }
    }
}
