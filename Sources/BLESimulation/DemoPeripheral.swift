import BLECore
import BLEGATT
import BLEHost
import BLEVirtual
import Synchronization

/// "Nightlight Demo": a generic peripheral for trying a central out, with no set-up.
///
/// It advertises every 100 ms and serves, with firmware that runs on the world's clock:
///
/// | service | characteristic | properties | behaviour |
/// |---|---|---|---|
/// | Generic Access 0x1800 | Device Name 0x2A00, Appearance 0x2A01 | read | the advertised name; Heart Rate Sensor (0x0340) |
/// | Generic Attribute 0x1801 | Service Changed, Database Hash, … | | kept by the ``GATTServer`` |
/// | Device Information 0x180A | Manufacturer Name, Model Number, Serial Number, Firmware Revision | read | `Nightlight`, `Demo`, `NLD-0001` (instance 0; `NLD-0002` next), ``firmwareRevision`` |
/// | Battery 0x180F | Battery Level 0x2A19 | read, notify | 100 %, down 1 % per minute, back to 100 after 1 % |
/// | Heart Rate 0x180D | Heart Rate Measurement 0x2A37 | notify | every second: about 55…100 bpm, sensor contact, an RR-interval, and energy expended every 10th time |
/// | | Body Sensor Location 0x2A38 | read | 0x01 chest |
/// | | Heart Rate Control Point 0x2A39 | write | 0x01 resets energy expended; anything else is answered with 0x80 Control Point Not Supported |
/// | vendor ``serviceUUID`` | Message ``messageUUID`` | read, write | any text up to 512 bytes (long reads and writes); starts as `Hello from Nightlight` |
/// | | Counter ``counterUUID`` | read, notify, indicate | `uint32` LE, up by one every second |
/// | | Sink ``sinkUUID`` | write without response | takes up to 512 bytes a write and counts them |
/// | | Sink Count ``sinkCountUUID`` | read | `uint32` LE: bytes written to Sink |
/// | | Secret ``secretUUID`` | read, write (encrypted link) | text up to 64 bytes; starts as `Nightlight secret`; an unencrypted link gets Insufficient Authentication (or Insufficient Encryption once bonded), so a central pairs or encrypts first |
///
/// The vendor characteristics carry a Characteristic User Description (0x2901). Instance `n`
/// (0…254) has address `00:1B:DC:DE:00:(n+1)` and advertises `Nightlight Demo` (n = 0), then
/// `Nightlight Demo 2`, `Nightlight Demo 3`, ….
///
/// Everything but Secret works without pairing. The demo pairs as a device with a display and
/// yes/no buttons (DisplayYesNo): Just Works with a central that asks for no MITM protection,
/// Passkey Entry showing the fixed passkey ``passkey`` (`123456`) to a central that types, and
/// Numeric Comparison (always confirmed) with a central that has a display and yes/no. It keeps its
/// bonds in `demo-<n>-bonds` (0600) in its settings directory, or in memory without one.
public struct DemoPeripheral: VirtualDevice {
    /// The `demo` kind of ``VirtualDeviceCatalog``.
    public static let kind = VirtualDeviceKind(
        name: "demo",
        summary: "Nightlight Demo: Device Information, Battery, Heart Rate, and a message, a counter and a sink to read, write and subscribe to"
    ) { instance in
        try DemoPeripheral(index: instance.index, directory: instance.directory)
    }

    /// The vendor service, `4E4C0001-6465-6D6F-8000-6E696768746C`: the base
    /// `4E4C0000-6465-6D6F-8000-6E696768746C` ("NL", "demo", "nightl") with 0x0001.
    public static let serviceUUID: BluetoothUUID = "4E4C0001-6465-6D6F-8000-6E696768746C"
    /// Message, `4E4C0002-…`: read and write, UTF-8 text up to 512 bytes.
    public static let messageUUID: BluetoothUUID = "4E4C0002-6465-6D6F-8000-6E696768746C"
    /// Counter, `4E4C0003-…`: read, notify and indicate, `uint32` LE, up by one every second.
    public static let counterUUID: BluetoothUUID = "4E4C0003-6465-6D6F-8000-6E696768746C"
    /// Sink, `4E4C0004-…`: write without response, counts the bytes it takes.
    public static let sinkUUID: BluetoothUUID = "4E4C0004-6465-6D6F-8000-6E696768746C"
    /// Sink Count, `4E4C0005-…`: read, `uint32` LE, the bytes Sink took since the device started.
    public static let sinkCountUUID: BluetoothUUID = "4E4C0005-6465-6D6F-8000-6E696768746C"
    /// Secret, `4E4C0006-…`: read and write on an encrypted link only, text up to 64 bytes.
    public static let secretUUID: BluetoothUUID = "4E4C0006-6465-6D6F-8000-6E696768746C"
    /// The Secret characteristic's value when the device starts.
    public static let initialSecret = "Nightlight secret"
    /// The passkey the demo shows in Passkey Entry: fixed so a test or a user can type it (a real
    /// device shows a random one).
    public static let passkey: UInt32 = 123_456

