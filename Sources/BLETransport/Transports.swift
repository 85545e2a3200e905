import BLEHCI

/// Opens an ``HCITransport`` from a ``TransportSpec``: the one call the tools make.
///
/// ```swift
/// let spec = try TransportSpec.resolve(flag: options.transport, environment: ProcessInfo.processInfo.environment)
/// let transport = try await Transports.open(spec, options: TransportOptions(logger: logger), sim: SimWorld.transportFactory { world in
///     try await world.add(device)   // BLEVirtual's SimWorld makes the sim transport
/// })
/// ```
public enum Transports {
    /// Makes the `sim` transport; `BLEVirtual` provides one (this module cannot depend on it).
    public typealias SimFactory = @Sendable (TransportOptions) async throws -> any HCITransport

    /// Opens the transport `spec` names.
    ///
    /// `tcp-client`, `unix`, `serial` and `hci-socket` are connected when this returns; `tcp-server`
    /// is listening (its ``TCPServerTransport/localPort`` is known) and sends wait for the
    /// controller. `sim` is made by `sim`, and throws ``TransportError/Code/unsupported`` when none
    /// is given. `bluez` is not HCI and throws ``TransportError/Code/unsupported``.
    public static func open(
        _ spec: TransportSpec,
        options: TransportOptions,
        sim: SimFactory? = nil
    ) async throws -> any HCITransport {
        switch spec {
        case .sim:
            guard let sim else {
                throw TransportError(
                    .unsupported, spec: spec.description,
                    "the sim transport is provided by BLEVirtual: pass its factory to Transports.open(_:options:sim:)"
                )
            }
            return try await sim(options)
        case .tcpClient(let host, let port):
            return try await TCPClientTransport.connect(host: host, port: port, options: options)
        case .tcpServer(let host, let port):
            return try await TCPServerTransport.listen(host: host, port: port, options: options)
        case .unix(let path):
            return try await UnixSocketTransport.connect(path: path, options: options)
        case .serial(let path, let baudRate, let flowControl):
            return try await SerialTransport.open(path: path, baudRate: baudRate, flowControl: flowControl, options: options)
        case .hciSocket(let adapter):
            return try await HCISocketTransport.open(adapter: adapter, options: options)
        case .bluez:
            throw TransportError(
                .unsupported, spec: spec.description,
                "bluez drives bluetoothd over D-Bus and is no HCI transport: the tools' central and ble simulate use it through BlueZ's own API; a controller of our own (ble controller) and our host need an HCI transport such as hci-socket:N"
            )
        }
    }

    /// Parses `text` and opens it: ``TransportSpec/init(parsing:)`` then ``open(_:options:sim:)``.
    public static func open(
        _ text: String,
        options: TransportOptions,
        sim: SimFactory? = nil
    ) async throws -> any HCITransport {
        try await open(TransportSpec(parsing: text), options: options, sim: sim)
    }
}
