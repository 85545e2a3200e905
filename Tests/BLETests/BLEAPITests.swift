import BLE
import BLECore
import BLEGATT
import BLESimulation
import BLEVirtual
import Synchronization
import Testing

/// The object API end to end on the sim transport: central → peripheral → service →
/// characteristic → descriptor, over our host, HCI included.
@Suite(.timeLimit(.minutes(1)))
struct BLEAPITests {
    @Test func radioStateAndScanFilters() async throws {
        let ble = try await BLEWorld()
        #expect(await ble.central.state == .poweredOn)
        var states = await ble.central.states().makeAsyncIterator()
        #expect(await states.next() == .poweredOn)

        // Windows long enough for a loaded machine (advertising every 20 ms; a 200 ms window once
        // heard nothing in CI under load); each scan lasts its whole window.
        let window = Duration.seconds(1)
        let heard = try await ble.central.scan(for: window, filter: ScanFilter(allowDuplicates: false))
        #expect(heard.map(\.name) == ["Near", "Far"], "strongest first")
        #expect(await ble.central.peripherals.map(\.name) == ["Near", "Far"])
        #expect(await ble.central.knownPeripheralCount == 2)

        let byName = try await ble.central.scan(for: window, filter: ScanFilter(nameContains: "fA"))
        #expect(byName.map(\.name) == ["Far"], "case-insensitive substring")
        let strong = try await ble.central.scan(for: window, filter: ScanFilter(minimumRSSI: -70))
        #expect(strong.map(\.name) == ["Near"], "12 m is about -80 dBm")
        let battery = try await ble.central.scan(for: window, filter: ScanFilter(services: [BLEWorld.battery]))
        #expect(battery.count == 2)
        let none = try await ble.central.scan(for: .milliseconds(200), filter: ScanFilter(services: [BluetoothUUID("FEE0")]))
        #expect(none.isEmpty)

        // Duplicates: every advertisement, or each device once.
        var perDevice: [DeviceAddress: Int] = [:]
        var seen = 0
        for try await discovery in try await ble.central.scan(filter: ScanFilter(allowDuplicates: false)) {
            perDevice[discovery.address, default: 0] += 1
            seen += 1
            if seen == 2 { break }
        }
        #expect(perDevice.values.allSatisfy { $0 == 1 })

        let near = try #require(await ble.central.peripheral(BLEWorld.nearAddress))
        #expect(await ble.central.peripheral(for: BLEWorld.nearAddress) === near, "one object per address")
        #expect(try await ble.central.peripheral(named: "near") === near)
        #expect(try await ble.central.peripheral(named: BLEWorld.farAddress.description)?.name == "Far")
        #expect(try await ble.central.peripheral(named: "Nobody") == nil)
        #expect(await ble.central.removeKnownPeripheral(BLEWorld.farAddress))
        #expect(await ble.central.knownPeripheralCount == 1)
        await ble.central.removeAllKnownPeripherals()
        #expect(await ble.central.knownPeripheralCount == 0)
        await ble.close()
        #expect(await ble.central.state == .poweredOff)
    }

