import BLEHCI
import Logging
import NIOCore
import NIOPosix

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `serial:PATH[,BAUD][,rtscts]`: HCI H4 over a UART, such as an nRF52840 running Zephyr's
/// `hci_uart` sample (1000000 baud, RTS/CTS) or an ESP32 running Espressif's HCI-over-UART firmware.
///
/// Opening sets the terminal to raw mode, the baud rate, 8 data bits, no parity, 1 stop bit, no
/// software flow control, and RTS/CTS hardware flow control when asked, then hands the descriptor to
/// NIO. The device being unplugged finishes ``packets`` with ``TransportError/Code/peerClosed``.
public final class SerialTransport: HCITransport {
    /// The canonical spec of this transport.
    public let spec: TransportSpec
    /// The packets received from the controller; finishes on ``close()`` and throws when the link fails.
    public let packets: AsyncThrowingStream<HCIPacket, any Error>
    private let connection: ChannelConnection

    private init(spec: TransportSpec, packets: AsyncThrowingStream<HCIPacket, any Error>, connection: ChannelConnection) {
        self.spec = spec
        self.packets = packets
        self.connection = connection
    }

    /// Opens the terminal device at `path` and configures it.
    ///
    /// - Parameters:
    ///   - baudRate: one of ``TransportSpec/standardBaudRates``; 1000000 by default.
    ///   - flowControl: RTS/CTS hardware flow control (Zephyr's hci_uart needs it).
    /// - Throws: ``TransportError`` (`notFound`, `permissionDenied` with the dialout hint, `busy`,
    ///   `invalidSpec` for a path that is not a terminal or a rate the device refuses).
    public static func open(
        path: String,
        baudRate: Int = TransportSpec.defaultSerialBaudRate,
        flowControl: Bool = false,
        options: TransportOptions
    ) async throws -> SerialTransport {
        let spec = TransportSpec.serial(path: path, baudRate: baudRate, flowControl: flowControl)
        let name = spec.description
        let descriptor = try SerialPort.openConfigured(path: path, baudRate: baudRate, flowControl: flowControl, spec: name)
        let (packets, continuation) = AsyncThrowingStream.makeStream(of: HCIPacket.self, throwing: (any Error).self)
        let parser = options.makeParser()
        let logger = options.logger
        let channel: any Channel
        do {
            channel = try await NIOPipeBootstrap(group: options.eventLoopGroup)
                .takingOwnershipOfDescriptor(inputOutput: descriptor) { channel in
                    channel.eventLoop.makeCompletedFuture {
                        try channel.pipeline.syncOperations.addHandler(
                            H4ChannelHandler(
                                framing: .stream(parser), continuation: continuation, logger: logger, spec: name,
                                peerName: "the serial device"
                            )
                        )
                        return channel
                    }
                }
        } catch {
            // On failure the descriptor is still ours.
            SystemCalls.close(descriptor)
            continuation.finish()
            throw TransportError(.io, spec: name, "cannot use \(path) with NIO: \(error)")
        }
        logger.info("\(name): opened", metadata: ["transport": "\(name)"])
        let connection = ChannelConnection(channel: channel, spec: name, peerName: "the serial device", continuation: continuation)
        return SerialTransport(spec: spec, packets: packets, connection: connection)
    }

    /// Sends one packet and waits until it is written to the device.
    public func send(_ packet: HCIPacket) async throws {
        try await connection.send(packet)
    }

    /// Closes the device; ``packets`` finishes and later sends throw. Idempotent.
    public func close() async {
        await connection.close()
    }
}

/// Opening and configuring a terminal device with termios.
enum SerialPort {
    /// Opens `path` non-blocking and configures raw 8N1 at `baudRate`; returns the descriptor.
    static func openConfigured(path: String, baudRate: Int, flowControl: Bool, spec: String) throws(TransportError) -> CInt {
        guard let speed = termiosSpeed(baudRate) else {
            throw TransportError(.invalidSpec, spec: spec, "\(baudRate) is not a standard baud rate")
        }
        let descriptor = SystemCalls.open(path, O_RDWR | O_NOCTTY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw openError(errno, path: path, spec: spec) }
        do {
            try configure(descriptor, speed: speed, flowControl: flowControl, path: path, spec: spec)
        } catch {
            SystemCalls.close(descriptor)
            throw error
        }
        return descriptor
    }

