import BLECore
import BLEGATT
import BLEHCI

/// The host a peripheral's firmware runs on: what a virtual device does with its radio (serve a
/// GATT server, advertise, see and end the links centrals made, keep bonds), whoever runs the
/// link layer and ATT.
///
/// ``BLEHost`` is one (our own host over HCI, Core 5.4, Vol 3, Part C, 9); BlueZ's
/// `bluetoothd` is another (`BLEBlueZ`'s `BlueZPeripheralHost`), where bluetoothd advertises,
/// answers ATT and pairs, and the server's handlers are called for each remote device.
public protocol PeripheralHost: Sendable {
    /// Serves `server` to every central that connects (nil: nothing).
    func setGATTServer(_ server: GATTServer?) async
    /// Advertises `data` (with `scanResponse`) under `parameters`, replacing what was advertised.
    func startAdvertising(data: AdvertisingData, scanResponse: AdvertisingData?, parameters: AdvertisingParameters) async throws
    /// Stops advertising.
    func stopAdvertising() async throws
    /// The open links centrals made to this peripheral.
    var peripheralLinks: [any PeripheralLink] { get async }
    /// The bonds the host keeps.
    func bonds() async throws -> [SecurityBond]
    /// Deletes the bond with the peer seen at `address`; whether there was one.
    @discardableResult
    func removeBond(for address: DeviceAddress) async throws -> Bool
    /// The address of the controller (or adapter) it runs on, once known.
    var controllerAddress: DeviceAddress? { get async }
}

extension PeripheralHost {
    /// Advertises `data` with no scan response under the default parameters.
    public func startAdvertising(data: AdvertisingData) async throws {
        try await startAdvertising(data: data, scanResponse: nil, parameters: AdvertisingParameters())
    }

    /// Advertises `data` with no scan response.
    public func startAdvertising(data: AdvertisingData, parameters: AdvertisingParameters) async throws {
        try await startAdvertising(data: data, scanResponse: nil, parameters: parameters)
    }
}

/// A link a central made to a ``PeripheralHost``.
public protocol PeripheralLink: AnyObject, Sendable {
    /// The central's address.
    var address: DeviceAddress { get }
    /// Ends the link with `reason` (where the host lets us choose one).
    func disconnect(reason: HCIStatus) async throws
    /// Returns once what was sent on the link (notifications, responses) has left.
    func waitUntilTransmitted() async
    /// The client `server` serves on this link, if it has one.
    func gattClient(of server: GATTServer) async -> GATTClientID?
}

extension PeripheralLink {
    /// Ends the link (Remote User Terminated Connection).
    public func disconnect() async throws {
        try await disconnect(reason: .remoteUserTerminatedConnection)
    }
}

extension BLEHost: PeripheralHost {
    /// The peripheral-role connections, in handle order.
    public var peripheralLinks: [any PeripheralLink] {
        connections.filter { $0.role == .peripheral }
    }

    /// The controller's public address (``controllerInfo``), once started.
    public var controllerAddress: DeviceAddress? {
        controllerInfo?.address
    }
}

extension HostConnection: PeripheralLink {
    /// The client `server` serves on this connection's bearer.
    public func gattClient(of server: GATTServer) async -> GATTClientID? {
        await server.client(on: bearer)
    }
}
