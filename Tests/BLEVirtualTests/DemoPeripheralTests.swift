import BLECore
import Foundation
import BLEGATT
import BLEHost
import BLETesting
import Logging
import Synchronization
import Testing
@testable import BLEVirtual
@testable import BLESimulation

/// The demo peripheral in a `sim` world, seen from our central: advertising, its GATT database and
/// its firmware on the world's clock; and the catalog of virtual device kinds.
@Suite(.timeLimit(.minutes(1)))
struct DemoPeripheralTests {
    static let quiet = Logger(label: "test.demo", factory: { _ in SwiftLogNoOpLogHandler() })

    /// A world on a manual clock that a ticker moves on by ``step`` whenever something sleeps on
    /// it (about 10× real time by default), and a started central whose own clock never moves, so
    /// its timeouts never fire.
    final class DemoWorld: Sendable {
        let clock = ManualClock()
        let world: SimWorld
        let central: BLEHost
        private let step = Mutex(Duration.milliseconds(10))
        private let ticker = Mutex<Task<Void, Never>?>(nil)

        init(_ devices: [any VirtualDevice]) async throws {
            world = SimWorld(clock: clock, logger: DemoPeripheralTests.quiet)
            central = BLEHost(transport: try await world.makeCentral(), clock: ManualClock(), logger: DemoPeripheralTests.quiet)
            let task = Task { [weak self] in
                while !Task.isCancelled, let self {
                    if self.clock.sleeperCount > 0 { self.clock.advance(by: self.step.withLock { $0 }) }
                    try? await Task.sleep(for: .milliseconds(1))
                }
            }
            ticker.withLock { $0 = task }
            try await central.start()
            for device in devices { try await world.add(device, distance: 1) }
        }

        /// How far the clock moves each tick.
        func setStep(_ duration: Duration) { step.withLock { $0 = duration } }

        func stop() async {
            ticker.withLock { $0?.cancel() }
            await central.stop()
            await world.shutDown()
        }

        /// Scans actively until `name` is seen with its scan response.
        func discover(_ name: String) async throws -> HostDiscovery {
            var found: HostDiscovery?
            for try await discovery in try await central.scan(ScanParameters(isActive: true))
            where discovery.name == name && discovery.advertisement.scanResponse != nil {
                found = discovery
                break
            }
            try await central.stopScan()
            return try #require(found)
        }

        /// Finds `name`, connects and discovers its whole database.
        func connect(_ name: String = "Nightlight Demo") async throws -> Peer {
            let connection = try await central.connect(to: try await discover(name).address)
            return Peer(client: connection.gattClient, database: try await connection.gattClient.discoverAll())
        }
    }

    /// A connected demo's GATT client and database.
    struct Peer {
        let client: GATTClient
        let database: GATTDiscoveredDatabase

        func characteristic(_ uuid: BluetoothUUID) throws -> GATTCharacteristic {
            try #require(database.characteristic(uuid))
        }

        func handle(_ uuid: BluetoothUUID) throws -> UInt16 {
            try characteristic(uuid).valueHandle
        }

        func read(_ uuid: BluetoothUUID) async throws -> [UInt8] {
            try await client.read(handle: try handle(uuid))
        }

        func readString(_ uuid: BluetoothUUID) async throws -> String {
            String(decoding: try await read(uuid), as: UTF8.self)
        }
    }

    /// Runs `body` in a world with `devices` (one demo by default), then stops the world.
    static func withWorld(_ devices: [any VirtualDevice]? = nil, _ body: (DemoWorld) async throws -> Void) async throws {
        let demo = try await DemoWorld(devices ?? [try DemoPeripheral()])
        do {
            try await body(demo)
        } catch {
            await demo.stop()
            throw error
        }
        await demo.stop()
    }

    static func uint32(_ bytes: [UInt8]) throws -> UInt32 {
        var reader = ByteReader(bytes)
        let value = reader.readUInt32()
        #expect(reader.isAtEnd)
        return try #require(value)
    }

    // MARK: Advertising

    @Test func advertisesItsNameServicesAndManufacturerData() async throws {
        try await Self.withWorld { demo in
            let found = try await demo.discover("Nightlight Demo")
            #expect(found.address == (try DeviceAddress(parsing: "00:1B:DC:DE:00:01")))
            #expect(found.isConnectable)
            #expect(found.advertisement.flags == .leGeneralDiscoverableOnly)
            #expect(found.advertisement.advertisement.serviceUUIDs == [BluetoothUUID(0x180D), BluetoothUUID(0x180F)])
            #expect(found.advertisement.advertisement.txPowerLevel == 0)
            #expect(found.advertisement.manufacturerData(companyID: 0xFFFF) == [0x4E, 0x4C, 0x01, 1, 0, 0, 0], "from the scan response")
            #expect(found.advertisement.appearance == .heartRateSensor)
        }
    }

