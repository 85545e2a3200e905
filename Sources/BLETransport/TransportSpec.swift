/// Which controller to talk to and how: one spelling everywhere (the `--transport` flag, the
/// `NIGHTLIGHT_TRANSPORT` environment variable), as Bumble spells its transports.
///
/// | spec | meaning |
/// |---|---|
/// | `sim` | the in-process virtual radio of `BLEVirtual` |
/// | `tcp-client:HOST:PORT` | HCI H4 over TCP to a controller server (Bumble's virtual controllers) |
/// | `tcp-server:HOST:PORT` | listen, and serve the one controller that connects (`_` = all interfaces) |
/// | `unix:PATH` | HCI H4 over a Unix domain stream socket |
/// | `serial:PATH[,BAUD][,rtscts]` | HCI H4 over a UART, 8N1, default 1000000 baud |
/// | `hci-socket[:N]` | the Linux HCI user channel on adapter hciN (default 0) |
/// | `bluez[:hciN]` | BlueZ (bluetoothd) over the system bus, adapter hciN (default hci0); not HCI: `BLEBlueZ` opens it |
///
/// IPv6 addresses go in brackets (`tcp-client:[::1]:9000`). ``init(parsing:)`` parses;
/// ``description`` prints the canonical spelling, which parses back to the same value.
public enum TransportSpec: Sendable, Hashable, CustomStringConvertible {
    /// The in-process virtual radio; opened by `BLEVirtual`, not by this module.
    case sim
    /// HCI H4 over TCP to a controller server at `host:port` (port 1…65535).
    case tcpClient(host: String, port: Int)
    /// Listen on `host:port` and serve the first controller that connects. `host` may be
    /// ``allInterfaces`` (`_`); `port` may be 0 to let the system choose one.
    case tcpServer(host: String, port: Int)
    /// HCI H4 over a Unix domain stream socket at `path`.
    case unix(path: String)
    /// HCI H4 over the UART at `path`: `baudRate` (a standard termios rate), 8 data bits, no
    /// parity, 1 stop bit, RTS/CTS hardware flow control when `flowControl` is true.
    case serial(path: String, baudRate: Int, flowControl: Bool)
    /// The Linux HCI user channel of adapter `hci<adapter>`.
    case hciSocket(adapter: Int)
    /// BlueZ's adapter `hci<adapter>`, driven through bluetoothd's D-Bus API: no HCI transport of
    /// ours; `BLEBlueZ` opens it (the tools do), ``Transports/open(_:options:sim:)`` refuses it.
    case bluez(adapter: Int)

    /// The host `_`: every interface (for `tcp-server`), as in Bumble.
    public static let allInterfaces = "_"

    /// 1000000 baud: what Zephyr's `samples/bluetooth/hci_uart` uses by default (1 Mbit/s, 8N1,
    /// RTS/CTS on), and Bumble's default for `serial:` too.
    public static let defaultSerialBaudRate = 1_000_000

    /// The environment variable the tools read when no `--transport` flag is given.
    public static let environmentVariable = "NIGHTLIGHT_TRANSPORT"

    /// The baud rates a `serial:` spec accepts: the rates Linux termios defines (`B50`…`B4000000`).
    public static let standardBaudRates: [Int] = [
        50, 75, 110, 134, 150, 200, 300, 600, 1200, 1800, 2400, 4800, 9600, 19200, 38400, 57600,
        115_200, 230_400, 460_800, 500_000, 576_000, 921_600, 1_000_000, 1_152_000, 1_500_000,
        2_000_000, 2_500_000, 3_000_000, 3_500_000, 4_000_000,
    ]

    /// The accepted forms, for error messages and help text.
    public static let acceptedForms = [
        "sim", "tcp-client:HOST:PORT", "tcp-server:HOST:PORT", "unix:PATH",
        "serial:PATH[,BAUD][,rtscts]", "hci-socket[:N]", "bluez[:hciN]",
    ]

    /// The longest path a Unix domain socket address holds (`sun_path` is 108 bytes with the NUL).
    public static let maximumUnixPathLength = 107

    /// The kind's name as spelled in a spec: `sim`, `tcp-client`, `tcp-server`, `unix`, `serial`,
    /// `hci-socket`, `bluez`.
    public var kind: String {
        switch self {
        case .sim: "sim"
        case .tcpClient: "tcp-client"
        case .tcpServer: "tcp-server"
        case .unix: "unix"
        case .serial: "serial"
        case .hciSocket: "hci-socket"
        case .bluez: "bluez"
        }
    }

