@testable import BLETransport
import Testing

@Suite struct TransportSpecTests {
    /// Every good form: the text, what it means, and its canonical spelling.
    static let good: [(String, TransportSpec, String)] = [
        ("sim", .sim, "sim"),
        ("  SIM\n", .sim, "sim"),
        ("tcp-client:localhost:9000", .tcpClient(host: "localhost", port: 9000), "tcp-client:localhost:9000"),
        ("tcp-client:127.0.0.1:1", .tcpClient(host: "127.0.0.1", port: 1), "tcp-client:127.0.0.1:1"),
        ("tcp-client:[::1]:65535", .tcpClient(host: "::1", port: 65535), "tcp-client:[::1]:65535"),
        ("TCP-Client:controller.local:6402", .tcpClient(host: "controller.local", port: 6402), "tcp-client:controller.local:6402"),
        ("tcp-server:_:9001", .tcpServer(host: "_", port: 9001), "tcp-server:_:9001"),
        ("tcp-server:127.0.0.1:0", .tcpServer(host: "127.0.0.1", port: 0), "tcp-server:127.0.0.1:0"),
        ("tcp-server:[::]:9000", .tcpServer(host: "::", port: 9000), "tcp-server:[::]:9000"),
        ("unix:/tmp/hci.sock", .unix(path: "/tmp/hci.sock"), "unix:/tmp/hci.sock"),
        ("unix:relative/hci.sock", .unix(path: "relative/hci.sock"), "unix:relative/hci.sock"),
        ("serial:/dev/ttyACM0", .serial(path: "/dev/ttyACM0", baudRate: 1_000_000, flowControl: false), "serial:/dev/ttyACM0,1000000"),
        ("serial:/dev/ttyACM0,115200", .serial(path: "/dev/ttyACM0", baudRate: 115_200, flowControl: false), "serial:/dev/ttyACM0,115200"),
        (
            "serial:/dev/ttyACM0,1000000,rtscts", .serial(path: "/dev/ttyACM0", baudRate: 1_000_000, flowControl: true),
            "serial:/dev/ttyACM0,1000000,rtscts"
        ),
        ("serial:/dev/ttyUSB0,rtscts", .serial(path: "/dev/ttyUSB0", baudRate: 1_000_000, flowControl: true), "serial:/dev/ttyUSB0,1000000,rtscts"),
        ("serial:/dev/ttyUSB0,RTSCTS,921600", .serial(path: "/dev/ttyUSB0", baudRate: 921_600, flowControl: true), "serial:/dev/ttyUSB0,921600,rtscts"),
        (
            "serial:/dev/serial/by-id/usb-ZEPHYR_HCI_UART-if00,4000000",
            .serial(path: "/dev/serial/by-id/usb-ZEPHYR_HCI_UART-if00", baudRate: 4_000_000, flowControl: false),
            "serial:/dev/serial/by-id/usb-ZEPHYR_HCI_UART-if00,4000000"
        ),
        ("hci-socket", .hciSocket(adapter: 0), "hci-socket:0"),
        ("hci-socket:1", .hciSocket(adapter: 1), "hci-socket:1"),
        ("hci-socket:hci2", .hciSocket(adapter: 2), "hci-socket:2"),
        ("hci-socket:65534", .hciSocket(adapter: 65534), "hci-socket:65534"),
        ("bluez", .bluez(adapter: 0), "bluez:hci0"),
        ("BlueZ:hci1", .bluez(adapter: 1), "bluez:hci1"),
        ("bluez:2", .bluez(adapter: 2), "bluez:hci2"),
    ]

    @Test(arguments: good)
    func parsesGoodForm(text: String, expected: TransportSpec, canonical: String) throws {
        let spec = try TransportSpec(parsing: text)
        #expect(spec == expected)
        #expect(spec.description == canonical)
        #expect(try TransportSpec(parsing: spec.description) == spec, "the canonical spelling parses back")
    }