    /// Raw mode, speed, 8N1, RTS/CTS as asked; VMIN 1, VTIME 0; pending bytes flushed.
    static func configure(_ descriptor: CInt, speed: speed_t, flowControl: Bool, path: String, spec: String) throws(TransportError) {
        guard isatty(descriptor) == 1 else {
            throw TransportError(.invalidSpec, spec: spec, "\(path) is not a serial device (a terminal); use unix:PATH for a socket")
        }
        var settings = termios()
        guard tcgetattr(descriptor, &settings) == 0 else {
            throw TransportError(.io, spec: spec, "cannot read the settings of \(path): \(TransportError.errnoText(errno))")
        }
        cfmakeraw(&settings)
        settings.c_cflag &= ~tcflag_t(CSIZE | PARENB | CSTOPB)
        settings.c_cflag |= tcflag_t(CS8 | CLOCAL | CREAD)
        if flowControl {
            settings.c_cflag |= crtscts
        } else {
            settings.c_cflag &= ~crtscts
        }
        settings.c_iflag &= ~tcflag_t(IXON | IXOFF | IXANY)
        withUnsafeMutableBytes(of: &settings.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        guard cfsetispeed(&settings, speed) == 0, cfsetospeed(&settings, speed) == 0 else {
            throw TransportError(.invalidSpec, spec: spec, "\(path) does not take this baud rate: \(TransportError.errnoText(errno))")
        }
        guard tcsetattr(descriptor, TCSANOW, &settings) == 0 else {
            let code = errno
            throw TransportError(.io, spec: spec, "cannot configure \(path): \(TransportError.errnoText(code))")
        }
        _ = tcflush(descriptor, TCIOFLUSH)
    }

    /// The termios `Bxxx` constant for a rate, or nil when it is not a standard one.
    static func termiosSpeed(_ baudRate: Int) -> speed_t? {
        #if os(Linux)
        let table: [Int: CInt] = [
            50: B50, 75: B75, 110: B110, 134: B134, 150: B150, 200: B200, 300: B300, 600: B600,
            1200: B1200, 1800: B1800, 2400: B2400, 4800: B4800, 9600: B9600, 19200: B19200,
            38400: B38400, 57600: B57600, 115_200: B115200, 230_400: B230400, 460_800: B460800,
            500_000: B500000, 576_000: B576000, 921_600: B921600, 1_000_000: B1000000,
            1_152_000: B1152000, 1_500_000: B1500000, 2_000_000: B2000000, 2_500_000: B2500000,
            3_000_000: B3000000, 3_500_000: B3500000, 4_000_000: B4000000,
        ]
        return table[baudRate].map { speed_t($0) }
        #else
        // Darwin takes the rate itself.
        return TransportSpec.standardBaudRates.contains(baudRate) ? speed_t(baudRate) : nil
        #endif
    }

    /// `CRTSCTS` (Linux `020000000000`, Darwin `CCTS_OFLOW | CRTS_IFLOW`).
    static var crtscts: tcflag_t {
        #if os(Linux)
        tcflag_t(0o20000000000)
        #else
        tcflag_t(CRTSCTS)
        #endif
    }

    static func openError(_ code: CInt, path: String, spec: String) -> TransportError {
        switch code {
        case ENOENT, ENODEV, ENXIO:
            TransportError(.notFound, spec: spec, "no serial device at \(path): is the board plugged in? (list them with `ls /dev/ttyACM* /dev/ttyUSB*`)")
        case EACCES, EPERM:
            TransportError(.permissionDenied, spec: spec, "not allowed to open \(path): add yourself to its group (`sudo usermod -aG dialout $USER`, then log in again)")
        case EBUSY:
            TransportError(.busy, spec: spec, "\(path) is in use by another program (ModemManager, a terminal, btattach?)")
        case ENOTDIR, EISDIR:
            TransportError(.invalidSpec, spec: spec, "\(path) is not a device")
        default:
            TransportError(.io, spec: spec, "cannot open \(path): \(TransportError.errnoText(code))")
        }
    }
}