    /// The canonical spelling, e.g. `tcp-client:[::1]:9000`, `serial:/dev/ttyACM0,1000000,rtscts`,
    /// `hci-socket:0`, `bluez:hci0`.
    public var description: String {
        switch self {
        case .sim: "sim"
        case .tcpClient(let host, let port): "tcp-client:\(Self.hostSpelling(host)):\(port)"
        case .tcpServer(let host, let port): "tcp-server:\(Self.hostSpelling(host)):\(port)"
        case .unix(let path): "unix:\(path)"
        case .serial(let path, let baudRate, let flowControl):
            "serial:\(path),\(baudRate)" + (flowControl ? ",rtscts" : "")
        case .hciSocket(let adapter): "hci-socket:\(adapter)"
        case .bluez(let adapter): "bluez:hci\(adapter)"
        }
    }

    private static func hostSpelling(_ host: String) -> String {
        host.contains(":") ? "[\(host)]" : host
    }
}

// MARK: - Parsing

extension TransportSpec {
    /// Parses a spec such as `tcp-client:localhost:9000` or `serial:/dev/ttyACM0,115200,rtscts`.
    ///
    /// Surrounding whitespace is ignored and the kind is case-insensitive. Throws
    /// ``TransportError/Code/invalidSpec`` with a message that says what is wrong and shows the
    /// accepted form, e.g. `invalid transport 'tcp-client:localhost': expected tcp-client:HOST:PORT`.
    public init(parsing text: String) throws(TransportError) {
        let trimmed = text.trimmingWhitespace()
        func fail(_ reason: String) -> TransportError {
            TransportError(.invalidSpec, "invalid transport '\(trimmed)': \(reason)")
        }
        let everyForm = "expected one of " + Self.acceptedForms.joined(separator: ", ")
        guard !trimmed.isEmpty else { throw fail("the spec is empty; \(everyForm)") }

        let kind: String
        let argument: String?
        if let colon = trimmed.firstIndex(of: ":") {
            kind = String(trimmed[..<colon]).lowercased()
            argument = String(trimmed[trimmed.index(after: colon)...])
        } else {
            kind = trimmed.lowercased()
            argument = nil
        }

        switch kind {
        case "sim":
            guard argument == nil else { throw fail("sim takes no argument; expected sim") }
            self = .sim

        case "tcp-client", "tcp-server":
            let form = "expected \(kind):HOST:PORT"
            guard let argument, !argument.isEmpty else { throw fail(form) }
            let (host, port) = try Self.parseHostPort(argument, kind: kind, form: form, fail: fail)
            if kind == "tcp-client" {
                guard host != Self.allInterfaces else {
                    throw fail("'_' (all interfaces) is for tcp-server; tcp-client needs the controller's host, e.g. tcp-client:127.0.0.1:\(port)")
                }
                self = .tcpClient(host: host, port: port)
            } else {
                self = .tcpServer(host: host, port: port)
            }

        case "unix":
            guard let path = argument, !path.isEmpty else { throw fail("expected unix:PATH") }
            guard path.utf8.count <= Self.maximumUnixPathLength else {
                throw fail("the path is \(path.utf8.count) bytes; a Unix socket path holds at most \(Self.maximumUnixPathLength)")
            }
            self = .unix(path: path)

        case "serial":
            let form = "expected serial:PATH[,BAUD][,rtscts]"
            guard let argument, !argument.isEmpty else { throw fail(form) }
            let parts = argument.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            let path = parts[0]
            guard !path.isEmpty else { throw fail("the device path is empty; \(form), e.g. serial:/dev/ttyACM0") }
            var baudRate: Int?
            var flowControl = false
            for option in parts.dropFirst() {
                let lowered = option.lowercased()
                if lowered == "rtscts" {
                    guard !flowControl else { throw fail("rtscts is given twice; \(form)") }
                    flowControl = true
                } else if let rate = Int(option), option.allSatisfy(\.isASCIIDigit) {
                    guard baudRate == nil else { throw fail("two baud rates are given; \(form)") }
                    guard Self.standardBaudRates.contains(rate) else {
                        throw fail("\(rate) is not a standard baud rate; use one of \(Self.commonBaudRates)")
                    }
                    baudRate = rate
                } else if option.isEmpty {
                    throw fail("an option is empty; \(form)")
                } else {
                    throw fail("unknown serial option '\(option)' (a baud rate or rtscts); \(form)")
                }
            }
            self = .serial(path: path, baudRate: baudRate ?? Self.defaultSerialBaudRate, flowControl: flowControl)

        case "hci-socket":
            let form = "expected hci-socket or hci-socket:N, e.g. hci-socket:0 for hci0"
            self = .hciSocket(adapter: try Self.parseAdapter(argument, form: form, fail: fail))

        case "bluez":
            let form = "expected bluez or bluez:hciN, e.g. bluez:hci1"
            self = .bluez(adapter: try Self.parseAdapter(argument, form: form, fail: fail))

        default:
            throw fail("unknown transport '\(kind)'; \(everyForm)")
        }
    }

