import BLECore
import BLEGATT
import BLEHCI
import BLEHost
import BLESimulation
import BLETesting
import BLETransport
import BLEVirtual
import Dispatch
import Logging
import Synchronization
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - Test doubles

/// Keeps the warnings a logger printed, for the tests that count what the transport dropped.
final class WarningLog: Sendable {
    private let entries = Mutex<[(message: String, droppedBytes: Int)]>([])

    /// Every warning, in order.
    var messages: [String] { entries.withLock { $0.map(\.message) } }
    /// The bytes the transport reported dropping (its `droppedBytes` metadata), summed.
    var droppedBytes: Int { entries.withLock { $0.reduce(0) { $0 + $1.droppedBytes } } }

    /// A logger recording into this log.
    func logger(_ label: String) -> Logger {
        Logger(label: label) { _ in Handler(recorder: self) }
    }

    /// Records warnings and worse. Logger-level metadata is not kept: the transport passes what
    /// these tests read (`droppedBytes`) with each message.
    private struct Handler: LogHandler {
        let recorder: WarningLog
        var logLevel: Logger.Level = .warning
        var metadata: Logger.Metadata {
            get { [:] }
            set {}
        }
        subscript(metadataKey _: String) -> Logger.Metadata.Value? {
            get { nil }
            set {}
        }

        func log(event: LogEvent) {
            let dropped = event.metadata?["droppedBytes"].flatMap { Int("\($0)") } ?? 0
            recorder.entries.withLock { $0.append(("\(event.message)", dropped)) }
        }
    }
}

/// A controller server that misbehaves on purpose: it serves a ``VirtualController`` over H4 on
/// a TCP port of 127.0.0.1 to one host, and once the host has sent more than `after` commands
/// it applies its ``Fault`` to everything the controller sends.
///
/// The socket is read on its own Dispatch thread (blocking calls stay off Swift's cooperative
/// pool); writes happen under the state lock, so a hang-up never races a write.
final class FaultyControllerServer: Sendable {
    /// What the server does to the controller's packets.
    enum Fault: Sendable {
        /// Drops them: the controller stops answering.
        case silent
        /// Sends these bytes before each.
        case junkBeforeEachPacket([UInt8])
        /// Sends that many random bytes instead of each.
        case noiseInsteadOfEachPacket(byteCount: Int)
        /// Instead of the next one, sends these bytes and hangs up.
        case hangUp(sending: [UInt8])
    }

    private struct State {
        var fault: Fault?
        var answered: Int
        var commands: [HCIOpcode] = []
        var junkBytesSent = 0
        var client: Int32 = -1
        var isStopped = false
        var isFinished = false
    }

    /// The state the reading thread, the forwarding tasks and the test share.
    private final class Shared: Sendable {
        let state: Mutex<State>
        init(_ state: State) { self.state = Mutex(state) }
    }

    /// The listening port.
    let port: Int
    /// The controller served.
    let controller: VirtualController
    private let link: VirtualLink
    private let listener: Int32
    private let shared: Shared
    private let toController: AsyncStream<HCIPacket>.Continuation
    private let tasks: [Task<Void, Never>]

    /// Listens on a free port and serves a fresh virtual controller; `fault` applies once the
    /// host has sent more than `answered` commands.
    init(fault: Fault? = nil, after answered: Int = 0) throws {
        #if canImport(Glibc)
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let listener = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard listener >= 0 else { throw BumbleHarnessError("socket() failed: errno \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listener, $0, length) == 0 && listen(listener, 1) == 0 && getsockname(listener, $0, &length) == 0
            }
        }
        guard bound else {
            close(listener)
            throw BumbleHarnessError("cannot listen on 127.0.0.1: errno \(errno)")
        }
        self.listener = listener
        port = Int(UInt16(bigEndian: address.sin_port))
        link = VirtualLink(clock: ContinuousClock(), logger: BumbleFaultTests.logger("faults.link"))
        controller = VirtualController(
            publicAddress: try DeviceAddress(parsing: "00:1B:DC:0F:0F:01"), name: "faulty", logger: BumbleFaultTests.logger("faults.controller")
        )
        link.attach(controller)
        let shared = Shared(State(fault: fault, answered: answered))
        self.shared = shared
        let (commands, toController) = AsyncStream<HCIPacket>.makeStream()
        self.toController = toController
        let hostSide = controller.hostTransport
        tasks = [
            Task {
                for await packet in commands { try? await hostSide.send(packet) }
            },
            Task {
                do {
                    for try await packet in hostSide.packets { Self.forward(packet, shared: shared) }
                } catch {}
            },
        ]
        DispatchQueue(label: "faulty-controller-server").async { [self] in serve() }
    }

