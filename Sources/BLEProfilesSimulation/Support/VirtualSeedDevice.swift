import BLECore
import BLEGATT
import BLEHost
import BLEProfiles
import BLESimulation
import BLEVirtual

/// What the virtual seed devices (``VirtualColorBulb``, ``VirtualBean``, ``VirtualMiBand2``,
/// ``VirtualSensorTag``) do alike: numbered instances, advertising, Device Information.
enum VirtualSeedDevice {
    /// The highest instance index: an address ending in 0xFF.
    static let maximumIndex = 254
    /// Advertising every 100 ms, connectable, one central at a time.
    static let advertisingParameters = AdvertisingParameters(interval: .milliseconds(100) ... .milliseconds(100))

    /// The name and address of instance `index` (0…``maximumIndex``) of `kind` (`bulb`, …):
    /// `name` for the first, then `name` and the instance number after `separator` (`Bean 2`,
    /// `MI Band 2 #2`); `firstAddress` for the first, counting up.
    ///
    /// Throws ``VirtualError/Code/invalidArgument`` for another index.
    static func instance(
        _ index: Int, of kind: String, name: String, separator: String = " ", firstAddress: UInt64, isRandom: Bool = false
    ) throws(VirtualError) -> (name: String, address: DeviceAddress) {
        guard (0...maximumIndex).contains(index) else {
            throw VirtualError(.invalidArgument, "\(kind) index \(index) is out of range; use 0…\(maximumIndex)")
        }
        do {
            let address = try DeviceAddress(value: firstAddress + UInt64(index), isRandom: isRandom)
            return (index == 0 ? name : "\(name)\(separator)\(index + 1)", address)
        } catch {
            throw VirtualError(.invalidArgument, "\(kind) \(index): \(error)")
        }
    }

    /// A Serial Number String: `prefix` and the instance number in six digits, e.g. `CB-000001`.
    static func serialNumber(_ prefix: String, index: Int) -> String {
        let digits = String(index + 1)
        return prefix + String(repeating: "0", count: max(0, 6 - digits.count)) + digits
    }

    /// The advertisement: Flags (LE General Discoverable), `services`, the complete local name.
    static func advertisingData(name: String, services: ServiceUUIDList) throws -> AdvertisingData {
        try AdvertisingData([.flags(.leGeneralDiscoverableOnly), .serviceUUIDs(services), .localName(LocalName(name))])
    }

    /// Serves `server` on the context's host and advertises `advertisement` every 100 ms.
    static func serve(_ server: GATTServer, advertising advertisement: AdvertisingData, in context: VirtualDeviceContext) async throws {
        await context.host.setGATTServer(server)
        try await context.host.startAdvertising(data: advertisement, parameters: advertisingParameters)
    }

    /// Generic Access: the Device Name `name`, then `more` (Appearance, …).
    static func genericAccess(_ name: String, _ more: [GATTCharacteristicDefinition] = []) -> GATTServiceDefinition {
        GATTServiceDefinition(uuid: BluetoothUUID(0x1800), characteristics: [readOnly(BluetoothUUID(0x2A00), Array(name.utf8))] + more)
    }

    /// A read-only characteristic holding `value`.
    static func readOnly(_ uuid: BluetoothUUID, _ value: [UInt8]) -> GATTCharacteristicDefinition {
        GATTCharacteristicDefinition(uuid: uuid, properties: .read, value: value, fixedLength: value.count)
    }

    /// A read-only Device Information string.
    static func string(_ field: DeviceInformationString.Field, _ value: String) -> GATTCharacteristicDefinition {
        readOnly(field.uuid, DeviceInformationString(field, value: value).encoded())
    }
}
