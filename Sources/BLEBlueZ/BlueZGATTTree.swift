import BLECore
import BLEGATT
import DBus

extension BlueZ {
    /// A remote GATT service (`doc/org.bluez.GattService.rst`).
    static let gattService = "org.bluez.GattService1"
    /// A remote GATT characteristic (`doc/org.bluez.GattCharacteristic.rst`).
    static let gattCharacteristic = "org.bluez.GattCharacteristic1"
    /// A remote GATT descriptor (`doc/org.bluez.GattDescriptor.rst`).
    static let gattDescriptor = "org.bluez.GattDescriptor1"
}

/// A device's GATT database as BlueZ exports it (`…/dev_XX/service000a/char000b/desc000d`), in
/// our GATT types, with the object path of every attribute by its handle.
///
/// BlueZ names each object by an attribute handle in hex: a service by its declaration (its start
/// handle), a characteristic by its declaration, a descriptor by its own handle. The value of a
/// characteristic immediately follows its declaration (Core 5.4, Vol 3, Part G, 3.3), so its
/// value handle is the declaration's plus one.
struct BlueZGATTTree: Sendable {
    /// The services (primary and secondary), in handle order, with their includes,
    /// characteristics and descriptors.
    var services: [GATTService] = []
    /// The object path of each service, by start handle.
    var servicePaths: [UInt16: DBusObjectPath] = [:]
    /// The object path of each characteristic, by value handle.
    var characteristicPaths: [UInt16: DBusObjectPath] = [:]
    /// The object path of each descriptor, by handle.
    var descriptorPaths: [UInt16: DBusObjectPath] = [:]
    /// BlueZ's `Flags` of each characteristic (`read`, `reliable-write`, `encrypt-read`, …), by value handle.
    var characteristicFlags: [UInt16: Set<String>] = [:]

    /// The tree of the GATT objects below `device` in a `GetManagedObjects` answer. Objects whose
    /// path names no handle, or whose UUID does not parse, are left out.
    init(objects: [DBusObjectPath: [String: [String: DBusValue]]], device: DBusObjectPath) {
        var services: [DBusObjectPath: GATTService] = [:]
        var includes: [DBusObjectPath: [DBusObjectPath]] = [:]
        var characteristics: [DBusObjectPath: (service: DBusObjectPath, value: GATTCharacteristic)] = [:]
        var descriptors: [(characteristic: DBusObjectPath, value: GATTDescriptor)] = []
        for (path, interfaces) in objects where path.isDescendant(of: device) && path != device {
            if let properties = interfaces[BlueZ.gattService], let handle = Self.handle(of: path, named: "service"),
                let uuid = properties["UUID"]?.string.flatMap(BluetoothUUID.init)
            {
                services[path] = GATTService(uuid: uuid, isPrimary: properties["Primary"]?.bool ?? true, startHandle: handle, endHandle: handle)
                includes[path] = (properties["Includes"]?.elements ?? []).compactMap(\.objectPath)
            } else if let properties = interfaces[BlueZ.gattCharacteristic], let declaration = Self.handle(of: path, named: "char"),
                declaration < 0xFFFF, let uuid = properties["UUID"]?.string.flatMap(BluetoothUUID.init)
            {
                let flags = Set(properties["Flags"]?.stringArray ?? [])
                let service = properties["Service"]?.objectPath ?? Self.parent(of: path)
                let value = declaration + 1
                characteristics[path] = (service, GATTCharacteristic(
                    uuid: uuid, declarationHandle: declaration, valueHandle: value, properties: Self.properties(flags), endHandle: value
                ))
                characteristicFlags[value] = flags
                characteristicPaths[value] = path
            } else if let properties = interfaces[BlueZ.gattDescriptor], let handle = Self.handle(of: path, named: "desc"),
                let uuid = properties["UUID"]?.string.flatMap(BluetoothUUID.init)
            {
                descriptors.append((properties["Characteristic"]?.objectPath ?? Self.parent(of: path), GATTDescriptor(uuid: uuid, handle: handle)))
                descriptorPaths[handle] = path
            }
        }
        for (owner, descriptor) in descriptors.sorted(by: { $0.value.handle < $1.value.handle }) {
            guard var entry = characteristics[owner] else { continue }
            entry.value.descriptors.append(descriptor)
            entry.value.endHandle = max(entry.value.endHandle, descriptor.handle)
            characteristics[owner] = entry
        }
        for (service, characteristic) in characteristics.values.sorted(by: { $0.value.declarationHandle < $1.value.declarationHandle }) {
            guard var entry = services[service] else { continue }
            entry.characteristics.append(characteristic)
            entry.endHandle = max(entry.endHandle, characteristic.endHandle)
            services[service] = entry
        }
        // BlueZ does not export the handle of an include declaration: it is given as 0.
        let found = services
        for (path, included) in includes {
            services[path]?.includedServices = included.compactMap { found[$0] }.map {
                GATTIncludedService(declarationHandle: 0, uuid: $0.uuid, startHandle: $0.startHandle, endHandle: $0.endHandle)
            }
        }
        for (path, service) in services { servicePaths[service.startHandle] = path }
        self.services = services.values.sorted { $0.startHandle < $1.startHandle }
    }

    /// The service that starts at `handle`.
    func service(at handle: UInt16) -> GATTService? {
        services.first { $0.startHandle == handle }
    }

    /// The characteristic whose value is at `handle`.
    func characteristic(valueHandle handle: UInt16) -> GATTCharacteristic? {
        services.lazy.flatMap(\.characteristics).first { $0.valueHandle == handle }
    }

    /// The handle in the last part of a BlueZ object path, e.g. `0x000b` from `…/char000b`.
    static func handle(of path: DBusObjectPath, named prefix: String) -> UInt16? {
        guard let last = path.rawValue.split(separator: "/").last, last.hasPrefix(prefix) else { return nil }
        let digits = last.dropFirst(prefix.count)
        guard digits.count == 4, digits.allSatisfy(\.isHexDigit), let handle = UInt16(digits, radix: 16), handle != 0 else { return nil }
        return handle
    }

    /// The path one level up.
    static func parent(of path: DBusObjectPath) -> DBusObjectPath {
        let parts = path.rawValue.split(separator: "/").dropLast()
        return (try? DBusObjectPath("/" + parts.joined(separator: "/"))) ?? .root
    }

    /// BlueZ's characteristic `Flags` as the Characteristic Properties octet (Core 5.4, Vol 3,
    /// Part G, 3.3.1.1); the flags of extended properties and security have no bit there.
    static func properties(_ flags: Set<String>) -> GATTCharacteristicProperties {
        let bits: [(String, GATTCharacteristicProperties)] = [
            ("broadcast", .broadcast), ("read", .read), ("write-without-response", .writeWithoutResponse), ("write", .write),
            ("notify", .notify), ("indicate", .indicate), ("authenticated-signed-writes", .authenticatedSignedWrites),
            ("extended-properties", .extendedProperties), ("reliable-write", .extendedProperties), ("writable-auxiliaries", .extendedProperties),
        ]
        var properties: GATTCharacteristicProperties = []
        for (flag, bit) in bits where flags.contains(flag) { properties.insert(bit) }
        return properties
    }
}