    /// The Firmware Revision String, also in the manufacturer data.
    public static let firmwareRevision = "1.0.0"
    /// The Message characteristic's value when the device starts.
    public static let initialMessage = "Hello from Nightlight"
    /// The Bluetooth SIG's company identifier for tests, 0xFFFF, under which the scan response
    /// carries ``manufacturerData``.
    public static let testCompanyID: UInt16 = 0xFFFF
    /// The advertised Tx Power Level, in dBm.
    public static let txPowerLevel: Int8 = 0
    /// The appearance, in the scan response and Generic Access: Heart Rate Sensor.
    public static let appearance = Appearance.heartRateSensor
    /// Advertising every 100 ms, connectable, one central at a time.
    public static let advertisingParameters = AdvertisingParameters(interval: .milliseconds(100) ... .milliseconds(100))
    /// The highest instance index: its address ends in 0xFF.
    public static let maximumIndex = 254

    /// Which demo device this is (0 for the first).
    public let index: Int
    /// The advertised name: `Nightlight Demo`, then `Nightlight Demo 2`, `Nightlight Demo 3`, ….
    public let name: String
    /// `00:1B:DC:DE:00:01` for instance 0, counting up.
    public let address: DeviceAddress
    /// Flags, the complete local name, the 16-bit UUIDs of Heart Rate and Battery (an incomplete
    /// list) and the Tx Power Level (moved to the scan response when a long name leaves no room).
    public let advertisingData: AdvertisingData
    /// The Manufacturer Specific Data (``manufacturerData`` under ``testCompanyID``) and the
    /// appearance.
    public let scanResponse: AdvertisingData

    /// Where the device keeps its bonds: `demo-<index>-bonds` in its settings directory, or memory.
    public let bondStore: any BondStore

    /// Creates instance `index` (0…``maximumIndex``), keeping its bonds in `directory` (nil: in
    /// memory, for as long as this value lives).
    ///
    /// Throws ``VirtualError/Code/invalidArgument`` for another index.
    public init(index: Int = 0, directory: String? = nil) throws(VirtualError) {
        guard (0...Self.maximumIndex).contains(index) else {
            throw VirtualError(.invalidArgument, "demo device index \(index) is out of range; use 0…\(Self.maximumIndex)")
        }
        self.index = index
        if let directory {
            bondStore = FileBondStore(path: (directory.hasSuffix("/") ? directory : directory + "/") + "demo-\(index)-bonds")
        } else {
            bondStore = MemoryBondStore()
        }
        name = index == 0 ? "Nightlight Demo" : "Nightlight Demo \(index + 1)"
        do {
            address = try DeviceAddress(value: 0x001B_DCDE_0001 + UInt64(index), isRandom: false)
            var advertisement = try AdvertisingData([
                .flags(.leGeneralDiscoverableOnly),
                .localName(LocalName(name)),
                .serviceUUIDs(ServiceUUIDList(uuids: [BluetoothUUID(0x180D), BluetoothUUID(0x180F)], size: .bits16, isComplete: false)),
            ])
            var response = try AdvertisingData([
                .manufacturerData(ManufacturerData(companyID: Self.testCompanyID, data: Self.manufacturerData(index: index))),
                .appearance(Self.appearance),
            ])
            let txPower = ADElement.txPowerLevel(Self.txPowerLevel)
            if advertisement.encodedCount + 3 <= AdvertisingData.legacyMaximumLength {
                try advertisement.append(txPower)
            } else {
                try response.append(txPower)
            }
            advertisingData = advertisement
            scanResponse = response
        } catch {
            throw VirtualError(.invalidArgument, "demo device \(index): \(error)")
        }
    }

    /// The manufacturer data of instance `index`: `4E 4C` ("NL"), the layout version 0x01, the
    /// firmware version major, minor and patch, then the index.
    public static func manufacturerData(index: Int) -> [UInt8] {
        let version = firmwareRevision.split(separator: ".").map { UInt8($0) ?? 0 }
        return [0x4E, 0x4C, 0x01] + version + [UInt8(truncatingIfNeeded: index)]
    }