    /// Bad forms and the whole message each gives.
    static let bad: [(String, String)] = [
        ("", "invalid transport '': the spec is empty; expected one of sim, tcp-client:HOST:PORT, tcp-server:HOST:PORT, unix:PATH, serial:PATH[,BAUD][,rtscts], hci-socket[:N], bluez[:hciN]"),
        ("bluetooth", "invalid transport 'bluetooth': unknown transport 'bluetooth'; expected one of sim, tcp-client:HOST:PORT, tcp-server:HOST:PORT, unix:PATH, serial:PATH[,BAUD][,rtscts], hci-socket[:N], bluez[:hciN]"),
        ("usb:0", "invalid transport 'usb:0': unknown transport 'usb'; expected one of sim, tcp-client:HOST:PORT, tcp-server:HOST:PORT, unix:PATH, serial:PATH[,BAUD][,rtscts], hci-socket[:N], bluez[:hciN]"),
        ("sim:demo", "invalid transport 'sim:demo': sim takes no argument; expected sim"),
        ("tcp-client", "invalid transport 'tcp-client': expected tcp-client:HOST:PORT"),
        ("tcp-client:", "invalid transport 'tcp-client:': expected tcp-client:HOST:PORT"),
        ("tcp-client:localhost", "invalid transport 'tcp-client:localhost': expected tcp-client:HOST:PORT"),
        ("tcp-client:localhost:", "invalid transport 'tcp-client:localhost:': the port is empty; expected tcp-client:HOST:PORT"),
        ("tcp-client::9000", "invalid transport 'tcp-client::9000': the host is empty; expected tcp-client:HOST:PORT (use _ for all interfaces with tcp-server)"),
        ("tcp-client:localhost:0", "invalid transport 'tcp-client:localhost:0': port 0 is out of range 1…65535; expected tcp-client:HOST:PORT"),
        ("tcp-client:localhost:65536", "invalid transport 'tcp-client:localhost:65536': port 65536 is out of range 1…65535; expected tcp-client:HOST:PORT"),
        ("tcp-client:localhost:http", "invalid transport 'tcp-client:localhost:http': 'http' is not a port number; expected tcp-client:HOST:PORT"),
        ("tcp-client:localhost:-1", "invalid transport 'tcp-client:localhost:-1': '-1' is not a port number; expected tcp-client:HOST:PORT"),
        ("tcp-client:localhost:99999999999999999999", "invalid transport 'tcp-client:localhost:99999999999999999999': '99999999999999999999' is not a port number; expected tcp-client:HOST:PORT"),
        ("tcp-client:::1:9000", "invalid transport 'tcp-client:::1:9000': an IPv6 address goes in brackets; expected tcp-client:HOST:PORT, e.g. tcp-client:[::1]:9000"),
        ("tcp-client:[::1:9000", "invalid transport 'tcp-client:[::1:9000': the IPv6 address has no closing ']'; expected tcp-client:HOST:PORT, e.g. tcp-client:[::1]:9000"),
        ("tcp-client:[::1]9000", "invalid transport 'tcp-client:[::1]9000': no port after the IPv6 address; expected tcp-client:HOST:PORT"),
        ("tcp-client:[nope]:9000", "invalid transport 'tcp-client:[nope]:9000': 'nope' is not an IPv6 address; expected tcp-client:HOST:PORT"),
        ("tcp-client:_:9000", "invalid transport 'tcp-client:_:9000': '_' (all interfaces) is for tcp-server; tcp-client needs the controller's host, e.g. tcp-client:127.0.0.1:9000"),
        ("tcp-client:my host:9000", "invalid transport 'tcp-client:my host:9000': 'my host' is not a host name or address; expected tcp-client:HOST:PORT"),
        ("tcp-server:_", "invalid transport 'tcp-server:_': expected tcp-server:HOST:PORT"),
        ("tcp-server:_:70000", "invalid transport 'tcp-server:_:70000': port 70000 is out of range 0…65535; expected tcp-server:HOST:PORT"),
        ("unix", "invalid transport 'unix': expected unix:PATH"),
        ("unix:", "invalid transport 'unix:': expected unix:PATH"),
        ("unix:/" + String(repeating: "x", count: 120), "invalid transport 'unix:/\(String(repeating: "x", count: 120))': the path is 121 bytes; a Unix socket path holds at most 107"),
        ("serial", "invalid transport 'serial': expected serial:PATH[,BAUD][,rtscts]"),
        ("serial:,115200", "invalid transport 'serial:,115200': the device path is empty; expected serial:PATH[,BAUD][,rtscts], e.g. serial:/dev/ttyACM0"),
        ("serial:/dev/ttyACM0,12345", "invalid transport 'serial:/dev/ttyACM0,12345': 12345 is not a standard baud rate; use one of 9600, 19200, 38400, 57600, 115200, 230400, 460800, 921600, 1000000, 2000000, 3000000 (any termios rate 50…4000000)"),
        ("serial:/dev/ttyACM0,fast", "invalid transport 'serial:/dev/ttyACM0,fast': unknown serial option 'fast' (a baud rate or rtscts); expected serial:PATH[,BAUD][,rtscts]"),
        ("serial:/dev/ttyACM0,dsrdtr", "invalid transport 'serial:/dev/ttyACM0,dsrdtr': unknown serial option 'dsrdtr' (a baud rate or rtscts); expected serial:PATH[,BAUD][,rtscts]"),
        ("serial:/dev/ttyACM0,115200,9600", "invalid transport 'serial:/dev/ttyACM0,115200,9600': two baud rates are given; expected serial:PATH[,BAUD][,rtscts]"),
        ("serial:/dev/ttyACM0,rtscts,rtscts", "invalid transport 'serial:/dev/ttyACM0,rtscts,rtscts': rtscts is given twice; expected serial:PATH[,BAUD][,rtscts]"),
        ("serial:/dev/ttyACM0,,rtscts", "invalid transport 'serial:/dev/ttyACM0,,rtscts': an option is empty; expected serial:PATH[,BAUD][,rtscts]"),
        ("serial:/dev/ttyACM0,-9600", "invalid transport 'serial:/dev/ttyACM0,-9600': unknown serial option '-9600' (a baud rate or rtscts); expected serial:PATH[,BAUD][,rtscts]"),
        ("hci-socket:", "invalid transport 'hci-socket:': '' is not an adapter number; expected hci-socket or hci-socket:N, e.g. hci-socket:0 for hci0"),
        ("hci-socket:x", "invalid transport 'hci-socket:x': 'x' is not an adapter number; expected hci-socket or hci-socket:N, e.g. hci-socket:0 for hci0"),
        ("hci-socket:-1", "invalid transport 'hci-socket:-1': '-1' is not an adapter number; expected hci-socket or hci-socket:N, e.g. hci-socket:0 for hci0"),
        ("hci-socket:65535", "invalid transport 'hci-socket:65535': adapter 65535 is out of range 0…65534; expected hci-socket or hci-socket:N, e.g. hci-socket:0 for hci0"),
        ("bluez:", "invalid transport 'bluez:': '' is not an adapter number; expected bluez or bluez:hciN, e.g. bluez:hci1"),
        ("bluez:hcix", "invalid transport 'bluez:hcix': 'hcix' is not an adapter number; expected bluez or bluez:hciN, e.g. bluez:hci1"),
    ]

