import BLECore
import BLEGATT
import BLEHost
import BLEProfiles
import BLESimulation
import BLEVirtual
import Logging
import Synchronization

/// A virtual TI SensorTag (CC2541) on our GATT server: the sensor services of
/// ``SensorTagSensor`` with their data, configuration and period characteristics, the
/// barometer's calibration, the simple keys and Device Information, on the injected clock of its
/// ``VirtualDeviceContext``.
///
/// - Advertising every 100 ms: Flags, the name `SensorTag` (`SensorTag 2`, … for further
///   instances) and the simple keys service `FFE0`; one central at a time. Instance `n` (0…254)
///   has the public address `BC:6A:29:AC:00:(n+1)`.
/// - Each sensor starts off. Writing its configuration (`01`; the gyroscope's axes `01`…`07`;
///   the accelerometer's range on firmware 1.5: `01` ±8 g, `02` ±4 g, `03` ±2 g) switches it on:
///   it measures one period later and then every period, setting and notifying its data; `00`
///   switches it off (its data keeps the last measurement). Configurations other than these, and
///   periods under the sensor's minimum (100 ms; 300 ms for IR temperature), are refused with
///   Out of Range (0xFF).
/// - Its firmware is 1.5 (``firmwareRevision``) unless made otherwise
///   (``init(index:firmwareRevision:firmwareClock:)``): before 1.5 the accelerometer takes only
///   `00` and `01` and measures ±2 g, as TI's earlier firmware does.
/// - The barometer's calibration (`AA43`) reads zeros until `02` is written to its configuration.
/// - What the sensors see moves plausibly: a room at about 23.5 °C drifting by ±0.6 °C over
///   15 minutes, a warm mug (about 35 °C) in the IR sensor's view, 45 %RH ± 3, 1013 hPa ± 0.8,
///   the tag tilting gently (±8° over a minute) with the Earth's field and the rotation rates to
///   match, and someone pressing the right button for a second every 30 s and the left one every
///   75 s (``hold(_:)`` overrides them).
/// - A disconnection switches every sensor off and restores the periods, as TI's firmware does.
public struct VirtualSensorTag: VirtualDevice {
    /// The `sensortag` kind of ``VirtualDeviceCatalog``.
    public static let kind = VirtualDeviceKind(
        name: "sensortag",
        summary: "TI SensorTag (CC2541): IR temperature, accelerometer, humidity, magnetometer, barometer with calibration, gyroscope and simple keys, with values that move"
    ) { instance in
        try VirtualSensorTag(index: instance.index)
    }

    /// The highest instance index: its address ends in 0xFF.
    public static let maximumIndex = VirtualSeedDevice.maximumIndex
    /// The advertised name of instance 0.
    public static let advertisedName = "SensorTag"
    /// The Firmware Revision String of a tag made without one: firmware 1.5, whose accelerometer
    /// configuration chooses the range.
    public static let firmwareRevision = "1.5 (Nightlight)"
    /// A Firmware Revision String before 1.5: the accelerometer at ±2 g only.
    public static let earlierFirmwareRevision = "1.4 (Nightlight)"

    /// Which tag this is (0 for the first).
    public let index: Int
    /// `SensorTag` for instance 0, then `SensorTag 2`, ….
    public let name: String
    /// `BC:6A:29:AC:00:01` for instance 0, counting up.
    public let address: DeviceAddress
    /// The clock the firmware runs on, when not the context's (tests drive a manual one while the
    /// radio runs in real time).
    public let firmwareClock: (any Clock<Duration>)?
    /// The Firmware Revision String it answers; the firmware behaves as the version it begins
    /// with (one that begins with none is taken for one before 1.5, as ``SensorTag`` does).
    public let firmwareRevision: String
    let firmware: SensorTagFirmware

    /// Creates instance `index` (0…``maximumIndex``) running `firmwareRevision` (1.5 unless
    /// told, e.g. ``earlierFirmwareRevision``), its firmware on `firmwareClock` (nil: the
    /// context's clock).
    ///
    /// Throws ``VirtualError/Code/invalidArgument`` for another index.
    public init(index: Int = 0, firmwareRevision: String = Self.firmwareRevision, firmwareClock: (any Clock<Duration>)? = nil) throws(VirtualError) {
        (name, address) = try VirtualSeedDevice.instance(index, of: "sensortag", name: Self.advertisedName, firstAddress: 0xBC6A_29AC_0001)
        self.index = index
        self.firmwareClock = firmwareClock
        self.firmwareRevision = firmwareRevision
        firmware = SensorTagFirmware(seed: 0x5354_4147_0000 + UInt64(index), version: SensorTagFirmwareVersion(revision: firmwareRevision))
    }