    /// The demo's host: its bond store, DisplayYesNo with the fixed ``passkey``, numeric
    /// comparisons confirmed.
    public var hostConfiguration: BLEHost.Configuration {
        BLEHost.Configuration(
            pairingPolicy: SMPPairingPolicy(ioCapability: .displayYesNo, fixedPasskey: Self.passkey),
            bondStore: bondStore,
            pairingAgent: DemoPairingAgent()
        )
    }

    /// Serves the database, advertises, then ticks every second on the world's clock until the
    /// task is cancelled.
    public func run(_ context: VirtualDeviceContext) async throws {
        let firmware = DemoFirmware(index: index)
        let server = try GATTServer(services: services(firmware))
        await context.host.setGATTServer(server)
        try await context.host.startAdvertising(data: advertisingData, scanResponse: scanResponse, parameters: Self.advertisingParameters)
        context.logger.debug("demo firmware running")
        try await Self.tickEverySecond(on: context.clock, firmware: firmware, server: server)
    }

    /// Sleeps until each whole second after the start (catching up, tick by tick, when the clock
    /// jumped) and sends what changed.
    private static func tickEverySecond<C: Clock<Duration>>(on clock: C, firmware: DemoFirmware, server: GATTServer) async throws {
        let start = clock.now
        var seconds = 0
        while true {
            seconds += 1
            try await clock.sleep(until: start.advanced(by: .seconds(seconds)), tolerance: nil)
            for (uuid, value) in firmware.state.withLock({ $0.tick() }) {
                try await server.updateValue(value, for: uuid)
            }
        }
    }

    /// The GATT database, wired to `firmware`.
    func services(_ firmware: DemoFirmware) -> [GATTServiceDefinition] {
        let appearance = Self.appearance.rawValue
        let serial = String(index + 1)
        return [
            GATTServiceDefinition(uuid: BluetoothUUID(0x1800), characteristics: [
                GATTCharacteristicDefinition(uuid: BluetoothUUID(0x2A00), properties: .read, value: Array(name.utf8)),
                GATTCharacteristicDefinition(uuid: BluetoothUUID(0x2A01), properties: .read, value: [UInt8(appearance & 0xFF), UInt8(appearance >> 8)]),
            ]),
            .genericAttribute(),
            GATTServiceDefinition(uuid: BluetoothUUID(0x180A), characteristics: [
                Self.string(.manufacturerName, "Nightlight"),
                Self.string(.modelNumber, "Demo"),
                Self.string(.serialNumber, "NLD-" + String(repeating: "0", count: max(0, 4 - serial.count)) + serial),
                Self.string(.firmwareRevision, Self.firmwareRevision),
            ]),
            GATTServiceDefinition(uuid: BluetoothUUID(0x180F), characteristics: [
                GATTCharacteristicDefinition(uuid: BatteryLevel.uuid, properties: [.read, .notify], value: [100], fixedLength: 1),
            ]),
            GATTServiceDefinition(uuid: BluetoothUUID(0x180D), characteristics: [
                GATTCharacteristicDefinition(uuid: HeartRateMeasurement.uuid, properties: .notify),
                GATTCharacteristicDefinition(uuid: BluetoothUUID(0x2A38), properties: .read, value: [0x01], fixedLength: 1),
                GATTCharacteristicDefinition(
                    uuid: BluetoothUUID(0x2A39), properties: .write, maximumLength: 1,
                    validate: { context throws(GATTError) in
                        // Heart Rate Service 1.0, 3.3.1: only 0x01 Reset Energy Expended is defined.
                        guard context.value == [0x01] else { throw .attError(.application(0x80), handle: context.handle) }
                    },
                    onWrite: { _ in firmware.state.withLock { $0.resetEnergyExpended() } }
                ),
            ]),
            GATTServiceDefinition(uuid: Self.serviceUUID, characteristics: [
                GATTCharacteristicDefinition(
                    uuid: Self.messageUUID, properties: [.read, .write], value: Array(Self.initialMessage.utf8),
                    maximumLength: GATTAttributeDatabase.maximumValueLength, descriptors: [.userDescription("Message")]
                ),
                GATTCharacteristicDefinition(
                    uuid: Self.counterUUID, properties: [.read, .notify, .indicate], value: DemoFirmwareState.uint32(0),
                    descriptors: [.userDescription("Counter"), Self.uint32Format]
                ),
                GATTCharacteristicDefinition(
                    uuid: Self.sinkUUID, properties: .writeWithoutResponse, descriptors: [.userDescription("Sink")],
                    onWrite: { context in firmware.state.withLock { $0.sink(byteCount: context.value.count) } }
                ),
                GATTCharacteristicDefinition(
                    uuid: Self.sinkCountUUID, properties: .read, descriptors: [.userDescription("Sink Count"), Self.uint32Format],
                    onRead: { _ in firmware.state.withLock { DemoFirmwareState.uint32($0.sinkByteCount) } }
                ),
                GATTCharacteristicDefinition(
                    uuid: Self.secretUUID, properties: [.read, .write], permissions: [.readEncrypted, .writeEncrypted],
                    value: Array(Self.initialSecret.utf8), maximumLength: 64, descriptors: [.userDescription("Secret")]
                ),
            ]),
        ]
    }

