import BLEHCI
@testable import BLETransport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A pseudo-terminal pair: the serial transport opens the slave path; the test is the device on
/// the master side.
struct PseudoTerminal {
    let master: CInt
    let slavePath: String

    /// Opens `/dev/ptmx`, unlocks the slave and finds its number (what `posix_openpt`, `unlockpt`
    /// and `ptsname` do; Glibc's Swift module does not export those).
    init() throws {
        let master = SystemCallsForTests.open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard master >= 0 else { throw TransportError(.io, "cannot open /dev/ptmx: errno \(errno)") }
        // Linux ioctls from <asm-generic/ioctls.h>: _IOW('T', 0x31, int) and _IOR('T', 0x30, unsigned int).
        let setLock: UInt = 0x4004_5431  // TIOCSPTLCK
        let getNumber: UInt = 0x8004_5430  // TIOCGPTN
        var unlock: CInt = 0
        var number: CUnsignedInt = 0
        guard ioctl(master, setLock, &unlock) == 0, ioctl(master, getNumber, &number) == 0 else {
            close(master)
            throw TransportError(.io, "cannot set up the pseudo-terminal: errno \(errno)")
        }
        self.master = master
        self.slavePath = "/dev/pts/\(number)"
    }
}

enum SystemCallsForTests {
    static func open(_ path: String, _ flags: CInt) -> CInt {
        Glibc.open(path, flags)
    }
}

@Suite(.timeLimit(.minutes(1))) struct SerialTransportTests {
    @Test func exchangesPacketsThroughAPseudoTerminal() async throws {
        let log = LogRecorder()
        let pty = try PseudoTerminal()
        let transport = try await SerialTransport.open(path: pty.slavePath, baudRate: 1_000_000, flowControl: true, options: log.options())
        #expect(transport.spec.description == "serial:\(pty.slavePath),1000000,rtscts")
        // NIO owns the master from here on and closes it.
        let device = try await RawPeer.adopting(descriptor: pty.master)

        // Device → host, split into small writes, with garbage in front.
        try await device.writeInChunks([0x00, 0xFF] + Sample.bytes(Sample.toHost), chunkSize: 3)
        #expect(try await receive(Sample.toHost.count, from: transport) == Sample.toHost)
        try await log.waitFor("garbage on the wire: dropped 2 bytes")

        // Host → device: raw mode passes every byte through untouched (0x0A, 0x0D, 0x03, 0x11…).
        for packet in Sample.toController { try await transport.send(packet) }
        let expected = Sample.bytes(Sample.toController)
        #expect(try await device.read(expected.count) == expected)

        await transport.close()
        await transport.close()
        #expect(try await streamEnd(of: transport) == nil)
        await #expect { try await transport.send(Sample.reset) } throws: { ($0 as? TransportError)?.code == .closed }
        await device.close()
    }

    @Test func settingsAreApplied() async throws {
        let pty = try PseudoTerminal()
        defer { close(pty.master) }
        let descriptor = try SerialPort.openConfigured(path: pty.slavePath, baudRate: 115_200, flowControl: false, spec: "serial")
        defer { close(descriptor) }
        var settings = termios()
        #expect(tcgetattr(descriptor, &settings) == 0)
        #expect(cfgetospeed(&settings) == speed_t(B115200))
        #expect(cfgetispeed(&settings) == speed_t(B115200))
        #expect(settings.c_cflag & tcflag_t(CSIZE) == tcflag_t(CS8))
        #expect(settings.c_cflag & tcflag_t(PARENB | CSTOPB) == 0)
        #expect(settings.c_lflag & tcflag_t(ICANON | ECHO | ISIG) == 0, "raw mode")
        #expect(settings.c_iflag & tcflag_t(IXON | IXOFF | ICRNL) == 0)
        #expect(settings.c_oflag & tcflag_t(OPOST) == 0)
    }

    @Test func deviceGoingAwayEndsTheStream() async throws {
        let pty = try PseudoTerminal()
        let transport = try await SerialTransport.open(path: pty.slavePath, options: LogRecorder().options())
        let device = try await RawPeer.adopting(descriptor: pty.master)
        try await device.write(Sample.resetComplete.encodeH4())
        #expect(try await receive(1, from: transport) == [Sample.resetComplete])
        await device.close()  // Like unplugging the adapter: the slave reads EIO / end of file.
        let end = try await streamEnd(of: transport) as? TransportError
        #expect(end?.code == .peerClosed)
        #expect(end?.message.hasPrefix("the serial device") == true)
        await transport.close()
    }

    @Test func missingDeviceIsClear() async {
        await #expect {
            _ = try await Transports.open("serial:/dev/nightlight-no-such-tty,115200", options: LogRecorder().options())
        } throws: { error in
            guard let error = error as? TransportError else { return false }
            return error.code == .notFound
                && error.description.hasPrefix("serial:/dev/nightlight-no-such-tty,115200: no serial device at /dev/nightlight-no-such-tty: is the board plugged in?")
        }
    }

    @Test func nonTerminalIsClear() async {
        await #expect {
            _ = try await SerialTransport.open(path: "/dev/null", options: LogRecorder().options())
        } throws: { error in
            (error as? TransportError)?.description
                == "serial:/dev/null,1000000: /dev/null is not a serial device (a terminal); use unix:PATH for a socket"
        }
    }
}
