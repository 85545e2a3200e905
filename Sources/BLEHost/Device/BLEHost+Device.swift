import BLECore
import BLEGATT
import BLEHCI

extension BLEHost {
    // MARK: Device layer

    /// The GATT server attached to every new connection's bearer, if any.
    public var gattServer: GATTServer? { device.gattServer }

    /// The open connections, in handle order.
    public var connections: [HostConnection] {
        device.connections.keys.sorted().compactMap { device.connections[$0] }
    }

    /// The open connection with `handle`, if any.
    public func connection(handle: UInt16) -> HostConnection? {
        device.connections[handle]
    }

    /// Sets the GATT server every connection's bearer is attached to (also attaches it to the
    /// open connections); nil serves nothing (requests are answered Request Not Supported).
    public func setGATTServer(_ server: GATTServer?) async {
        device.gattServer = server
        guard let server else { return }
        for connection in device.connections.values {
            await server.attach(connection.bearer, security: Self.gattSecurity(connection.security))
        }
    }

    /// Uses `random` as own address when advertising, scanning and initiating (nil: the public address).
    func useOwnAddress(random: DeviceAddress?) {
        device.ownRandomAddress = random
    }

    /// Stops scanning and advertising and disconnects every connection, each step bounded by
    /// the command timeout (for ``shutDown()``).
    func leaveControllerIdle() async {
        device.activeScan?.continuation.finish()
        device.activeScan = nil
        device.advertising = nil
        _ = try? await send(HCILESetScanEnable(enable: false, filterDuplicates: false))
        _ = try? await send(HCILESetAdvertisingEnable(enable: false))
        let clock = clock
        let limit = configuration.commandTimeout
        let connections = device.connections.values.map { $0 }
        await runWithTimeLimit(limit, clock: clock) {
            await withTaskGroup(of: Void.self) { group in
                for connection in connections {
                    group.addTask { try? await connection.disconnect() }
                }
            }
        }
    }
}
