import BLECore
import BLEGATT
import BLEHost
import BLEVirtual
import Logging
import Nightlight
import Synchronization

/// What a hold of the child button did (SN profile §9.1).
public enum ButtonHoldOutcome: Sendable, Hashable, CustomStringConvertible {
    /// Shorter than 3 s: nothing (a hold is not a press and is not counted).
    case tooShort
    /// 3 s or more: the pairing window is open for the next 60 s.
    case pairingWindowOpened
    /// 10 s or more: factory reset (bonds, child name, schedules, LED and button settings); the
    /// SN restarted.
    case factoryReset

    /// What happened, in words.
    public var description: String {
        switch self {
        case .tooShort: "nothing happened (hold 3 s to open the pairing window, 10 s to reset to factory settings; `press` presses)"
        case .pairingWindowOpened: "the pairing window is open for 60 s"
        case .factoryReset: "factory reset: bonds, child name, schedules, LED and child button settings are back to their factory values; the SN restarted"
        }
    }
}

extension VirtualNightlight {
    /// How a SN pairs (§9.1): LE Secure Connections only, always bonding, NoInputNoOutput.
    public static let pairingPolicy = SMPPairingPolicy(ioCapability: .noInputNoOutput, bonding: true, secureConnectionsOnly: true)

    /// Hold 3 s and 10 s (§9.1).
    public static let pairingHold = 3.0
    /// The hold that resets a SN to its factory settings.
    public static let factoryResetHold = 10.0

    /// The SN's host pairs by §9.1 and keeps its bonds in the SN's flash. It uses its static
    /// random address as its own address (as on the air), which pairing's checks include.
    public var hostConfiguration: BLEHost.Configuration {
        BLEHost.Configuration(
            randomAddress: address, pairingPolicy: Self.pairingPolicy,
            bondStore: SNBondStore(runtime: runtime), pairingAgent: SNPairingAgent(runtime: runtime)
        )
    }

    /// The child button held down for `seconds` (0…60; §9.1): from 3 s the pairing window opens
    /// for 60 s, from 10 s the SN resets to its factory settings and restarts (returning once it
    /// runs again). A hold is not a press: it turns no light on and is not counted.
    public func hold(seconds: Double) async throws -> ButtonHoldOutcome {
        guard seconds.isFinite, (0...60).contains(seconds) else {
            throw VirtualError(.invalidArgument, "a hold of \(seconds) s is out of range; use 0…60 (3 opens the pairing window, 10 resets to factory settings)")
        }
        let session = try await runtime.session()
        if seconds >= Self.factoryResetHold {
            session.perform { core in
                core.setProofMode(false, by: nil)
                var state = core.state
                state.factoryReset()
                core.apply({ $0.set(\.self, state) }, touchesLEDService: false)
                core.requestRestart()
            }
            session.logger.info("factory reset (button held \(seconds) s)")
            _ = try await runtime.session(after: session.generation)
            return .factoryReset
        }
        guard seconds >= Self.pairingHold else { return .tooShort }
        session.perform { core in
            let closes = core.uptime + SNDeviceState.pairingWindowDuration
            core.apply({ $0.set(\.pairingWindowCloses, closes) }, touchesLEDService: false)
        }
        session.logger.info("pairing window open for 60 s (button held \(seconds) s)")
        return .pairingWindowOpened
    }

    /// Whether the SN accepts a new pairing now (§9.1).
    public func isPairingWindowOpen() async throws -> Bool {
        try await runtime.session().perform { $0.state.isPairingWindowOpen(at: $0.uptime) }
    }

    /// The SN's bonds, least recently used first.
    public func bonds() async throws -> [SecurityBond] {
        try await runtime.session().perform { $0.state.bonds }
    }
}

/// A SN's bonds, kept in its flash with its other settings (§9.2): at most 4, a fifth replacing
/// the least recently used (a pairing or an encryption with a bond is a use).
final class SNBondStore: BondStore {
    let runtime: SNRuntime
    private static let quiet = Logger(label: "nightlight.sn.bonds", factory: { _ in SwiftLogNoOpLogHandler() })

    init(runtime: SNRuntime) {
        self.runtime = runtime
    }

    /// The bonds of the running firmware, or those in flash while it restarts.
    func allBonds() throws -> [SecurityBond] {
        if let session = runtime.running() { return session.perform { $0.state.bonds } }
        return runtime.flash.load(logger: Self.quiet)?.state.bonds ?? []
    }

