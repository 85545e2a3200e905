import BLECore
import BLEGATT
import BLEHost

/// The radio's state, as ``Central/state`` reports it.
public enum RadioState: String, Sendable, Hashable, Codable, CustomStringConvertible {
    /// Not known yet: the central is opening its transport.
    case unknown
    /// The controller is being reset and initialised.
    case resetting
    /// Ready: scanning and connecting work.
    case poweredOn
    /// No controller: the transport is closed, the controller went away or stopped answering.
    case poweredOff
    /// The controller cannot do Bluetooth Low Energy, or failed in a way that rules it out.
    case unsupported
    /// Not allowed to use the controller (permissions, e.g. the HCI user channel without
    /// CAP_NET_ADMIN).
    case unauthorized

    /// A word for people: `powered on`, `powered off`, ….
    public var description: String {
        switch self {
        case .unknown: "unknown"
        case .resetting: "resetting"
        case .poweredOn: "powered on"
        case .poweredOff: "powered off"
        case .unsupported: "unsupported"
        case .unauthorized: "unauthorized"
        }
    }
}

/// One advertisement (merged with its scan response) as a backend reports it.
public struct BLEAdvertisementReport: Sendable, Hashable {
    /// The advertiser's address.
    public var address: DeviceAddress
    /// RSSI in dBm, when known.
    public var rssi: Int?
    /// Advertised TX power in dBm, when the report carries it outside the data.
    public var txPower: Int?
    /// Whether the advertiser accepts connections.
    public var isConnectable: Bool
    /// The advertisement and scan response, merged for reading.
    public var advertisement: AdvertisementView

    /// Creates a report.
    public init(address: DeviceAddress, rssi: Int?, txPower: Int? = nil, isConnectable: Bool, advertisement: AdvertisementView) {
        self.address = address
        self.rssi = rssi
        self.txPower = txPower
        self.isConnectable = isConnectable
        self.advertisement = advertisement
    }
}

/// What the `BLE` API needs from a Bluetooth stack, in the central role: our own host
/// (``HostBackend``) today; BlueZ over D-Bus or CoreBluetooth could implement it later.
///
/// Nothing above this protocol knows HCI: it speaks in addresses, advertisements and the GATT
/// value types of `BLEGATT`.
public protocol BLEBackend: Sendable {
    /// The radio state now.
    var radioState: RadioState { get async }
    /// The radio state, the current one first, then each change. Each call makes a new stream.
    func radioStates() async -> AsyncStream<RadioState>
    /// Scans until the returned stream's consumer stops; the stream throws when the radio fails.
    func scan(active: Bool, filterDuplicates: Bool) async throws(BLEError) -> AsyncThrowingStream<BLEAdvertisementReport, any Error>
    /// Stops the scan, if one runs, and returns once the radio has stopped scanning (so the next
    /// ``scan(active:filterDuplicates:)`` can start at once).
    func stopScan() async
    /// Connects to `address`, failing with ``BLEError/Code/timedOut`` after `timeout` and with
    /// ``BLEError/Code/cancelled`` when the task is cancelled.
    func connect(to address: DeviceAddress, timeout: Duration) async throws(BLEError) -> any BLEBackendConnection
    /// Stops everything and releases the radio.
    func close() async
    /// Every bond the backend keeps.
    func bonds() async throws(BLEError) -> [SecurityBond]
    /// Deletes the bond with the peer seen at `address`; whether there was one.
    func removeBond(for address: DeviceAddress) async throws(BLEError) -> Bool
    /// Sets who is asked during pairing (passkeys, numeric comparison, accepting).
    func setPairingAgent(_ agent: any PairingAgent) async
}

extension BLEBackend {
    /// A backend without security keeps no bonds.
    public func bonds() async throws(BLEError) -> [SecurityBond] { [] }
    /// A backend without security keeps no bonds.
    public func removeBond(for address: DeviceAddress) async throws(BLEError) -> Bool { false }
    /// A backend without security asks nobody.
    public func setPairingAgent(_ agent: any PairingAgent) async {}
}

/// One connection of a ``BLEBackend``: GATT client procedures and link information.
public protocol BLEBackendConnection: Sendable {
    /// The peer's address.
    var address: DeviceAddress { get }
    /// Whether the link is up.
    var isConnected: Bool { get }
    /// Waits until the connection ends; returns why (``BLEError/Code/disconnected``).
    func waitUntilDisconnected() async -> BLEError
    /// Why the connection ended, or nil while it is up (or when the backend can only tell by
    /// ``waitUntilDisconnected()``).
    var disconnection: BLEError? { get }
    /// Ends the connection.
    func disconnect() async throws(BLEError)
    /// Returns once everything sent so far (Write Commands included) has left for the peer, or
    /// the connection ended.
    func waitUntilTransmitted() async
    /// The RSSI of the link in dBm.
    func readRSSI() async throws(BLEError) -> Int
    /// The ATT_MTU in force.
    var mtu: Int { get async }
    /// Exchanges ATT_MTU (once per connection); returns the result.
    func exchangeMTU() async throws(BLEError) -> Int
    /// Primary services: all (nil), or those with the given UUIDs.
    func discoverPrimaryServices(_ uuids: [BluetoothUUID]?) async throws(BLEError) -> [GATTService]
    /// The services `service` includes.
    func discoverIncludedServices(of service: GATTService) async throws(BLEError) -> [GATTIncludedService]
    /// Characteristics of `service`: all (nil), or those with the given UUIDs.
    func discoverCharacteristics(of service: GATTService, _ uuids: [BluetoothUUID]?) async throws(BLEError) -> [GATTCharacteristic]
    /// Descriptors of `characteristic`.
    func discoverDescriptors(of characteristic: GATTCharacteristic) async throws(BLEError) -> [GATTDescriptor]
    /// Reads a value whole (long reads included).
    func read(handle: UInt16) async throws(BLEError) -> [UInt8]
    /// Writes with response (a long write when the value does not fit one PDU).
    func write(handle: UInt16, value: [UInt8]) async throws(BLEError)
    /// Writes `writes` as one reliable write (prepared, echo-checked, executed together).
    func reliableWrite(_ writes: [(handle: UInt16, value: [UInt8])]) async throws(BLEError)
    /// Writes without response, waiting while the link's send queue is full.
    func writeWithoutResponse(handle: UInt16, value: [UInt8]) async throws(BLEError)
    /// Subscribes to notifications (or indications, when `indicate`, or when that is all the
    /// characteristic offers); ending the iteration unsubscribes.
    func subscribe(to characteristic: GATTCharacteristic, indicate: Bool?) async throws(BLEError) -> AsyncThrowingStream<[UInt8], any Error>
    /// How secure the link is now.
    var security: LinkSecurity { get }
    /// Pairs (bonding per the backend's policy): what it did.
    func pair() async throws(BLEError) -> PairingResult
    /// Encrypts with the bond's key.
    func encrypt() async throws(BLEError) -> LinkSecurity
}

extension BLEBackendConnection {
    /// A backend that cannot tell why without waiting says nil.
    public var disconnection: BLEError? { nil }

    /// A backend without security: never encrypted.
    public var security: LinkSecurity { .open }
    /// A backend without security cannot pair.
    public func pair() async throws(BLEError) -> PairingResult {
        throw BLEError(.unsupported, "this radio backend cannot pair")
    }
    /// A backend without security cannot encrypt.
    public func encrypt() async throws(BLEError) -> LinkSecurity {
        throw BLEError(.unsupported, "this radio backend cannot encrypt links")
    }
}
