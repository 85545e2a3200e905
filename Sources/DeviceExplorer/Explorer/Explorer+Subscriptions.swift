import BLE
import DashboardShell

// The Explorer's notifications: each characteristic that notifies or indicates is followed by a
// task of its own while the Explorer holds the connection (subscribed at connection, as the
// scanner does), and the page can switch each one off and on again (Core 5.4, Vol 3, Part G,
// 4.10 and 4.11: the Client Characteristic Configuration is written by `BLE`).

extension Explorer {
    /// Forwards `stream`'s values to the pages until it ends or the hold ends.
    func follow(_ address: String, _ characteristic: Characteristic, _ stream: AsyncThrowingStream<[UInt8], any Error>) {
        let task = Task { [weak self] in
            do {
                for try await value in stream { await self?.notified(address, characteristic, value) }
            } catch {
                if !Task.isCancelled { await self?.subscriptionEnded(address, characteristic.valueHandle, error) }
            }
        }
        held[address]?.subscriptions[characteristic.valueHandle] = task
    }

    /// Subscribes to (`on`) or unsubscribes from the notifications or indications of the
    /// characteristic whose value handle is `handle`, on a connection the Explorer holds.
    func setSubscription(_ address: String, handle: UInt16, on: Bool) async throws -> ExplorerSubscription {
        let characteristic = try await characteristic(address, handle)
        guard held[address] != nil else {
            throw DashboardError(.conflict, "notConnected", "\(address) is not connected in the Explorer; connect to it here first")
        }
        guard characteristic.properties.contains(.notify) || characteristic.properties.contains(.indicate) else {
            throw DashboardError(
                .unprocessableContent, "notSubscribable",
                "\(characteristic) neither notifies nor indicates: its properties are \(ExplorerCharacteristic.propertyNames(characteristic).joined(separator: ", "))",
                field: "handle"
            )
        }
        if on {
            if held[address]?.subscriptions[handle] == nil {
                let stream: AsyncThrowingStream<[UInt8], any Error>
                do {
                    stream = try await link.withDeviceLock(address) { try await characteristic.subscribe() }
                } catch {
                    notes[address]?.errors[handle] = "subscribing failed: \(Self.failure(error).message)"
                    throw Self.failure(error)
                }
                // The hold may have ended while subscribing: then the stream is dropped (which
                // unsubscribes) and the page hears that the device is not connected.
                guard held[address] != nil else { throw Self.notConnected(address) }
                if held[address]?.subscriptions[handle] == nil { follow(address, characteristic, stream) }
            }
            notes[address, default: Notes()].subscribed.insert(handle)
            notes[address]?.errors[handle] = nil
        } else {
            held[address]?.subscriptions.removeValue(forKey: handle)?.cancel()
            notes[address]?.subscribed.remove(handle)
        }
        return ExplorerSubscription(address: address, handle: handle, uuid: characteristic.uuid.description, subscribed: on)
    }
}