    /// The opcodes of the commands the host sent, in order.
    var commands: [HCIOpcode] { shared.state.withLock { $0.commands } }
    /// How many junk bytes ``Fault/junkBeforeEachPacket(_:)`` has sent.
    var junkBytesSent: Int { shared.state.withLock { $0.junkBytesSent } }

    /// Applies `fault` from now on.
    func setFault(_ fault: Fault) {
        shared.state.withLock { state in
            state.fault = fault
            state.answered = 0
        }
    }

    /// Sends raw bytes to the host now.
    func inject(_ bytes: [UInt8]) {
        _ = shared.state.withLock { Self.write(bytes, to: $0.client) }
    }

    /// Stops serving: closes the sockets and the controller's host transport; returns once the
    /// reading thread is done (at most about a second).
    func stop() async {
        shared.state.withLock { $0.isStopped = true }
        toController.finish()
        await controller.hostTransport.close()
        for task in tasks { task.cancel() }
        for _ in 0..<100 where !shared.state.withLock({ $0.isFinished }) {
            try? await Task.sleep(for: .milliseconds(10))
        }
    }

    /// Accepts one host, then reads its commands and hands them to the controller until it hangs
    /// up or the server stops.
    private func serve() {
        var client: Int32 = -1
        while client < 0, !shared.state.withLock({ $0.isStopped }) {
            if Self.isReadable(listener) { client = accept(listener, nil, nil) }
        }
        if client >= 0 {
            shared.state.withLock { $0.client = client }
            var parser = H4PacketParser.forController()
            var buffer = [UInt8](repeating: 0, count: 4096)
            while !shared.state.withLock({ $0.isStopped }) {
                guard Self.isReadable(client) else { continue }
                let count = buffer.withUnsafeMutableBytes { recv(client, $0.baseAddress, $0.count, 0) }
                guard count > 0 else { break }
                for packet in parser.feed(buffer[0..<count]) {
                    if case .command(let command) = packet { shared.state.withLock { $0.commands.append(command.opcode) } }
                    toController.yield(packet)
                }
            }
        }
        shared.state.withLock { state in
            if client >= 0 { close(client) }
            state.client = -1
            state.isFinished = true
        }
        close(listener)
    }

    /// Sends one packet of the controller's to the host, through the fault in force.
    private static func forward(_ packet: HCIPacket, shared: Shared) {
        shared.state.withLock { state in
            let fault = state.commands.count > state.answered ? state.fault : nil
            switch fault {
            case nil:
                write(H4.encode(packet), to: state.client)
            case .silent:
                break
            case .junkBeforeEachPacket(let junk):
                if write(junk + H4.encode(packet), to: state.client) { state.junkBytesSent += junk.count }
            case .noiseInsteadOfEachPacket(let byteCount):
                write((0..<byteCount).map { _ in UInt8.random(in: .min ... .max) }, to: state.client)
            case .hangUp(let last):
                write(last, to: state.client)
                #if canImport(Glibc)
                if state.client >= 0 { shutdown(state.client, Int32(SHUT_RDWR)) }
                #else
                if state.client >= 0 { shutdown(state.client, SHUT_RDWR) }
                #endif
                state.fault = .silent
            }
        }
    }

    /// Writes all of `bytes` to `socket` (nothing when there is no client); returns whether it did.
    @discardableResult
    private static func write(_ bytes: [UInt8], to socket: Int32) -> Bool {
        guard socket >= 0 else { return false }
        #if canImport(Glibc)
        let flags = Int32(MSG_NOSIGNAL)
        #else
        let flags: Int32 = 0
        #endif
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { send(socket, $0.baseAddress, $0.count, flags) }
            guard count > 0 else { return false }
            sent += count
        }
        return true
    }

    /// Whether `socket` has something to read (or hung up) within 20 ms.
    private static func isReadable(_ socket: Int32) -> Bool {
        var entry = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, 20) > 0
    }
}
