import BLECore
import BLEHCI
import BLESimulation
import BLEVirtual
import Dispatch
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The H4-over-TCP server, spoken to by a raw socket as another stack would.
@Suite(.timeLimit(.minutes(1)))
struct VirtualHCIServerTests {
    /// Runs blocking socket calls on a Dispatch thread, off Swift's cooperative pool (which the
    /// controller and the server need meanwhile).
    static func blocking<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(with: Result(catching: work)) }
        }
    }

    /// A blocking IPv4 TCP client with a receive timeout.
    final class RawClient: @unchecked Sendable {
        let descriptor: Int32

        init(port: Int) throws {
            #if canImport(Glibc)
            descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            #else
            descriptor = socket(AF_INET, SOCK_STREAM, 0)
            #endif
            guard descriptor >= 0 else { throw Failure("socket() failed") }
            var timeout = timeval(tv_sec: 20, tv_usec: 0)  // "never" vs "late": a loaded CI machine has taken over 5 s
            setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(port).bigEndian)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            let result = withUnsafePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            guard result == 0 else {
                close(descriptor)
                throw Failure("connect() to port \(port) failed")
            }
        }

        deinit { close(descriptor) }

        func write(_ bytes: [UInt8]) throws {
            let sent = bytes.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, 0) }
            guard sent == bytes.count else { throw Failure("send() wrote \(sent) of \(bytes.count) bytes") }
        }

        /// Reads exactly `count` bytes, or throws after the 20 s receive timeout.
        func read(_ count: Int) throws -> [UInt8] {
            var bytes: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: count)
            while bytes.count < count {
                let received = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, count - bytes.count, 0) }
                guard received > 0 else { throw Failure("recv() returned \(received) after \(bytes.count) of \(count) bytes") }
                bytes += buffer[0..<received]
            }
            return bytes
        }

        /// Reads one H4 event frame.
        func readEvent() throws -> [UInt8] {
            let header = try read(3)
            return header + (try read(Int(header[2])))
        }
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    /// Connects, writes one H4 command, reads one H4 event, off the cooperative pool.
    static func exchange(port: Int, _ command: [UInt8], with client: RawClient? = nil) async throws -> [UInt8] {
        try await blocking {
            let client = try client ?? RawClient(port: port)
            try client.write(command)
            return try client.readEvent()
        }
    }

    @Test func rawTCPClientResetsTheControllerOverH4() async throws {
        let controller = VirtualController(publicAddress: VirtualWorld.centralAddress, name: "served")
        let server = try await VirtualHCIServer.start(controller: controller)
        #expect(server.localPort > 0)
        let port = server.localPort
        let client = try await Self.blocking { try RawClient(port: port) }

        // H4: 0x01 command, HCI_Reset 0x0C03, no parameters →
        // 0x04 event, Command Complete 0x0E, 4 octets: 1 credit, 0x0C03, Success.
        #expect(try await Self.exchange(port: port, [0x01, 0x03, 0x0C, 0x00], with: client) == [0x04, 0x0E, 0x04, 0x01, 0x03, 0x0C, 0x00])

        // HCI_Read_BD_ADDR answers the configured address, little-endian.
        #expect(
            try await Self.exchange(port: port, [0x01, 0x09, 0x10, 0x00], with: client)
                == [0x04, 0x0E, 0x0A, 0x01, 0x09, 0x10, 0x00] + VirtualWorld.centralAddress.littleEndianBytes
        )

        // An unknown opcode: Command Complete, Unknown HCI Command.
        #expect(try await Self.exchange(port: port, [0x01, 0x01, 0xFC, 0x00], with: client) == [0x04, 0x0E, 0x04, 0x01, 0x01, 0xFC, 0x01])
        await server.close()
    }

    @Test func nextClientIsServedAfterTheFirstLeaves() async throws {
        let controller = VirtualController(publicAddress: VirtualWorld.peripheralAddress, name: "served")
        let server = try await VirtualHCIServer.start(controller: controller)
        let port = server.localPort
        #expect(try await Self.exchange(port: port, [0x01, 0x03, 0x0C, 0x00]) == [0x04, 0x0E, 0x04, 0x01, 0x03, 0x0C, 0x00])
        // The first client is gone (its socket closed when `exchange` returned). The server
        // listens again on the same port; until then a connection may be refused, or accepted
        // by the old socket and closed.
        var answer: [UInt8]?
        for _ in 0..<50 where answer == nil {
            answer = try? await Self.exchange(port: port, [0x01, 0x03, 0x0C, 0x00])
            if answer == nil { try await Task.sleep(for: .milliseconds(20)) }
        }
        #expect(answer == [0x04, 0x0E, 0x04, 0x01, 0x03, 0x0C, 0x00])
        await server.close()
    }
}
