import BLE
import BLECore
import DashboardShell

// The Explorer's reads and writes of a connected device's characteristics, by value handle
// (Core 5.4, Vol 3, Part G, 4.8 and 4.9), each under the device's lock on the shared radio.

extension Explorer {
    // MARK: Reading and writing

    /// Reads a characteristic by its value handle.
    func read(_ address: String, handle: UInt16) async throws -> ExplorerValueReport {
        let characteristic = try await characteristic(address, handle)
        guard characteristic.properties.contains(.read) else {
            throw DashboardError(
                .unprocessableContent, "notReadable",
                "\(characteristic) cannot be read: its properties are \(ExplorerCharacteristic.propertyNames(characteristic).joined(separator: ", "))",
                field: "handle"
            )
        }
        let bytes: [UInt8]
        do {
            bytes = try await link.withDeviceLock(address) { try await characteristic.read() }
        } catch {
            throw Self.failure(error)
        }
        return stored(address, characteristic, bytes, withResponse: nil)
    }

    /// Writes a characteristic by its value handle, with a Write Request or a Write Command.
    func write(_ address: String, handle: UInt16, bytes: [UInt8], withResponse: Bool) async throws -> ExplorerValueReport {
        let characteristic = try await characteristic(address, handle)
        let needed = withResponse ? "write" : "writeWithoutResponse"
        let properties = ExplorerCharacteristic.propertyNames(characteristic)
        guard properties.contains(needed) else {
            throw DashboardError.invalid(
                "withResponse",
                "\(characteristic) cannot be written \(withResponse ? "with" : "without") a response: its properties are \(properties.joined(separator: ", "))"
            )
        }
        do {
            try await link.withDeviceLock(address) {
                try await characteristic.write(bytes, type: withResponse ? .withResponse : .withoutResponse)
            }
        } catch let error as BLEError where error.code == .invalidArgument {
            throw DashboardError.invalid("hex", error.message)
        } catch {
            throw Self.failure(error)
        }
        return stored(address, characteristic, bytes, withResponse: withResponse)
    }

    func stored(_ address: String, _ characteristic: Characteristic, _ bytes: [UInt8], withResponse: Bool?) -> ExplorerValueReport {
        let value = ExplorerValue(bytes, uuid: characteristic.uuid, at: configuration.now())
        let handle = characteristic.valueHandle
        notes[address, default: Notes()].values[handle] = value
        notes[address]?.errors[handle] = nil
        broadcast(ExplorerMessage(type: "value", address: address, handle: handle, uuid: characteristic.uuid.description, value: value))
        return ExplorerValueReport(
            address: address, handle: handle, uuid: characteristic.uuid.description, name: characteristic.name, value: value,
            withResponse: withResponse
        )
    }

    /// The characteristic of a connected device whose value handle is `handle`.
    func characteristic(_ address: String, _ handle: UInt16) async throws -> Characteristic {
        let peripheral = try await knownPeripheral(address)
        guard peripheral.isConnected else { throw Self.notConnected(address) }
        guard let characteristic = peripheral.services.flatMap(\.characteristics).first(where: { $0.valueHandle == handle }) else {
            throw DashboardError(
                .notFound, "characteristicNotFound",
                "\(address) has no characteristic whose value handle is \(handle) (0x\(String(handle, radix: 16, uppercase: true))); see its services",
                field: "handle"
            )
        }
        return characteristic
    }
}
