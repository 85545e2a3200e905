import DBus
import DBusClient
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A Unix socket that is not a bus: it answers with what a test scripts, then closes. The
/// connection must fail with a clear error, never hang.
final class FakeBus: @unchecked Sendable {
    let path: String
    private let listener: CInt

    /// Listens at a fresh path; each accepted client gets `script(descriptor)` on a thread of its own.
    init(accepting script: (@Sendable (CInt) -> Void)?) throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("nightlight-fakebus-\(UUID().uuidString.prefix(8))").path
        let listener = socket(AF_UNIX, CInt(SOCK_STREAM.rawValue), 0)
        self.listener = listener
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (offset, byte) in path.utf8.enumerated() { raw[offset] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard bound == 0, listen(listener, 4) == 0 else { throw DBusError(.connectionFailed, "could not listen at \(path)") }
        guard let script else { return }
        Thread.detachNewThread {
            let client = accept(listener, nil, nil)
            guard client >= 0 else { return }
            script(client)
            close(client)
        }
    }

    /// Reads one line (up to `\n`) from `descriptor`.
    static func readLine(_ descriptor: CInt) -> String {
        var line: [UInt8] = []
        var byte: UInt8 = 0
        while read(descriptor, &byte, 1) == 1 {
            if byte == UInt8(ascii: "\n") { break }
            line.append(byte)
        }
        return String(decoding: line, as: UTF8.self)
    }

    static func write(_ bytes: [UInt8], to descriptor: CInt) {
        _ = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress!, $0.count) }
    }

    func stop() {
        shutdown(listener, CInt(SHUT_RDWR))
        close(listener)
        unlink(path)
    }
}

@Suite(.timeLimit(.minutes(1))) struct DBusHostilePeerTests {
    @Test func aSilentServerTimesOutTheAuthentication() async throws {
        let fake = try FakeBus(accepting: nil)  // connections wait in the backlog, unanswered
        defer { fake.stop() }
        await #expect {
            _ = try await DBusConnection.connect(to: [.unixPath(fake.path)], timeout: .seconds(1))
        } throws: { error in
            (error as? DBusError)?.code == .timedOut
        }
    }

    @Test func aRejectionIsAnAuthenticationError() async throws {
        let fake = try FakeBus { client in
            _ = FakeBus.readLine(client)  // \0AUTH EXTERNAL …
            FakeBus.write(Array("REJECTED DBUS_COOKIE_SHA1\r\n".utf8), to: client)
        }
        defer { fake.stop() }
        await #expect {
            _ = try await DBusConnection.connect(to: [.unixPath(fake.path)], timeout: .seconds(5))
        } throws: { error in
            guard let error = error as? DBusError else { return false }
            return error.code == .authenticationFailed && error.message.contains("DBUS_COOKIE_SHA1")
        }
    }

    @Test func garbageAfterAuthenticationFailsTheConnection() async throws {
        let fake = try FakeBus { client in
            _ = FakeBus.readLine(client)
            FakeBus.write(Array("OK 0123456789abcdef0123456789abcdef\r\n".utf8), to: client)
            _ = FakeBus.readLine(client)  // NEGOTIATE_UNIX_FD
            FakeBus.write(Array("ERROR not here\r\n".utf8), to: client)
            _ = FakeBus.readLine(client)  // BEGIN
            // Hello is answered with a message whose byte order is neither 'l' nor 'B'.
            FakeBus.write(Array(repeating: UInt8(ascii: "X"), count: 32), to: client)
            _ = FakeBus.readLine(client)  // waits until the client hangs up
        }
        defer { fake.stop() }
        await #expect {
            _ = try await DBusConnection.connect(to: [.unixPath(fake.path)], timeout: .seconds(5))
        } throws: { error in
            guard let error = error as? DBusError else { return false }
            return error.code == .protocolViolation && error.message.contains("byte order")
        }
    }

    @Test func aServerHangingUpAfterAuthenticationFailsHello() async throws {
        let fake = try FakeBus { client in
            _ = FakeBus.readLine(client)
            FakeBus.write(Array("OK 0123456789abcdef0123456789abcdef\r\n".utf8), to: client)
            _ = FakeBus.readLine(client)
            FakeBus.write(Array("AGREE_UNIX_FD\r\n".utf8), to: client)
            _ = FakeBus.readLine(client)  // BEGIN; then the server closes
        }
        defer { fake.stop() }
        await #expect {
            _ = try await DBusConnection.connect(to: [.unixPath(fake.path)], timeout: .seconds(5))
        } throws: { error in
            (error as? DBusError)?.code == .disconnected
        }
    }
}