    @Test(arguments: [0, 1, 8, 9, 99, 254])
    func advertisementAndScanResponseFitLegacyPDUs(index: Int) throws {
        let demo = try DemoPeripheral(index: index)
        #expect(try demo.advertisingData.encoded().count <= AdvertisingData.legacyMaximumLength)
        #expect(try demo.scanResponse.encoded().count <= AdvertisingData.legacyMaximumLength)
        #expect(demo.advertisingData.localName == LocalName(demo.name))
        let view = AdvertisementView(advertisement: demo.advertisingData, scanResponse: demo.scanResponse)
        #expect(view.txPowerLevel == DemoPeripheral.txPowerLevel)
        #expect((demo.advertisingData.txPowerLevel != nil) == (demo.name.count <= 17), "moved to the scan response when the name is long")
        #expect(view.manufacturerData(companyID: DemoPeripheral.testCompanyID)?.last == UInt8(index))
    }

    // MARK: GATT

    @Test func servesGenericAccessDeviceInformationAndDescriptions() async throws {
        try await Self.withWorld { demo in
            let peer = try await demo.connect()
            #expect(peer.database.services.map(\.uuid) == [
                BluetoothUUID(0x1800), BluetoothUUID(0x1801), BluetoothUUID(0x180A), BluetoothUUID(0x180F), BluetoothUUID(0x180D),
                DemoPeripheral.serviceUUID,
            ])
            #expect(try await peer.readString(BluetoothUUID(0x2A00)) == "Nightlight Demo")
            #expect(try await peer.read(BluetoothUUID(0x2A01)) == [0x40, 0x03])
            #expect(try await peer.readString(BluetoothUUID(0x2A29)) == "Nightlight")
            #expect(try await peer.readString(BluetoothUUID(0x2A24)) == "Demo")
            #expect(try await peer.readString(BluetoothUUID(0x2A25)) == "NLD-0001")
            #expect(try await peer.readString(BluetoothUUID(0x2A26)) == DemoPeripheral.firmwareRevision)
            #expect(try await peer.read(BluetoothUUID(0x2A38)) == [0x01], "Body Sensor Location: chest")
            let descriptions: [(BluetoothUUID, String)] = [
                (DemoPeripheral.messageUUID, "Message"), (DemoPeripheral.counterUUID, "Counter"),
                (DemoPeripheral.sinkUUID, "Sink"), (DemoPeripheral.sinkCountUUID, "Sink Count"),
            ]
            for (uuid, text) in descriptions {
                let descriptor = try #require(try peer.characteristic(uuid).descriptor(GATTAttributeType.characteristicUserDescription))
                #expect(try await peer.client.read(handle: descriptor.handle) == Array(text.utf8))
            }
        }
    }

    @Test func messageIsReadWrittenAndLongWritten() async throws {
        try await Self.withWorld { demo in
            let peer = try await demo.connect()
            let handle = try peer.handle(DemoPeripheral.messageUUID)
            #expect(try await peer.readString(DemoPeripheral.messageUUID) == "Hello from Nightlight")
            try await peer.client.write(handle: handle, value: Array("Hi".utf8))
            #expect(try await peer.readString(DemoPeripheral.messageUUID) == "Hi")
            let long = (0..<300).map { UInt8(truncatingIfNeeded: $0 * 7) }
            try await peer.client.writeLong(handle: handle, value: long)
            #expect(try await peer.client.readLong(handle: handle) == long)
            await #expect(throws: GATTError.self) {
                try await peer.client.writeLong(handle: handle, value: [UInt8](repeating: 0x41, count: 513))
            }
            #expect(try await peer.client.readLong(handle: handle) == long, "a refused write leaves the value")
        }
    }

    @Test func counterNotifiesAndIndicatesIncreasingValues() async throws {
        try await Self.withWorld { demo in
            let peer = try await demo.connect()
            let counter = try peer.characteristic(DemoPeripheral.counterUUID)
            var notified: [UInt32] = []
            for try await value in try await peer.client.subscribe(to: counter, indicate: false) {
                notified.append(try Self.uint32(value))
                if notified.count == 3 { break }
            }
            let first = try #require(notified.first)
            #expect(notified == [first, first + 1, first + 2])
            var indicated: [UInt32] = []
            for try await value in try await peer.client.subscribe(to: counter, indicate: true) {
                indicated.append(try Self.uint32(value))
                if indicated.count == 2 { break }
            }
            #expect(indicated.count == 2 && indicated[0] > first + 2 && indicated[1] == indicated[0] + 1)
            #expect(try Self.uint32(try await peer.read(DemoPeripheral.counterUUID)) >= indicated[1])
        }
    }

    @Test func batteryDrainsOnePercentAMinuteOfClockTime() async throws {
        try await Self.withWorld { demo in
            let peer = try await demo.connect()
            let battery = try peer.characteristic(BatteryLevel.uuid)
            #expect(try await peer.read(BatteryLevel.uuid) == [100])
            var levels = try await peer.client.subscribe(to: battery).makeAsyncIterator()
            demo.setStep(.milliseconds(500))  // a minute of clock time in about 120 ticks
            #expect(try await levels.next() == [99])
            let elapsed = demo.clock.now.offset
            demo.setStep(.milliseconds(10))
            #expect(elapsed >= .seconds(60) && elapsed < .seconds(64), "the first percent goes after a minute, not \(elapsed)")
            #expect(try await peer.read(BatteryLevel.uuid) == [99])
        }
    }

    @Test func batteryWrapsBackToFullAfterOnePercent() {
        var state = DemoFirmwareState(seed: 1)
        var levels: [UInt8] = []
        for _ in 0..<(100 * 60) {
            levels += state.tick().filter { $0.0 == BatteryLevel.uuid }.map { $0.1[0] }
        }
        #expect(levels == Array((1...99).reversed()) + [100])
    }

    @Test func heartRateMeasuresEverySecondAndItsControlPointResetsEnergy() async throws {
        try await Self.withWorld { demo in
            let peer = try await demo.connect()
            var measurements: [HeartRateMeasurement] = []
            for try await value in try await peer.client.subscribe(to: try peer.characteristic(HeartRateMeasurement.uuid)) {
                measurements.append(try HeartRateMeasurement(decoding: value))
                if measurements.count == 3 { break }
            }
            for measurement in measurements {
                #expect((55...100).contains(measurement.heartRate) && !measurement.usesUInt16Format)
                #expect(measurement.sensorContact == .detected)
                #expect(measurement.rrIntervals == [UInt16(60 * 1024 / Int(measurement.heartRate))])
            }
            let controlPoint = try peer.handle(BluetoothUUID(0x2A39))
            let error = await #expect(throws: GATTError.self) { try await peer.client.write(handle: controlPoint, value: [0x02]) }
            #expect(error?.attErrorCode == .application(0x80), "Control Point Not Supported")
            try await peer.client.write(handle: controlPoint, value: [0x01])
        }
    }

    @Test func energyExpendedComesEveryTenthSecondAndAfterAReset() throws {
        var state = DemoFirmwareState(seed: 2)
        func measurement(_ updates: [(BluetoothUUID, [UInt8])]) throws -> HeartRateMeasurement {
            try HeartRateMeasurement(decoding: try #require(updates.first { $0.0 == HeartRateMeasurement.uuid }).1)
        }
        var energies: [UInt16?] = []
        for _ in 0..<100 { energies.append(try measurement(state.tick()).energyExpended) }
        #expect(energies.enumerated().filter { $0.element != nil }.map(\.offset) == Array(stride(from: 9, to: 100, by: 10)))
        let accumulated = try #require(energies[99])
        #expect((5...20).contains(accumulated), "about 6 kJ a minute")
        state.resetEnergyExpended()
        #expect(try measurement(state.tick()).energyExpended == 0)
        #expect(try measurement(state.tick()).energyExpended == nil)
    }

    @Test func sinkCountsTheBytesWrittenToIt() async throws {
        try await Self.withWorld { demo in
            let peer = try await demo.connect()
            let sink = try peer.handle(DemoPeripheral.sinkUUID)
            for _ in 0..<5 { try await peer.client.writeWithoutResponse(handle: sink, value: [UInt8](repeating: 0xAB, count: 20)) }
            #expect(try Self.uint32(try await peer.read(DemoPeripheral.sinkCountUUID)) == 100)
        }
    }

    // MARK: Security

    @Test func theSecretNeedsAnEncryptedLinkAndTheBondIsKeptInTheSettingsFolder() async throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "demo-bonds-\(UUID().uuidString)")
        let device = try DemoPeripheral(index: 0, directory: folder.path)
        try await Self.withWorld([device]) { demo in
            let connection = try await demo.central.connect(to: try await demo.discover("Nightlight Demo").address)
            let database = try await connection.gattClient.discoverAll()
            let secret = try #require(database.characteristic(DemoPeripheral.secretUUID)).valueHandle
            let refused = await #expect(throws: GATTError.self) { try await connection.gattClient.read(handle: secret) }
            #expect(refused?.attErrorCode == .insufficientAuthentication)
            // Everything else answers on the open link.
            #expect(try await connection.gattClient.read(handle: try #require(database.characteristic(DemoPeripheral.messageUUID)).valueHandle) == Array(DemoPeripheral.initialMessage.utf8))

            let outcome = try #require(try await connection.pair())
            #expect(outcome.method == .justWorks && outcome.secureConnections && outcome.bonded)
            #expect(try await connection.gattClient.read(handle: secret) == Array(DemoPeripheral.initialSecret.utf8))
            try await connection.gattClient.write(handle: secret, value: Array("hush".utf8))
            #expect(try await connection.gattClient.read(handle: secret) == Array("hush".utf8))
        }
        // Stopping the world waited for the demo to keep its bond.
        let file = folder.appending(path: "demo-0-bonds").path
        #expect(try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int == 0o600)
        #expect(try await device.bondStore.allBonds().map(\.peer) == [SimWorld.firstCentralAddress])
    }

    // MARK: Catalog

    @Test func catalogFindsKindsByNameAndListsThemWhenUnknown() throws {
        let catalog = VirtualDeviceCatalog.standard
        #expect(catalog.names == ["demo"])
        #expect(try catalog.kind(named: "DEMO").name == "demo")
        let error = #expect(throws: VirtualError.self) { try catalog.kind(named: "toaster") }
        #expect(error?.code == .unknownDevice)
        #expect(error?.message == "unknown virtual device 'toaster'; known devices: demo")
        #expect(throws: VirtualError.self) { try catalog.makeDevices(names: ["demo", "toaster"]) }

        let other = VirtualDeviceKind(name: "Other", summary: "another demo") { try DemoPeripheral(index: $0.index + 10) }
        let extended = catalog.adding(other, demoDistances: [5])
        #expect(extended.names == ["demo", "Other"])
        #expect(extended.demoWorld == [.init(kind: "demo", distance: 2), .init(kind: "Other", distance: 5)])
        #expect(extended.adding(other).names == ["demo", "Other"], "same name: replaced")
        #expect(try extended.makeDevices(names: ["other"]).map(\.name) == ["Nightlight Demo 11"])
    }

    @Test func severalDemosGetDistinctAddressesAndNames() throws {
        let devices = try VirtualDeviceCatalog.standard.makeDevices(names: ["demo", "Demo", "demo"])
        #expect(devices.map(\.name) == ["Nightlight Demo", "Nightlight Demo 2", "Nightlight Demo 3"])
        #expect(devices.map(\.address.description) == ["00:1B:DC:DE:00:01", "00:1B:DC:DE:00:02", "00:1B:DC:DE:00:03"])
        #expect(throws: VirtualError.self) { try DemoPeripheral(index: DemoPeripheral.maximumIndex + 1) }
        #expect(throws: VirtualError.self) { try DemoPeripheral(index: -1) }
    }

    @Test func theDemoWorldIsPopulatedAndSeveralDemosAdvertiseSideBySide() async throws {
        try await Self.withWorld([]) { demo in
            let running = try await VirtualDeviceCatalog.standard.populate(demo.world)
            #expect(running.map(\.device.name) == ["Nightlight Demo"])
            try await demo.world.add(try DemoPeripheral(index: 1))
            #expect(try await demo.discover("Nightlight Demo 2").address == (try DeviceAddress(parsing: "00:1B:DC:DE:00:02")))
            #expect(try await demo.discover("Nightlight Demo").address == running[0].address)
        }
    }

    /// Firmware that sleeps for an hour between ticks: a world that waited for it instead of
    /// cancelling it would take that hour to shut down.
    struct Sleeper: VirtualDevice {
        var name: String { "Sleeper" }
        let address = try! DeviceAddress(parsing: "00:1B:DC:5E:00:01")
        func run(_ context: VirtualDeviceContext) async throws {
            try await ContinuousClock().sleep(for: .seconds(3600))
        }
    }

    /// Shutting down cancels every firmware at once, wherever it sleeps, and takes every
    /// controller off the link. The bound is far below the firmware's sleep and far above what
    /// a loaded machine needs.
    @Test func theFirmwareStopsAtOnceWhenTheWorldShutsDown() async throws {
        let world = SimWorld(logger: Self.quiet)  // real time
        let clock = ContinuousClock()
        try await world.add(try DemoPeripheral())
        try await world.add(Sleeper())
        try await clock.sleep(for: .milliseconds(50))
        let start = clock.now
        await world.shutDown()
        #expect(start.duration(to: clock.now) < .seconds(60))
        #expect(world.link.controllers.isEmpty)
    }
}