    func saveBond(_ bond: SecurityBond) throws {
        try change { $0.keep(bond) }
        runtime.running()?.logger.info("bonded with \(bond.peer)")
    }

    @discardableResult
    func removeBond(for peer: DeviceAddress) throws -> Bool {
        try change { state in
            let before = state.bonds.count
            state.bonds.removeAll { $0.peer == peer }
            return state.bonds.count != before
        }
    }

    func removeAllBonds() throws {
        try change { $0.bonds = [] }
    }

    func bondUsed(_ peer: DeviceAddress) async {
        _ = try? change { $0.use(peer) }
    }

    /// Changes the running firmware's state (then saved to flash).
    private func change<T: Sendable>(_ body: (inout SNDeviceState) -> T) throws -> T {
        guard let session = runtime.running() else {
            throw SNBondStoreError(description: "the nightlight's firmware is restarting; its bonds cannot change now")
        }
        return session.perform { core in
            var state = core.state
            let result = body(&state)
            if state != core.state { core.apply({ $0.set(\.self, state) }, touchesLEDService: false) }
            return result
        }
    }
}

/// The SN's bonds could not change.
struct SNBondStoreError: Error, CustomStringConvertible {
    let description: String
}

/// The SN's part in pairing (§9.1): a Pairing Request is refused with Pairing Not Supported
/// while the pairing window is closed, then with Authentication Requirements when it lacks the
/// SC bit or the Bonding flag.
struct SNPairingAgent: PairingAgent {
    let runtime: SNRuntime

    func shouldAcceptPairing(_ request: SMPPairingParameters, from peer: DeviceAddress) async -> SMPPairingFailed.Reason? {
        let session = runtime.running()
        guard session?.perform({ $0.state.isPairingWindowOpen(at: $0.uptime) }) == true else {
            session?.logger.info("refused a pairing from \(peer): the pairing window is closed (hold the button 3 s)")
            return .pairingNotSupported
        }
        guard request.authRequirements.contains(.secureConnections), request.authRequirements.contains(.bonding) else {
            session?.logger.info("refused a pairing from \(peer): LE Secure Connections and bonding are required")
            return .authenticationRequirements
        }
        return nil
    }
}

/// Carries out Bond Management Control Point requests (§9.3) on the SN's host.
final class SNBondManager: Sendable {
    private let host: any PeripheralHost
    private let server = Mutex<GATTServer?>(nil)
    private let pause: @Sendable () async throws -> Void
    private let logger: Logger

    /// `pause` waits a moment on the SN's clock before a requester is disconnected, so the
    /// Write Response leaves first.
    init(host: any PeripheralHost, logger: Logger, pause: @escaping @Sendable () async throws -> Void) {
        self.host = host
        self.logger = logger
        self.pause = pause
    }

    /// The server whose clients make requests.
    func attach(_ server: GATTServer) {
        self.server.withLock { $0 = server }
    }

    /// Carries out `opcode` for `client`: 0x03 deletes its bond and disconnects it after the
    /// answer; 0x06 deletes every bond; 0x09 every bond but its own. Other centrals whose bond
    /// went are disconnected: their links were encrypted with a key the SN no longer keeps.
    func perform(_ opcode: BondManagementOpcode, for client: GATTClientID) async {
        guard let server = server.withLock({ $0 }) else { return }
        let connections = await host.peripheralLinks
        var requester: (any PeripheralLink)?
        for connection in connections {
            if await connection.gattClient(of: server) == client { requester = connection }
        }
        guard let requester else { return }
        let bonds: [SecurityBond]
        do {
            bonds = try await host.bonds()
        } catch {
            logger.error("bond management: \(error)")
            return
        }
        let own = bonds.first { $0.matches(requester.address) }
        let deleted: [SecurityBond]
        switch opcode {
        case .deleteRequestingDeviceBond: deleted = own.map { [$0] } ?? []
        case .deleteAllBonds: deleted = bonds
        default: deleted = bonds.filter { $0.peer != own?.peer }
        }
        for bond in deleted {
            do {
                try await host.removeBond(for: bond.peer)
            } catch {
                logger.error("bond management: \(error)")
            }
        }
        logger.info("bond management: \(opcode) for \(requester.address): \(deleted.count) bond(s) deleted")
        for connection in connections where connection !== requester && deleted.contains(where: { $0.matches(connection.address) }) {
            try? await connection.disconnect()
        }
        if opcode == .deleteRequestingDeviceBond {
            let pause = pause
            Task {
                try? await pause()
                await requester.waitUntilTransmitted()
                try? await requester.disconnect()
            }
        }
    }
}
