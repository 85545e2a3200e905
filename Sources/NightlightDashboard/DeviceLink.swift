import BLE
import BLECore
import DashboardShell
import Nightlight
import Synchronization

/// The nightlights on the dashboard's one radio (``RadioLink``): a ``NightlightClient`` for each,
/// connected and discovered on first use, one operation at a time per nightlight.
public final class DeviceLink: Sendable {
    /// How the radio opens and keeps connections.
    public typealias Configuration = RadioLink.Configuration

    /// A nightlight heard in a scan.
    public struct ScanEntry: Sendable, Hashable, Codable {
        /// Its address.
        public var address: String
        /// Its advertised name (`SN-0001`).
        public var name: String?
        /// The signal strength in dBm.
        public var rssi: Int?
        /// The battery level it advertises (0…100).
        public var batteryLevel: Int?
        /// Whether it advertises that it is charging.
        public var isCharging: Bool?
        /// The mode it advertises (`idle`, `week`, …).
        public var mode: String?
        /// Whether it advertises that its clock is set.
        public var isClockSet: Bool?
        /// Whether it advertises that it still needs configuring (no child name yet).
        public var needsConfiguration: Bool?
        /// Whether it advertises an open pairing window (SN profile §9.1, status bit5): it
        /// accepts a new pairing now; when not, its child button must be held for 3 s first.
        public var isPairingWindowOpen: Bool?
    }

    /// The radio every page shares (the Explorer and the panels too).
    public let radio: RadioLink
    /// A client per nightlight (its discovered characteristics), kept across reconnections.
    private let clients = Mutex<[String: NightlightClient]>([:])

    /// Creates a link; the radio opens on first use.
    public init(_ configuration: Configuration) {
        radio = RadioLink(configuration)
    }

    /// Addresses compare without case.
    static func key(_ address: String) -> String { RadioLink.key(address) }

    /// Runs `body` with a connected client for the nightlight at `address`, after the
    /// operations already waiting for it; the connection stays up for the idle timeout after.
    public func withClient<T: Sendable>(_ address: String, _ body: @Sendable (NightlightClient) async throws -> T) async throws -> T {
        try await radio.withDevice(address, connect: { peripheral in
            try await self.client(for: peripheral).connect()
        }) { peripheral in
            let client = self.client(for: peripheral)
            if !client.isDiscovered {
                // Connected by another page of the dashboard (the Explorer): find the SN's
                // services on that connection instead of failing.
                try await client.discover()
            }
            return try await body(client)
        }
    }

    /// The client of `peripheral` (the same one while the peripheral is the same).
    private func client(for peripheral: Peripheral) -> NightlightClient {
        let key = Self.key(peripheral.identifier.description)
        return clients.withLock { clients in
            if let client = clients[key], client.peripheral === peripheral { return client }
            let client = NightlightClient(peripheral)
            clients[key] = client
            return client
        }
    }

    /// Keeps the nightlight's connection up (and reconnecting) until ``release(_:)``.
    public func hold(_ address: String) async {
        await radio.hold(address)
    }

    /// Ends one ``hold(_:)``; the connection is released after the idle timeout.
    public func release(_ address: String) async {
        await radio.release(address)
    }

    /// The connection states of the nightlight (the current one first), once it is known.
    public func connectionStates(_ address: String) async throws -> AsyncStream<PeripheralState> {
        try await radio.connectionStates(address)
    }

    /// Whether the link has a connection to the nightlight now.
    public func isConnected(_ address: String) async -> Bool {
        await radio.isConnected(address)
    }

    /// Listens for `duration` and returns the nightlights heard, strongest first.
    public func scan(for duration: Duration) async throws -> [ScanEntry] {
        try await radio.scan(for: duration).filter { NightlightClient.isNightlight($0.advertisement) }.map { discovery in
            let status = NightlightClient.advertisedStatus(discovery.advertisement)
            return ScanEntry(
                address: discovery.address.description, name: discovery.name, rssi: discovery.rssi,
                batteryLevel: status?.batteryLevel, isCharging: status?.status.contains(.charging),
                mode: status?.activeMode.name, isClockSet: status.map { !$0.status.contains(.clockNotSet) },
                needsConfiguration: status?.status.contains(.needsConfiguration),
                isPairingWindowOpen: status?.status.contains(.pairingWindowOpen)
            )
        }
    }

    /// Deletes this dashboard's bond with the nightlight at `address` (its keys), without
    /// reaching it: for a nightlight unpaired while out of range. Whether there was one.
    @discardableResult
    public func forgetBond(_ address: String) async throws -> Bool {
        let central = try await radio.openCentral()
        var removed = false
        // A SN uses a static random address (§1); a bond made through another backend may
        // have kept the address as public.
        for isRandom in [true, false] {
            guard let peer = try? DeviceAddress(parsing: address, isRandom: isRandom) else { continue }
            do {
                if try await central.removeBond(for: peer) { removed = true }
            } catch {
                throw DashboardError(.internalServerError, "bondStore", "deleting the keys of \(address) failed: \(error)")
            }
        }
        return removed
    }

    /// Disconnects the nightlight now (e.g. when it is unpaired).
    public func disconnect(_ address: String) async {
        await radio.disconnect(address)
    }

    /// Disconnects everything and closes the radio.
    public func close() async {
        await radio.close()
    }
}