    /// The radio runs one scan at a time: a second scan waits for its turn (first come, first
    /// served) and starts once the first has really stopped; a waiting scan can be cancelled
    /// without losing the turn of the one behind it.
    @Test func scansTakeTurns() async throws {
        let ble = try await BLEWorld()
        let central = ble.central
        final class Shared: Sendable {
            let stop = Mutex(false)
            let heardByFirst = Mutex(0)
            let order = Mutex<[String]>([])
        }
        let shared = Shared()
        let first = Task {
            for try await _ in try await central.scan() {
                shared.heardByFirst.withLock { $0 += 1 }
                if shared.stop.withLock({ $0 }) { break }
            }
        }
        while shared.heardByFirst.withLock({ $0 }) == 0 { try await Task.sleep(for: .milliseconds(10)) }

        // The waiting scans listen for a second each: on a starved machine (a dozen tests at once
        // on two cores) 200 ms once missed one of the two devices.
        let second = Task {
            let heard = try await central.scan(for: .seconds(1))
            shared.order.withLock { $0.append("second") }
            return heard.count
        }
        try await Task.sleep(for: .milliseconds(20))
        let cancelled = Task { try await central.scan(for: .milliseconds(200)) }
        try await Task.sleep(for: .milliseconds(20))
        let third = Task {
            let heard = try await central.scan(for: .seconds(1))
            shared.order.withLock { $0.append("third") }
            return heard.count
        }
        // The first scan keeps the radio while it is iterated: the others wait.
        try await Task.sleep(for: .milliseconds(300))
        #expect(shared.order.withLock { $0 }.isEmpty)
        #expect(shared.heardByFirst.withLock { $0 } > 3)
        cancelled.cancel()
        await #expect(throws: BLEError.self) { _ = try await cancelled.value }

        // Ending the first scan hands the radio on, in order.
        shared.stop.withLock { $0 = true }
        try await first.value
        #expect(try await second.value == 2)
        #expect(try await third.value == 2)
        #expect(shared.order.withLock { $0 } == ["second", "third"])
        // The last scan's end reaches the radio a moment after its caller returned.
        var waits = 0
        while await central.isScanning, waits < 100 {
            waits += 1
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(await central.isScanning == false)
        await ble.close()
    }

    @Test func connectDiscoverReadWrite() async throws {
        let ble = try await BLEWorld()
        let peripheral = try await ble.find("Near")
        await #expect(throws: BLEError.self) { _ = try await peripheral.readRSSI() }
        var states = peripheral.states().makeAsyncIterator()
        #expect(await states.next() == .disconnected)
        try await peripheral.connect()
        #expect(await states.next() == .connecting)
        #expect(await states.next() == .connected)
        #expect(try await peripheral.mtu == 64)
        let rssi = try await peripheral.readRSSI()
        #expect((-70...(-45)).contains(rssi))

        let services = try await peripheral.discoverAll()
        #expect(services.map(\.uuid).contains(BLEWorld.battery))
        let level = try #require(peripheral.service(BLEWorld.battery)?.characteristic(BLEWorld.batteryLevel))
        #expect(level.name == "Battery Level")
        #expect(try await level.read() == [80])
        #expect(level.value == [80])

        let vendor = try #require(peripheral.service(BLEWorld.service))
        let text = try #require(vendor.characteristic(BLEWorld.text))
        #expect(try await text.read() == Array("Hello".utf8))
        let userDescription = try #require(text.descriptor(BluetoothUUID(0x2901)))
        #expect(try await userDescription.read() == Array("Text".utf8))
        let long = (0..<300).map { UInt8($0 % 251) }
        try await text.write(long)
        #expect(try await text.read() == long, "a long write and a long read")
        #expect(ble.log.writes.withLock { $0.last?.method } == .executeWrite)
        try await text.write([1, 2, 3], type: .withResponse)
        #expect(ble.log.writes.withLock { $0.last?.method } == .writeRequest)

        // Long values go reliably where the extended properties allow it.
        let reliable = try #require(vendor.characteristic(BLEWorld.reliable))
        try await reliable.write(long)
        #expect(try await reliable.read() == long)

        // Errors a caller can act on.
        let secret = try #require(vendor.characteristic(BLEWorld.secret))
        let readError = await #expect(throws: BLEError.self) { _ = try await secret.read() }
        #expect(readError?.code == .attError)
        #expect(readError?.attErrorCode == .readNotPermitted)
        let tooLong = await #expect(throws: BLEError.self) { try await text.write([UInt8](repeating: 0, count: 513)) }
        #expect(tooLong?.code == .invalidArgument)
        let sink = try #require(vendor.characteristic(BLEWorld.sink))
        let cannotRead = await #expect(throws: BLEError.self) { _ = try await sink.subscribe() }
        #expect(cannotRead?.code == .unsupported)
        let handleZero = await #expect(throws: BLEError.self) { _ = try await peripheral.read(handle: 0) }
        #expect(handleZero?.code == .invalidArgument)

        // Included services and descriptor writes.
        let included = try await vendor.discoverIncludedServices()
        #expect(included.map(\.uuid) == [BLEWorld.battery])
        #expect(included.first?.isPrimary == false, "an included service, as Find Included Services reports it")
        let counter = try #require(vendor.characteristic(BLEWorld.counter))
        let cccd = try #require(counter.descriptor(BluetoothUUID(0x2902)))
        try await cccd.write([0x02, 0x00])
        #expect(try await cccd.read() == [0x02, 0x00])
        try await cccd.write([0x00, 0x00])

        // Raw handles, as gatttool does.
        try await peripheral.write(handle: text.valueHandle, value: [9, 9], withoutResponse: true)
        #expect(try await peripheral.read(handle: text.valueHandle) == [9, 9])

        try await peripheral.disconnect()
        #expect(peripheral.state == .disconnected)
        let notConnected = await #expect(throws: BLEError.self) { _ = try await level.read() }
        #expect(notConnected?.code == .notConnected)
        await ble.close()
    }

    @Test func writeWithoutResponseIsPacedAndNothingIsLost() async throws {
        let ble = try await BLEWorld()
        let peripheral = try await ble.connected("Near")
        try await peripheral.discoverServices([BLEWorld.service])
        let sink = try #require(try await peripheral.service(BLEWorld.service)?.discoverCharacteristics([BLEWorld.sink]).first)
        let chunk = [UInt8](repeating: 0xA5, count: try await peripheral.mtu - 3)
        for _ in 0..<500 { try await sink.write(chunk) }
        // A read after the commands returns once the peer has handled everything sent before it.
        _ = try await peripheral.readRSSI()
        try await peripheral.discoverServices([BLEWorld.battery])
        _ = try await peripheral.service(BLEWorld.battery)?.discoverCharacteristics().first?.read()
        #expect(ble.log.sinkBytes.withLock { $0 } == 500 * chunk.count)
        let overlong = await #expect(throws: BLEError.self) { try await sink.write(chunk + [0]) }
        #expect(overlong?.code == .invalidArgument)
        await ble.close()
    }

    @Test func subscriptionsDeliverAndUnsubscribe() async throws {
        let ble = try await BLEWorld()
        let peripheral = try await ble.connected("Near")
        try await peripheral.discoverAll()
        let counter = try #require(peripheral.service(BLEWorld.service)?.characteristic(BLEWorld.counter))
        let server = try #require(await ble.server(BLEWorld.nearAddress))
        let subscribed = Mutex(false)
        let receiver = Task {
            var received: [[UInt8]] = []
            let values = try await counter.subscribe()
            subscribed.withLock { $0 = true }
            for try await value in values {
                received.append(value)
                if received.count == 3 { break }
            }
            return received
        }
        while !subscribed.withLock({ $0 }) { try await Task.sleep(for: .milliseconds(2)) }
        let cccd = try #require(counter.descriptor(BluetoothUUID(0x2902)))
        #expect(try await cccd.read() == [0x01, 0x00], "notifications on")
        for n in 1...3 {
            try await server.updateValue([UInt8(n)], for: BLEWorld.counter)
        }
        #expect(try await receiver.value == [[1], [2], [3]])
        // The iteration ended (the stream is gone with the task): the CCCD is written back to 0.
        var cleared = false
        for _ in 0..<100 where !cleared {
            cleared = try await cccd.read() == [0x00, 0x00]
            if !cleared { try await Task.sleep(for: .milliseconds(5)) }
        }
        #expect(cleared)

        // Indications when asked.
        let indications = try await counter.subscribe(indicate: true)
        #expect(try await cccd.read() == [0x02, 0x00])
        try await server.updateValue([42], for: BLEWorld.counter)
        var iterator = indications.makeAsyncIterator()
        #expect(try await iterator.next() == [42])

        // A service's notifications, from every characteristic that has them.
        let battery = try #require(peripheral.service(BLEWorld.battery))
        let all = try await battery.notifications()
        try await server.updateValue([79], for: BLEWorld.batteryLevel)
        var merged = all.makeAsyncIterator()
        let first = try #require(try await merged.next())
        #expect(first.characteristic.uuid == BLEWorld.batteryLevel)
        #expect(first.value == [79])
        await ble.close()
    }

    @Test func aLostLinkEndsOperationsWithDisconnected() async throws {
        let ble = try await BLEWorld()
        let peripheral = try await ble.connected("Near")
        try await peripheral.discoverAll()
        let counter = try #require(peripheral.service(BLEWorld.service)?.characteristic(BLEWorld.counter))
        let values = try await counter.subscribe()
        #expect(await ble.world.remove(BLEWorld.nearAddress))
        let ended = await #expect(throws: BLEError.self) {
            for try await _ in values {}
        }
        #expect(ended?.code == .disconnected)
        #expect(ended?.hciStatus == .connectionTimeout)
        #expect(peripheral.state == .disconnected)
        #expect(peripheral.lastDisconnection?.code == .disconnected)
        let after = await #expect(throws: BLEError.self) { _ = try await counter.read() }
        #expect(after?.code == .notConnected)
        await ble.close()
    }