    /// The value of ``environmentVariable`` when it names a transport (set and not blank).
    public static func chosen(in environment: [String: String]) -> String? {
        guard let value = environment[environmentVariable], !value.trimmingWhitespace().isEmpty else { return nil }
        return value
    }

    /// Reads ``environmentVariable`` (`NIGHTLIGHT_TRANSPORT`) from `environment`; unset or blank
    /// gives `default`. Pass `ProcessInfo.processInfo.environment` from the entry point.
    ///
    /// A bad value throws an error that names the variable.
    public static func fromEnvironment(
        _ environment: [String: String],
        default defaultSpec: TransportSpec = .sim
    ) throws(TransportError) -> TransportSpec {
        guard let value = chosen(in: environment) else { return defaultSpec }
        do {
            return try TransportSpec(parsing: value)
        } catch {
            throw TransportError(error.code, spec: error.spec, "\(environmentVariable): \(error.message)")
        }
    }

    /// The spec the tools use: the `--transport` flag when given, else `NIGHTLIGHT_TRANSPORT` from
    /// `environment`, else `default`.
    public static func resolve(
        flag: String?,
        environment: [String: String],
        default defaultSpec: TransportSpec = .sim
    ) throws(TransportError) -> TransportSpec {
        if let flag { return try TransportSpec(parsing: flag) }
        return try fromEnvironment(environment, default: defaultSpec)
    }

    private static let commonBaudRates = "9600, 19200, 38400, 57600, 115200, 230400, 460800, 921600, 1000000, 2000000, 3000000 (any termios rate 50…4000000)"

    /// An adapter number, `N` or `hciN` (0…65534); none given is adapter 0.
    private static func parseAdapter(_ argument: String?, form: String, fail: (String) -> TransportError) throws(TransportError) -> Int {
        guard let argument else { return 0 }
        var digits = Substring(argument)
        if digits.lowercased().hasPrefix("hci") { digits = digits.dropFirst(3) }
        guard !digits.isEmpty, digits.allSatisfy(\.isASCIIDigit), digits.count <= 5, let adapter = Int(digits) else {
            throw fail("'\(argument)' is not an adapter number; \(form)")
        }
        guard adapter <= 0xFFFE else { throw fail("adapter \(adapter) is out of range 0…65534; \(form)") }
        return adapter
    }

    /// Splits `HOST:PORT` or `[IPV6]:PORT`.
    private static func parseHostPort(
        _ argument: String,
        kind: String,
        form: String,
        fail: (String) -> TransportError
    ) throws(TransportError) -> (String, Int) {
        let host: String
        let portText: String
        if argument.hasPrefix("[") {
            guard let close = argument.firstIndex(of: "]") else {
                throw fail("the IPv6 address has no closing ']'; \(form), e.g. \(kind):[::1]:9000")
            }
            host = String(argument[argument.index(after: argument.startIndex)..<close])
            let rest = argument[argument.index(after: close)...]
            guard rest.hasPrefix(":") else { throw fail("no port after the IPv6 address; \(form)") }
            portText = String(rest.dropFirst())
            guard !host.isEmpty, host.allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." || $0 == "%" }) else {
                throw fail("'\(host)' is not an IPv6 address; \(form)")
            }
        } else {
            guard let colon = argument.lastIndex(of: ":") else {
                throw fail(form)
            }
            host = String(argument[..<colon])
            portText = String(argument[argument.index(after: colon)...])
            guard !host.contains(":") else {
                throw fail("an IPv6 address goes in brackets; \(form), e.g. \(kind):[::1]:\(portText)")
            }
        }
        guard !host.isEmpty else { throw fail("the host is empty; \(form) (use _ for all interfaces with tcp-server)") }
        guard !host.contains(where: { $0.isWhitespace || $0 == "/" || $0 == "[" || $0 == "]" }) else {
            throw fail("'\(host)' is not a host name or address; \(form)")
        }
        guard !portText.isEmpty else { throw fail("the port is empty; \(form)") }
        guard portText.allSatisfy(\.isASCIIDigit), portText.count <= 6, let port = Int(portText) else {
            throw fail("'\(portText)' is not a port number; \(form)")
        }
        let lowest = kind == "tcp-server" ? 0 : 1
        guard (lowest...65535).contains(port) else {
            throw fail("port \(port) is out of range \(lowest)…65535; \(form)")
        }
        return (host, port)
    }
}

extension Character {
    /// `0`…`9` only (unlike `isNumber`, which accepts other scripts' digits).
    fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}

extension String {
    fileprivate func trimmingWhitespace() -> String {
        var view = Substring(self)
        while let first = view.first, first.isWhitespace { view.removeFirst() }
        while let last = view.last, last.isWhitespace { view.removeLast() }
        return String(view)
    }
}
