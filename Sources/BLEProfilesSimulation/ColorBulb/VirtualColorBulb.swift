import BLECore
import BLEGATT
import BLEHost
import BLEProfiles
import BLESimulation
import BLEVirtual
import Foundation
import Logging
import Synchronization

/// A virtual Colorific-style color bulb: the bulb of seed 000 (second half) on our GATT server.
///
/// - Advertising every 100 ms: Flags, Immediate Alert (0x1802) in an incomplete list of 16-bit
///   service UUIDs, and the name `Colorific` (instance 0; then `Colorific 2`, …). One central
///   at a time, as on the real bulb.
/// - The database, laid out so the color characteristic's value is at handle 0x0028 as on the
///   real bulb:
///
/// | handles | service | characteristics |
/// |---|---|---|
/// | 0x0001–0x0007 | Generic Access 0x1800 | Device Name, Appearance (0x07C2 LED Lamp), Peripheral Preferred Connection Parameters |
/// | 0x0008–0x0011 | Generic Attribute 0x1801 | Service Changed, Client Supported Features, Database Hash, Server Supported Features |
/// | 0x0012–0x0022 | Device Information 0x180A | Manufacturer Name, Model Number, Serial Number, Hardware, Firmware and Software Revision, System ID, PnP ID |
/// | 0x0023–0x0025 | Link Loss 0x1803 | Alert Level 0x2A06 (read, write; 0…2) |
/// | 0x0026–0x0028 | Immediate Alert 0x1802 | Alert Level 0x2A06 (write, write without response), value at **0x0028**: the color command |
///
/// - Firmware: a ``ColorBulbCommand`` (`58 01 03 01 FF 00 RR GG BB`) sets the color at once;
///   `000000` is off, `FFFFFF` full white. Any other value is refused: Invalid Attribute Value
///   Length (0x0D) for another length, Value Not Allowed (0x13) for another header (a Write
///   Command's refusal is only logged, as ATT has no way to report it).
/// - Flash: the color lives in `<directory>/bulb-<index>.json` (memory only without a
///   directory), so it survives separate runs; a new bulb starts full white.
///
/// ``color`` and ``colors()`` show what the bulb shines, for tools and tests.
public struct VirtualColorBulb: VirtualDevice {
    /// The `bulb` kind of ``VirtualDeviceCatalog``.
    public static let kind = VirtualDeviceKind(
        name: "bulb",
        summary: "Colorific-style color bulb: Immediate Alert 0x1802, color command 58 01 03 01 FF 00 RR GG BB at handle 0x0028; color kept in flash"
    ) { instance in
        try VirtualColorBulb(index: instance.index, directory: instance.directory)
    }

    /// The highest instance index.
    public static let maximumIndex = VirtualSeedDevice.maximumIndex
    /// The color of a new bulb: full white.
    public static let factoryColor = RGB.white
    /// Appearance 0x07C2: Light Source, LED Lamp.
    public static let appearance = Appearance(rawValue: 0x07C2)
    /// Manufacturer Name String.
    public static let manufacturerName = "Nightlight Labs"
    /// Model Number String.
    public static let modelNumber = "Colorific-style bulb"
    /// Firmware Revision String.
    public static let firmwareRevision = "1.0.0"

    /// Which bulb this is (0 for the first).
    public let index: Int
    /// The advertised name: `Colorific`, then `Colorific 2`, `Colorific 3`, ….
    public let name: String
    /// `5C:31:3E:F2:16:13` (the seed's bulb) for instance 0, counting up.
    public let address: DeviceAddress
    /// The settings file, or nil when the color is kept in memory.
    public var settingsPath: String? { state.flash.path }
    let state: ColorBulbState

    /// Creates instance `index` (0…``maximumIndex``), keeping its color in `directory` (nil: in
    /// memory).
    ///
    /// Throws ``VirtualError/Code/invalidArgument`` for another index.
    public init(index: Int = 0, directory: String? = nil) throws(VirtualError) {
        (name, address) = try VirtualSeedDevice.instance(index, of: "bulb", name: "Colorific", firstAddress: 0x5C31_3EF2_1613)
        self.index = index
        state = ColorBulbState(flash: DeviceSettingsFile(directory: directory, name: "bulb-\(index).json"))
    }

    /// The advertisement: Flags, Immediate Alert (incomplete list), the complete local name.
    public var advertisingData: AdvertisingData {
        get throws {
            try VirtualSeedDevice.advertisingData(name: name, services: ServiceUUIDList(uuids: [ColorBulb.serviceUUID], size: .bits16, isComplete: false))
        }
    }

    // MARK: Firmware

    /// Loads the color from flash, serves the database and advertises; the firmware then works
    /// in the GATT handlers until the world shuts down.
    public func run(_ context: VirtualDeviceContext) async throws {
        state.boot(logger: context.logger)
        try await VirtualSeedDevice.serve(try GATTServer(services: services(logger: context.logger)), advertising: try advertisingData, in: context)
        context.logger.debug("bulb firmware running, color \(state.color)")
    }

