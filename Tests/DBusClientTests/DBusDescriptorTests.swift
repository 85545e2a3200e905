import DBus
import DBusClient
import DBusTesting
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Unix descriptors passed with messages (`SCM_RIGHTS`) through a real dbus-daemon, both ways,
/// as BlueZ's `AcquireNotify` and `AcquireWrite` will need.
@Suite(.timeLimit(.minutes(2))) struct DBusDescriptorTests {
    static let path: DBusObjectPath = "/org/example/Pipes"
    static let interface = "org.example.Pipes"

    static func makePipe() throws -> (read: CInt, write: CInt) {
        var ends: [CInt] = [0, 0]
        guard pipe(&ends) == 0 else { throw DBusError(.connectionFailed, "pipe() failed") }
        return (ends[0], ends[1])
    }

    static func write(_ text: String, to descriptor: CInt) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress!, $0.count) }
    }

    static func readAll(_ descriptor: CInt) -> String {
        var result: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 256)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress!, $0.count) }
            if count <= 0 { break }
            result.append(contentsOf: chunk[..<count])
        }
        return String(decoding: result, as: UTF8.self)
    }

    static func exportPipes(on connection: DBusConnection) {
        connection.export(path, [
            DBusExportedInterface(
                name: interface,
                descriptorMethods: [
                    // Returns the read end of a pipe holding a greeting.
                    "Open": { _, _ in
                        let ends = try makePipe()
                        write("hello from the callee", to: ends.write)
                        close(ends.write)
                        return ([.unixFD(0)], [ends.read])
                    },
                    // Writes a greeting into the descriptor it is given.
                    "WriteTo": { call, descriptors in
                        guard case .unixFD(let index)? = call.body.first, Int(index) < descriptors.count else {
                            throw DBusRemoteError.invalidArgs("WriteTo takes (h)")
                        }
                        write("hello from the caller's pipe", to: descriptors[Int(index)])
                        descriptors.forEach { close($0) }
                        return ([], [])
                    },
                ]
            ),
        ])
    }

    @Test func theBusAgreesToPassDescriptors() async throws {
        let bus = try await DBusTestBus.start()
        defer { bus.stop() }
        let connection = try await bus.connect()
        defer { connection.close() }
        #expect(connection.canPassDescriptors)
    }

    @Test func aReplyBringsADescriptor() async throws {
        try await DBusTestBus.withTwoConnections { bus, caller, callee in
            Self.exportPipes(on: callee)
            let (reply, descriptors) = try await caller.call(
                .methodCall(destination: callee.uniqueName, path: Self.path, interface: Self.interface, member: "Open"), descriptors: []
            )
            #expect(reply.body == [.unixFD(0)])
            #expect(reply.unixFDs == 1)
            #expect(descriptors.count == 1)
            guard let received = descriptors.first else { return }
            defer { close(received) }
            #expect(Self.readAll(received) == "hello from the callee")
        }
    }

    @Test func aCallTakesADescriptor() async throws {
        try await DBusTestBus.withTwoConnections { bus, caller, callee in
            Self.exportPipes(on: callee)
            let ends = try Self.makePipe()
            defer { close(ends.read) }
            let (reply, descriptors) = try await caller.call(
                .methodCall(destination: callee.uniqueName, path: Self.path, interface: Self.interface, member: "WriteTo", body: [.unixFD(0)]),
                descriptors: [ends.write]
            )
            close(ends.write)  // the caller still owns what it sent
            #expect(reply.body.isEmpty)
            #expect(descriptors.isEmpty)
            #expect(Self.readAll(ends.read) == "hello from the caller's pipe")
        }
    }

    @Test func aDescriptorIndexBeyondTheDescriptorsIsRefused() async throws {
        let bus = try await DBusTestBus.start()
        defer { bus.stop() }
        let caller = try await bus.connect()
        defer { caller.close() }
        await #expect {
            _ = try await caller.call(.methodCall(destination: caller.uniqueName, path: Self.path, interface: Self.interface, member: "WriteTo", body: [.unixFD(1)]), descriptors: [0])
        } throws: { error in
            (error as? DBusError)?.message.contains("unix fd index 1 with 1 descriptors") == true
        }
    }
}