    /// A read-only Device Information string.
    private static func string(_ field: DeviceInformationString.Field, _ value: String) -> GATTCharacteristicDefinition {
        GATTCharacteristicDefinition(uuid: field.uuid, properties: .read, value: DeviceInformationString(field, value: value).encoded())
    }

    /// Characteristic Presentation Format: `uint32` (0x08), unitless (0x2700).
    private static let uint32Format = GATTDescriptorDefinition.presentationFormat(format: 0x08, unit: 0x2700)
}

/// The demo's user: confirms every numeric comparison (the passkey it shows is the fixed one).
struct DemoPairingAgent: PairingAgent {
    func confirmNumericComparison(_ value: UInt32, with peer: DeviceAddress) async -> Bool { true }
}

/// The demo's firmware state, shared by its timer and its GATT handlers.
final class DemoFirmware: Sendable {
    let state: Mutex<DemoFirmwareState>

    init(index: Int) {
        state = Mutex(DemoFirmwareState(seed: 0x4E4C_0000 + UInt64(index)))
    }
}

/// What the demo's firmware keeps and does each second, without I/O.
struct DemoFirmwareState: Sendable {
    /// Seconds since the firmware started.
    private(set) var seconds = 0
    /// The Counter value.
    private(set) var counter: UInt32 = 0
    /// The heart rate, in beats per minute.
    private(set) var heartRate = 72
    /// Energy expended since the last reset, in kilojoules.
    private(set) var energyExpended = 0.0
    /// Bytes written to Sink.
    private(set) var sinkByteCount: UInt32 = 0
    /// Whether the next measurement carries the energy expended (after a reset).
    private var energyReset = false
    private var noise: VirtualNoiseGenerator

    init(seed: UInt64) {
        noise = VirtualNoiseGenerator(seed: seed)
    }

    /// The battery level: 100 % at the start, 1 % less each minute, back to 100 after 1 %.
    var batteryLevel: UInt8 { UInt8(100 - (seconds / 60) % 100) }

    /// One second passes; returns the characteristic values to set and send, in order.
    mutating func tick() -> [(BluetoothUUID, [UInt8])] {
        let battery = batteryLevel
        seconds += 1
        counter &+= 1
        // A random walk of ±2 bpm, pulled back towards 66…78.
        let pull = heartRate > 78 ? -1 : (heartRate < 66 ? 1 : 0)
        heartRate = min(max(heartRate + Int(noise.next() % 5) - 2 + pull, 55), 100)
        energyExpended += Double(heartRate) / 700  // about 6 kJ a minute at 70 bpm
        var updates = [(HeartRateMeasurement.uuid, heartRateMeasurement()), (DemoPeripheral.counterUUID, Self.uint32(counter))]
        if batteryLevel != battery { updates.append((BatteryLevel.uuid, [batteryLevel])) }
        energyReset = false
        return updates
    }

    /// The Heart Rate Measurement of this second (Heart Rate Service 1.0, 3.1.1): `uint8` bpm,
    /// contact detected, one RR-interval, and energy expended every 10th second and after a reset.
    func heartRateMeasurement() -> [UInt8] {
        let includesEnergy = seconds % 10 == 0 || energyReset
        // Cannot fail: 55…100 bpm fits the uint8 format.
        let measurement = try? HeartRateMeasurement(
            heartRate: UInt16(heartRate), usesUInt16Format: false, sensorContact: .detected,
            energyExpended: includesEnergy ? UInt16(min(energyExpended, Double(UInt16.max))) : nil,
            rrIntervals: [UInt16(60 * 1024 / heartRate)]
        )
        return measurement?.encoded() ?? []
    }

    /// Heart Rate Control Point 0x01: energy expended starts again from 0.
    mutating func resetEnergyExpended() {
        energyExpended = 0
        energyReset = true
    }

    /// Sink took `byteCount` bytes.
    mutating func sink(byteCount: Int) {
        sinkByteCount &+= UInt32(truncatingIfNeeded: byteCount)
    }

    /// `value` as 4 bytes, little-endian.
    static func uint32(_ value: UInt32) -> [UInt8] {
        var writer = ByteWriter(capacity: 4)
        writer.writeUInt32(value)
        return writer.bytes
    }
}