    // MARK: Firmware

    /// Serves the database, advertises and runs the sensors on the context's clock until
    /// cancelled.
    public func run(_ context: VirtualDeviceContext) async throws {
        firmware.boot(logger: context.logger)
        let server = try GATTServer(services: services())
        let firmware = firmware
        await server.setDisconnectHandler { _ in firmware.perform { $0.reset(); return [] } }
        let services = ServiceUUIDList(uuids: [SensorTagUUID.simpleKeysService], size: .bits16, isComplete: false)
        try await VirtualSeedDevice.serve(server, advertising: try VirtualSeedDevice.advertisingData(name: name, services: services), in: context)
        // Ticks of 50 ms; each sensor measures at its own due times within them.
        try await firmware.loop.run(server: server, clock: firmwareClock ?? context.clock, every: .milliseconds(50)) { time in
            firmware.perform { $0.advance(to: time) }
        }
    }

    /// The GATT database, wired to the firmware.
    func services() -> [GATTServiceDefinition] {
        let firmware = firmware
        var services: [GATTServiceDefinition] = [
            VirtualSeedDevice.genericAccess(name),
            .genericAttribute(),
            GATTServiceDefinition(uuid: SensorTagUUID.deviceInformation, characteristics: [
                GATTCharacteristicDefinition(uuid: SystemID.uuid, properties: .read, value: systemID),
                VirtualSeedDevice.string(.modelNumber, "CC2541 SensorTag"),
                VirtualSeedDevice.string(.serialNumber, serialNumber),
                VirtualSeedDevice.string(.firmwareRevision, firmwareRevision),
                VirtualSeedDevice.string(.manufacturerName, "Texas Instruments"),
            ]),
        ]
        for sensor in SensorTagFirmwareState.measuring {
            var characteristics = [
                GATTCharacteristicDefinition(
                    uuid: sensor.data, properties: [.read, .notify],
                    onRead: { _ in firmware.state.withLock { $0.sensors[sensor]?.data ?? [] } }
                ),
            ]
            if let configuration = sensor.configuration {
                characteristics.append(Self.setting(
                    configuration, of: firmware, read: { $0.sensors[sensor]?.configuration ?? 0 },
                    accepts: { value in firmware.state.withLock { $0.acceptsConfiguration(value, for: sensor) } },
                    write: { $0.configure(sensor, $1) }
                ))
            }
            if let period = sensor.period {
                characteristics.append(Self.setting(
                    period, of: firmware, read: { $0.sensors[sensor]?.period ?? 0 },
                    accepts: { SensorTagFirmwareState.acceptsPeriod($0, for: sensor) }, write: { $0.setPeriod(sensor, $1) }
                ))
            }
            if sensor == .barometer {
                characteristics.append(GATTCharacteristicDefinition(
                    uuid: SensorTagUUID.barometerCalibration, properties: .read,
                    onRead: { _ in firmware.state.withLock { $0.calibration } }
                ))
            }
            services.append(GATTServiceDefinition(uuid: sensor.service, characteristics: characteristics))
        }
        services.append(GATTServiceDefinition(uuid: SensorTagUUID.simpleKeysService, characteristics: [
            GATTCharacteristicDefinition(uuid: SensorTagUUID.simpleKeysData, properties: .notify, value: [0], fixedLength: 1),
        ]))
        return services
    }