    @Test func connectingToNobodyTimesOut() async throws {
        let ble = try await BLEWorld()
        let nobody = await ble.central.peripheral(for: try DeviceAddress(parsing: "00:1B:DC:7E:00:99"))
        let error = await #expect(throws: BLEError.self) { try await nobody.connect(timeout: .milliseconds(150)) }
        #expect(error?.code == .timedOut)
        #expect(nobody.state == .disconnected)
        let watched = await #expect(throws: BLEError.self) { try await nobody.connect(timeout: .seconds(10), watchdog: .milliseconds(100)) }
        #expect(watched?.code == .timedOut)
        #expect(watched?.message.contains("watchdog") == true)
        #expect(nobody.state == .disconnected)
        let cancelled = Task { try await nobody.connect(timeout: .seconds(10)) }
        try await Task.sleep(for: .milliseconds(50))
        cancelled.cancel()
        let outcome = await cancelled.result
        #expect((try? outcome.get()) == nil)
        #expect((outcome.failureError as? BLEError)?.code == .cancelled)
        await ble.close()
    }

    @Test func reconnectsAndResubscribesAfterALinkLoss() async throws {
        let ble = try await BLEWorld()
        let peripheral = try await ble.connected("Near")
        peripheral.setReconnectPolicy(ReconnectPolicy(initialDelay: .milliseconds(20), maximumDelay: .milliseconds(100)))
        try await peripheral.discoverAll()
        let counter = try #require(peripheral.service(BLEWorld.service)?.characteristic(BLEWorld.counter))
        let values = try await counter.subscribe()
        let received = Mutex<[[UInt8]]>([])
        let receiver = Task {
            for try await value in values { received.withLock { $0.append(value) } }
        }
        let server = try #require(await ble.server(BLEWorld.nearAddress))
        #expect(try await updateUntilReceived([1], server: server, received: received))

        var states = peripheral.states().makeAsyncIterator()
        #expect(await states.next() == .connected)
        let near = try #require(await ble.world.device(at: BLEWorld.nearAddress))
        let centralController = try #require(ble.world.link.controllers.first { $0.publicAddress == SimWorld.firstCentralAddress })
        ble.world.link.simulateLinkLoss(between: centralController, and: near.controller)
        #expect(await states.next() == .reconnecting(attempt: 1, delay: .milliseconds(20)))
        #expect(await states.next() == .connecting)
        #expect(await states.next() == .connected)

        // The subscription came back with the link: values arrive again on the same stream.
        #expect(try await updateUntilReceived([2], server: server, received: received))
        receiver.cancel()

        try await peripheral.disconnect()
        try await Task.sleep(for: .milliseconds(60))
        #expect(peripheral.state == .disconnected, "no reconnection after disconnect()")
        await ble.close()
    }

    @Test func policyDelaysGrowUpToTheMaximum() {
        let policy = ReconnectPolicy(initialDelay: .milliseconds(500), maximumDelay: .seconds(3), multiplier: 2)
        #expect((1...5).map(policy.delay(beforeAttempt:)) == [.milliseconds(500), .seconds(1), .seconds(2), .seconds(3), .seconds(3)])
    }
}

/// Notifies `value` until `received` has it (the subscription may still be being set up on the
/// peer); false when it never arrives within about a second.
func updateUntilReceived(_ value: [UInt8], server: GATTServer, received: borrowing Mutex<[[UInt8]]>) async throws -> Bool {
    for _ in 0..<50 {
        try await server.updateValue(value, for: BLEWorld.counter)
        try await Task.sleep(for: .milliseconds(20))
        if received.withLock({ $0.contains(value) }) { return true }
    }
    return false
}

extension Result {
    var failureError: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