    @Test(arguments: bad)
    func rejectsBadForm(text: String, message: String) {
        #expect {
            try TransportSpec(parsing: text)
        } throws: { error in
            guard let error = error as? TransportError else { return false }
            return error.code == .invalidSpec && error.spec == nil && error.description == message
        }
    }

    @Test func everyStandardBaudRateParsesAndHasATermiosSpeed() throws {
        for rate in TransportSpec.standardBaudRates {
            #expect(try TransportSpec(parsing: "serial:/dev/ttyS0,\(rate)") == .serial(path: "/dev/ttyS0", baudRate: rate, flowControl: false))
            #expect(SerialPort.termiosSpeed(rate) != nil, "\(rate)")
        }
        #expect(SerialPort.termiosSpeed(12345) == nil)
        #expect(TransportSpec.defaultSerialBaudRate == 1_000_000)
    }

    @Test func environmentUnsetOrBlankGivesTheDefault() throws {
        #expect(try TransportSpec.fromEnvironment([:]) == .sim)
        #expect(try TransportSpec.fromEnvironment(["NIGHTLIGHT_TRANSPORT": "  "]) == .sim)
        #expect(try TransportSpec.fromEnvironment([:], default: .hciSocket(adapter: 0)) == .hciSocket(adapter: 0))
    }

    @Test func environmentIsParsed() throws {
        let spec = try TransportSpec.fromEnvironment(["NIGHTLIGHT_TRANSPORT": "tcp-client:127.0.0.1:6402", "OTHER": "x"])
        #expect(spec == .tcpClient(host: "127.0.0.1", port: 6402))
    }

    @Test func badEnvironmentNamesTheVariable() {
        #expect {
            try TransportSpec.fromEnvironment(["NIGHTLIGHT_TRANSPORT": "tcp-client:localhost"])
        } throws: { error in
            (error as? TransportError)?.description
                == "NIGHTLIGHT_TRANSPORT: invalid transport 'tcp-client:localhost': expected tcp-client:HOST:PORT"
        }
    }

    @Test func flagWinsOverEnvironment() throws {
        let environment = ["NIGHTLIGHT_TRANSPORT": "hci-socket:1"]
        #expect(try TransportSpec.resolve(flag: "unix:/tmp/c.sock", environment: environment) == .unix(path: "/tmp/c.sock"))
        #expect(try TransportSpec.resolve(flag: nil, environment: environment) == .hciSocket(adapter: 1))
        #expect(try TransportSpec.resolve(flag: nil, environment: [:]) == .sim)
    }

    @Test func kindNames() throws {
        let kinds = try ["sim", "tcp-client:h:1", "tcp-server:_:0", "unix:/p", "serial:/d", "hci-socket", "bluez"].map {
            try TransportSpec(parsing: $0).kind
        }
        #expect(kinds == ["sim", "tcp-client", "tcp-server", "unix", "serial", "hci-socket", "bluez"])
    }

    @Test func errorDescriptionPrefixesTheSpec() {
        let error = TransportError(.closed, spec: "tcp-client:127.0.0.1:9000", "the transport is closed")
        #expect(error.description == "tcp-client:127.0.0.1:9000: the transport is closed")
        #expect(TransportError(.io, "plain").description == "plain")
    }
}