    /// A one-byte setting of a sensor (its configuration or its period): `read` from the
    /// firmware's state, a value `accepts` refuses answered with Out of Range (0xFF), and the
    /// others given to `write`.
    private static func setting(
        _ uuid: BluetoothUUID, of firmware: SensorTagFirmware,
        read: @escaping @Sendable (SensorTagFirmwareState) -> UInt8,
        accepts: @escaping @Sendable (UInt8) -> Bool,
        write: @escaping @Sendable (inout SensorTagFirmwareState, UInt8) -> Void
    ) -> GATTCharacteristicDefinition {
        GATTCharacteristicDefinition(
            uuid: uuid, properties: [.read, .write], fixedLength: 1,
            onRead: { _ in [firmware.state.withLock { read($0) }] },
            validate: { context throws(GATTError) in
                guard let value = context.value.first, accepts(value) else { throw .attError(.outOfRange, handle: context.handle) }
            },
            onWrite: { context in
                guard let value = context.value.first else { return }
                firmware.perform { state in
                    write(&state, value)
                    return []
                }
            }
        )
    }

    /// Serial Number String: `NLST-` and the instance number, e.g. `NLST-000001`.
    public var serialNumber: String { VirtualSeedDevice.serialNumber("NLST-", index: index) }

    /// System ID: the address's low 24 bits as the manufacturer identifier, TI's OUI `BC:6A:29`.
    var systemID: [UInt8] {
        let low = address.value & 0xFF_FFFF
        return (0..<5).map { UInt8(truncatingIfNeeded: low >> (8 * $0)) } + [0x29, 0x6A, 0xBC]
    }

    // MARK: Simulator controls

    /// Holds `keys` down (notified at once), or with nil lets the simulated user press them again.
    public func hold(_ keys: SensorTagKeys?) async {
        firmware.perform { $0.hold(keys) }
    }

    /// `keys KEYS`: holds `left`, `right`, `side` (joined with `+`) or `none` down, or with
    /// `auto` lets the simulated user press the right button again (``hold(_:)``).
    public var actions: [VirtualDeviceAction] {
        [
            VirtualDeviceAction(
                "keys", arguments: ["KEYS"],
                summary: "hold keys down: left, right, side, joined with + (left+right), or none; auto gives them back to the simulated user"
            ) { words in
                let keys = try Self.keys(words[0])
                await hold(keys)
                return keys.map { "holding \($0.names) (notified)" } ?? "the simulated user presses the keys again"
            }
        ]
    }

    /// The keys of `keys`' argument; nil for `auto`.
    static func keys(_ word: String) throws(VirtualError) -> SensorTagKeys? {
        let names: [String: SensorTagKeys] = ["left": .left, "right": .right, "side": .side, "none": []]
        if word.lowercased() == "auto" { return nil }
        var keys: SensorTagKeys = []
        for part in word.lowercased().split(separator: "+", omittingEmptySubsequences: false) {
            guard let key = names[String(part)] else {
                throw VirtualError(.invalidArgument, "KEYS must be left, right, side (joined with +, e.g. left+right), none or auto, not '\(word)'")
            }
            keys.formUnion(key)
        }
        return keys
    }

    /// Each sensor's configuration byte and period, for tools and tests.
    public func configuration() async -> [SensorTagSensor: (configuration: UInt8, period: Duration)] {
        firmware.state.withLock { state in
            state.sensors.mapValues { ($0.configuration, Duration.milliseconds(Int($0.period) * 10)) }
        }
    }

    /// The time the firmware has run, on its clock.
    public func elapsed() async -> Duration {
        firmware.state.withLock { $0.elapsed }
    }
}

/// The tag's firmware: its state, shared by its timer, its GATT handlers and the simulator
/// controls, and the way out for what it notifies.
final class SensorTagFirmware: Sendable {
    let state: Mutex<SensorTagFirmwareState>
    /// The timer and the notifications of a running tag.
    let loop = VirtualFirmwareLoop()
    private let seed: UInt64
    private let version: SensorTagFirmwareVersion?

    init(seed: UInt64, version: SensorTagFirmwareVersion?) {
        self.seed = seed
        self.version = version
        state = Mutex(SensorTagFirmwareState(seed: seed, version: version))
    }

    func boot(logger: Logger) {
        state.withLock { $0 = SensorTagFirmwareState(seed: seed, version: version) }
        logger.info("SensorTag firmware \(version?.description ?? "without a version") running, every sensor off")
    }

    /// Runs one step of the firmware and sends what it produced.
    func perform(_ step: (inout SensorTagFirmwareState) -> [VirtualValueUpdate]) {
        loop.send(state.withLock { step(&$0) })
    }
}
