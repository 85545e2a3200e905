import BLE
import BLEHCI
import BLEHost
import BLETransport
import Logging

/// Opening the object API on a transport: the one place where `BLE` meets the transports
/// (SwiftNIO) and the in-process virtual radio, so an app of `BLE` alone links neither.
extension HostBackend {
    /// Opens the transport `spec` names, starts a host on it, and returns the backend.
    ///
    /// - Parameters:
    ///   - spec: the transport (`sim`, `tcp-client:HOST:PORT`, …).
    ///   - sim: makes the `sim` transport (``Transports/SimFactory``, e.g.
    ///     `SimWorld.transportFactory { … }` from `BLESimulation`); the tools pass the world of
    ///     demo devices.
    ///   - configuration: the host's addresses, timeouts and ATT_MTU.
    /// - Throws: ``BLEError/Code/radioUnavailable`` when the transport cannot be opened or the
    ///   controller does not start (the message says why and what to check).
    public static func open(
        _ spec: TransportSpec,
        sim: Transports.SimFactory? = nil,
        configuration: BLEHost.Configuration = BLEHost.Configuration(),
        clock: any Clock<Duration> = ContinuousClock(),
        logger: Logger = Logger(label: "nightlight.ble")
    ) async throws(BLEError) -> HostBackend {
        let transport: any HCITransport
        do {
            transport = try await Transports.open(spec, options: TransportOptions(logger: logger), sim: sim)
        } catch let error as TransportError {
            throw BLEError(opening: error)
        } catch {
            throw BLEError(error)
        }
        let backend = HostBackend(host: BLEHost(transport: transport, clock: clock, logger: logger, configuration: configuration))
        try await backend.start()
        return backend
    }
}

extension Central {
    /// Opens a transport and starts our host on it: the usual way to make a central.
    ///
    /// - Parameters:
    ///   - spec: where the controller is (`sim` for the in-process virtual radio).
    ///   - sim: the world `sim` opens (e.g. `SimWorld.transportFactory { … }` from
    ///     `BLESimulation`).
    ///   - configuration: the host's addresses, timeouts and ATT_MTU.
    /// - Throws: ``BLEError/Code/radioUnavailable`` with the reason when there is no usable
    ///   controller.
    public static func open(
        _ spec: TransportSpec,
        sim: Transports.SimFactory? = nil,
        configuration: BLEHost.Configuration = BLEHost.Configuration(),
        logger: Logger = Logger(label: "nightlight.ble")
    ) async throws(BLEError) -> Central {
        Central(backend: try await HostBackend.open(spec, sim: sim, configuration: configuration, logger: logger))
    }
}

extension Central {
    /// Opens a transport and starts our host on it with its bonds kept in the file at
    /// `bondFile` (a `FileBondStore`: mode 0600 in a 0700 folder, written atomically), so a later
    /// run encrypts with them instead of pairing again. This is how the tools open their central.
    ///
    /// - Parameters:
    ///   - spec: where the controller is (`sim` for the in-process virtual radio).
    ///   - sim: the world `sim` opens.
    ///   - bondFile: the bond file; created on the first bond. A file that does not parse, or
    ///     that others may read, is refused and never overwritten.
    ///   - pairingPolicy: what the central offers and demands when it pairs.
    ///   - pairingAgent: who shows and types passkeys and confirms numbers.
    /// - Throws: ``BLEError/Code/radioUnavailable`` with the reason when there is no usable
    ///   controller.
    public static func open(
        _ spec: TransportSpec,
        sim: Transports.SimFactory? = nil,
        bondFile: String,
        pairingPolicy: SMPPairingPolicy = SMPPairingPolicy(),
        pairingAgent: any PairingAgent = DefaultPairingAgent(),
        logger: Logger = Logger(label: "nightlight.ble")
    ) async throws(BLEError) -> Central {
        let configuration = BLEHost.Configuration(pairingPolicy: pairingPolicy, bondStore: FileBondStore(path: bondFile), pairingAgent: pairingAgent)
        return try await open(spec, sim: sim, configuration: configuration, logger: logger)
    }
}

extension BLEError {
    /// A transport that could not be opened, as ``Code/radioUnavailable`` with what it means for
    /// the radio: no permission is ``RadioState/unauthorized``, a system without what the
    /// transport needs (a kernel without Bluetooth) ``RadioState/unsupported``, anything else
    /// ``RadioState/poweredOff``.
    public init(opening error: TransportError) {
        self.init(.radioUnavailable, error.description)
        radioState = switch error.code {
        case .permissionDenied: .unauthorized
        case .unavailable, .unsupported: .unsupported
        default: .poweredOff
        }
    }
}