    /// The GATT database of the table above.
    func services(logger: Logger) -> [GATTServiceDefinition] {
        let state = state
        return [
            VirtualSeedDevice.genericAccess(name, [
                VirtualSeedDevice.readOnly(BluetoothUUID(0x2A01), [UInt8(Self.appearance.rawValue & 0xFF), UInt8(Self.appearance.rawValue >> 8)]),
                // Peripheral Preferred Connection Parameters: 100–200 ms, latency 0, timeout 10 s.
                VirtualSeedDevice.readOnly(BluetoothUUID(0x2A04), [0x50, 0x00, 0xA0, 0x00, 0x00, 0x00, 0xE8, 0x03]),
            ]),
            .genericAttribute(),
            GATTServiceDefinition(uuid: BluetoothUUID(0x180A), characteristics: [
                VirtualSeedDevice.string(.manufacturerName, Self.manufacturerName),
                VirtualSeedDevice.string(.modelNumber, Self.modelNumber),
                VirtualSeedDevice.string(.serialNumber, serialNumber),
                VirtualSeedDevice.string(.hardwareRevision, "1.0"),
                VirtualSeedDevice.string(.firmwareRevision, Self.firmwareRevision),
                VirtualSeedDevice.string(.softwareRevision, "virtual-1"),
                VirtualSeedDevice.readOnly(SystemID.uuid, systemID),
                VirtualSeedDevice.readOnly(PnPID.uuid, PnPID(vendorIDSource: .bluetoothSIG, vendorID: 0xFFFF, productID: 0x0001, productVersion: 0x0100).encoded()),
            ]),
            GATTServiceDefinition(uuid: BluetoothUUID(0x1803), characteristics: [
                GATTCharacteristicDefinition(
                    uuid: ColorBulb.colorCharacteristicUUID, properties: [.read, .write], value: [0x00], fixedLength: 1,
                    validate: { context throws(GATTError) in
                        // Alert Level: 0 No Alert, 1 Mild Alert, 2 High Alert.
                        guard let level = context.value.first, level <= 2 else { throw .attError(.outOfRange, handle: context.handle) }
                    }
                ),
            ]),
            GATTServiceDefinition(uuid: ColorBulb.serviceUUID, characteristics: [
                GATTCharacteristicDefinition(
                    uuid: ColorBulb.colorCharacteristicUUID, properties: [.write, .writeWithoutResponse],
                    validate: { context throws(GATTError) in
                        if let refusal = ColorBulbCommand.refusal(for: context.value) {
                            logger.info("refused \(context.value.hexString) (\(refusal)): not a color command")
                            throw .attError(refusal, handle: context.handle)
                        }
                    },
                    onWrite: { context in
                        guard let command = try? ColorBulbCommand(bytes: context.value) else { return }
                        state.show(command.color, logger: logger)
                    }
                ),
            ]),
        ]
    }

    /// Serial Number String: `CB-` and the instance number, e.g. `CB-000001`.
    public var serialNumber: String { VirtualSeedDevice.serialNumber("CB-", index: index) }

    /// System ID: the low 40 bits of the address, then the address's OUI, least significant
    /// octets first.
    var systemID: [UInt8] {
        let identifier = address.value & 0xFF_FFFF_FFFF
        let oui = address.value >> 24
        return (0..<5).map { UInt8(truncatingIfNeeded: identifier >> (8 * $0)) } + (0..<3).map { UInt8(truncatingIfNeeded: oui >> (8 * $0)) }
    }

    // MARK: What the bulb shows

    /// The color the bulb shines now (``factoryColor`` before it first runs).
    public var color: RGB { state.color }

    /// How many color commands the bulb has taken since it was made.
    public var commandCount: Int { state.commandCount }

    /// The colors the bulb shines: the current one first, then each color command it takes (a
    /// command repeating the color too), until the iteration ends.
    public func colors() -> AsyncStream<RGB> {
        state.colors()
    }
}

/// What a ``VirtualColorBulb`` value shares with its firmware: the color, its flash and its
/// observers.
final class ColorBulbState: Sendable {
    private struct Shared {
        var color = VirtualColorBulb.factoryColor
        var commandCount = 0
    }

    let flash: DeviceSettingsFile<ColorBulbFlashRecord>
    private let shared = Mutex(Shared())
    private let observers = ValueObservers<RGB>()

    init(flash: DeviceSettingsFile<ColorBulbFlashRecord>) {
        self.flash = flash
    }

    var color: RGB { shared.withLock { $0.color } }
    var commandCount: Int { shared.withLock { $0.commandCount } }

    /// Power on: the color saved last, or full white.
    func boot(logger: Logger) {
        let saved = flash.load(logger: logger, fallback: "starting full white") { record in try RGB(hex: record.color) }
        publish(saved ?? VirtualColorBulb.factoryColor, counting: false)
    }

    /// A color command arrived: shine `color` and keep it in flash.
    func show(_ color: RGB, logger: Logger) {
        let previous = publish(color, counting: true)
        logger.debug("color \(color)")
        if color != previous { flash.save(ColorBulbFlashRecord(color: color.hex), logger: logger) }
    }

    /// Shows `color`; returns the one it replaces (read under the same lock, so of two commands
    /// at once each sees the other's color and a change is never missed by the flash).
    @discardableResult
    private func publish(_ color: RGB, counting: Bool) -> RGB {
        shared.withLock { shared in
            let previous = shared.color
            shared.color = color
            if counting { shared.commandCount += 1 }
            observers.yield(color)
            return previous
        }
    }

    /// The current color, then each one published.
    func colors() -> AsyncStream<RGB> {
        shared.withLock { shared in observers.stream(startingWith: shared.color) }
    }
}

/// The bulb's settings file: its color as `#RRGGBB`.
struct ColorBulbFlashRecord: Codable, Hashable, Sendable {
    var color: String
}
