import DBus
import DBusClient
import DBusTesting
import Foundation
import Synchronization
import Testing

/// A light level shared between a test and the object it exports.
final class Level: Sendable {
    let value: Mutex<Int32>
    init(_ value: Int32) { self.value = Mutex(value) }
}

/// Two connections on a real dbus-daemon talking to each other.
@Suite(.timeLimit(.minutes(2))) struct DBusConnectionTests {
    static let light: DBusObjectPath = "/org/example/Light"
    static let interface = "org.example.Light"

    /// The callee's object: `Echo` returns its arguments, `Break` fails, `Hang` never answers.
    static func exportLight(on connection: DBusConnection, level: Level? = nil) {
        connection.export(light, [
            DBusExportedInterface(
                name: interface,
                methods: [
                    "Echo": { call in call.body },
                    "Break": { _ in throw DBusRemoteError(name: "org.example.Error.Broken", message: "the light broke") },
                    "Fail": { _ in throw CancellationError() },
                    "Hang": { _ in
                        try await Task.sleep(for: .seconds(3600))
                        return []
                    },
                ],
                properties: { ["Name": .string("Nightlight"), "Level": .int32(level?.value.withLock { $0 } ?? 0)] },
                setProperty: { name, value in
                    guard name == "Level", case .int32(let new) = value, let level else {
                        throw DBusRemoteError.invalidArgs("only Level (i) can be set")
                    }
                    level.value.withLock { $0 = new }
                }
            ),
        ])
    }

    @Test func saysHelloAndGetsAUniqueName() async throws {
        let bus = try await DBusTestBus.start()
        defer { bus.stop() }
        let connection = try await bus.connect()
        defer { connection.close() }
        #expect(connection.uniqueName.hasPrefix(":1."))
        #expect(!connection.serverGUID.isEmpty)
        let reply = try await connection.call(.methodCall(
            destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus", member: "ListNames"
        ))
        #expect(reply.body.first?.stringArray?.contains(connection.uniqueName) == true)
    }

    @Test func connectsToAnAbstractSocket() async throws {
        let bus = try await DBusTestBus.start(abstract: true)
        defer { bus.stop() }
        #expect(bus.address.hasPrefix("unix:abstract="))
        let connection = try await bus.connect()
        defer { connection.close() }
        #expect(connection.uniqueName.hasPrefix(":1."))
    }

    @Test func callsAnExportedMethodAndGetsTheReply() async throws {
        try await DBusTestBus.withTwoConnections { bus, caller, callee in
            Self.exportLight(on: callee)
            let arguments: [DBusValue] = [.string("hello"), .uint64(.max), .properties(["On": .boolean(true)]), .bytes([0, 255])]
            let reply = try await caller.call(.methodCall(
                destination: callee.uniqueName, path: Self.light, interface: Self.interface, member: "Echo", body: arguments
            ))
            #expect(reply.type == .methodReturn)
            #expect(reply.body == arguments)
            #expect(reply.sender == callee.uniqueName)
            // Without an interface, the member is looked up on every interface of the object.
            let untyped = try await caller.call(.methodCall(destination: callee.uniqueName, path: Self.light, interface: nil, member: "Echo", body: [.int16(-1)]))
            #expect(untyped.body == [.int16(-1)])
            // Peer.Ping is answered on any path.
            _ = try await caller.call(.methodCall(destination: callee.uniqueName, path: "/any", interface: "org.freedesktop.DBus.Peer", member: "Ping"))
        }
    }

    @Test func errorsArriveAsRemoteErrorsWithTheirNameAndMessage() async throws {
        try await DBusTestBus.withTwoConnections { bus, caller, callee in
            Self.exportLight(on: callee)
            func callError(_ path: DBusObjectPath, _ interface: String, _ member: String, to destination: String? = nil) async -> DBusRemoteError? {
                do {
                    _ = try await caller.call(.methodCall(destination: destination ?? callee.uniqueName, path: path, interface: interface, member: member))
                    return nil
                } catch {
                    return error as? DBusRemoteError
                }
            }
            #expect(await callError(Self.light, Self.interface, "Break") == DBusRemoteError(name: "org.example.Error.Broken", message: "the light broke"))
            #expect(await callError(Self.light, Self.interface, "Fail")?.name == "org.freedesktop.DBus.Error.Failed")
            #expect(await callError(Self.light, Self.interface, "Nope")?.name == DBusRemoteError.unknownMethodName)
            #expect(await callError(Self.light, "org.example.Other", "Echo")?.name == DBusRemoteError.unknownInterfaceName)
            #expect(await callError("/org/example/Dark", Self.interface, "Echo")?.name == DBusRemoteError.unknownObjectName)
            #expect(await callError(Self.light, Self.interface, "Echo", to: "org.example.Nobody")?.name == DBusRemoteError.serviceUnknownName)
        }
    }

    @Test func signalsReachTheStreamsWhoseRuleMatches() async throws {
        try await DBusTestBus.withTwoConnections { bus, listener, emitter in
            let changed = try await listener.signals(matching: DBusMatchRule(interface: Self.interface, member: "Changed"))
            let everything = try await listener.signals(matching: DBusMatchRule(sender: emitter.uniqueName, pathNamespace: "/org/example"))
            try emitter.send(.signal(path: Self.light, interface: Self.interface, member: "Other", body: [.int32(1)]))
            try emitter.send(.signal(path: Self.light, interface: Self.interface, member: "Changed", body: [.int32(2)]))
            var changes = changed.makeAsyncIterator()
            let first = await changes.next()
            #expect(first?.member == "Changed")
            #expect(first?.body == [.int32(2)])
            #expect(first?.sender == emitter.uniqueName)
            var all = everything.makeAsyncIterator()
            #expect(await all.next()?.member == "Other")
            #expect(await all.next()?.member == "Changed")
        }
    }

    @Test func propertiesGetGetAllSetAndPropertiesChanged() async throws {
        try await DBusTestBus.withTwoConnections { bus, client, server in
            let level = Level(3)
            Self.exportLight(on: server, level: level)
            let name = server.uniqueName
            #expect(try await client.property("Name", of: Self.interface, at: Self.light, on: name) == .string("Nightlight"))
            #expect(try await client.properties(of: Self.interface, at: Self.light, on: name) == ["Name": .string("Nightlight"), "Level": .int32(3)])
            try await client.setProperty("Level", of: Self.interface, at: Self.light, on: name, to: .int32(9))
            #expect(level.value.withLock { $0 } == 9)
            await #expect(throws: DBusRemoteError.self) {
                try await client.setProperty("Name", of: Self.interface, at: Self.light, on: name, to: .string("x"))
            }
            await #expect {
                try await client.property("Colour", of: Self.interface, at: Self.light, on: name)
            } throws: { error in
                (error as? DBusRemoteError)?.name == DBusRemoteError.unknownPropertyName
            }

            let changes = try await client.propertiesChanges(from: name, below: "/org/example")
            try server.emitPropertiesChanged(path: Self.light, interface: Self.interface, changed: ["Level": .int32(10)], invalidated: ["Name"])
            var iterator = changes.makeAsyncIterator()
            let change = await iterator.next()
            #expect(change?.path == Self.light)
            #expect(change?.interface == Self.interface)
            #expect(change?.changed == ["Level": .int32(10)])
            #expect(change?.invalidated == ["Name"])
        }
    }

    @Test func managedObjectsAndInterfacesAdded() async throws {
        try await DBusTestBus.withTwoConnections { bus, client, server in
            let service = DBusExportedInterface(name: "org.bluez.GattService1", properties: { ["UUID": .string("180f"), "Primary": .boolean(true)] })
            let characteristic = DBusExportedInterface(name: "org.bluez.GattCharacteristic1", properties: { ["UUID": .string("2a19")] })
            server.export("/app", [])
            server.export("/app/service0", [service])
            server.export("/app/service0/char0", [characteristic])
            server.export("/other", [service])
            let objects = try await client.managedObjects(at: "/app", on: server.uniqueName)
            #expect(objects == [
                "/app/service0": ["org.bluez.GattService1": ["UUID": .string("180f"), "Primary": .boolean(true)]],
                "/app/service0/char0": ["org.bluez.GattCharacteristic1": ["UUID": .string("2a19")]],
            ])

            let changes = try await client.objectManagerChanges(from: server.uniqueName)
            try server.send(.signal(
                path: "/app", interface: "org.freedesktop.DBus.ObjectManager", member: "InterfacesAdded",
                body: [
                    .objectPath("/app/service1"),
                    .dictionary(key: .string, value: .array(.dictEntry(key: .string, value: .variant)), [
                        (.string("org.bluez.GattService1"), .properties(["UUID": .string("1811")])),
                    ]),
                ]
            ))
            try server.send(.signal(
                path: "/app", interface: "org.freedesktop.DBus.ObjectManager", member: "InterfacesRemoved",
                body: [.objectPath("/app/service1"), .strings(["org.bluez.GattService1"])]
            ))
            var iterator = changes.makeAsyncIterator()
            #expect(await iterator.next() == .added("/app/service1", ["org.bluez.GattService1": ["UUID": .string("1811")]]))
            #expect(await iterator.next() == .removed("/app/service1", ["org.bluez.GattService1"]))
        }
    }

    @Test func aCallWithoutAnswerTimesOut() async throws {
        try await DBusTestBus.withTwoConnections { bus, caller, callee in
            Self.exportLight(on: callee)
            await #expect {
                _ = try await caller.call(
                    .methodCall(destination: callee.uniqueName, path: Self.light, interface: Self.interface, member: "Hang"), timeout: .milliseconds(300)
                )
            } throws: { error in
                (error as? DBusError)?.code == .timedOut && "\(error)".contains("org.example.Light.Hang")
            }
            // The connection stays usable.
            let reply = try await caller.call(.methodCall(destination: callee.uniqueName, path: Self.light, interface: Self.interface, member: "Echo", body: [.byte(1)]))
            #expect(reply.body == [.byte(1)])
        }
    }

    @Test func aCancelledCallEndsAtOnce() async throws {
        try await DBusTestBus.withTwoConnections { bus, caller, callee in
            Self.exportLight(on: callee)
            let call = Task {
                try await caller.call(.methodCall(destination: callee.uniqueName, path: Self.light, interface: Self.interface, member: "Hang"))
            }
            try await Task.sleep(for: .milliseconds(50))
            call.cancel()
            await #expect(throws: CancellationError.self) { try await call.value }
        }
    }

    @Test func theDaemonDyingFailsPendingCallsAndFinishesStreams() async throws {
        try await DBusTestBus.withTwoConnections { bus, caller, callee in
            Self.exportLight(on: callee)
            let signals = try await caller.signals(matching: DBusMatchRule(interface: Self.interface))
            let call = Task {
                try await caller.call(.methodCall(destination: callee.uniqueName, path: Self.light, interface: Self.interface, member: "Hang"))
            }
            // The call is on its way once the callee is running its handler; kill the bus then.
            try await Task.sleep(for: .milliseconds(200))
            bus.kill()
            await #expect {
                try await call.value
            } throws: { error in
                (error as? DBusError)?.code == .disconnected
            }
            var iterator = signals.makeAsyncIterator()
            #expect(await iterator.next() == nil)
            #expect(await eventually { !caller.isOpen })
            await #expect {
                try await caller.call(.methodCall(destination: "org.freedesktop.DBus", path: "/", interface: "org.freedesktop.DBus", member: "GetId"))
            } throws: { error in
                (error as? DBusError)?.code == .disconnected
            }
        }
    }

    @Test func dbusSendCallsOurExportedObject() async throws {
        let bus = try await DBusTestBus.start()
        defer { bus.stop() }
        let callee = try await bus.connect()
        defer { callee.close() }
        Self.exportLight(on: callee)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-send")
        process.arguments = [
            "--bus=\(bus.address)", "--print-reply", "--dest=\(callee.uniqueName)", Self.light.rawValue, "\(Self.interface).Echo",
            "string:from dbus-send", "uint32:7",
        ]
        let outputFile = bus.directory.appendingPathComponent("dbus-send.out")
        #expect(FileManager.default.createFile(atPath: outputFile.path, contents: nil))
        process.standardOutput = try FileHandle(forWritingTo: outputFile)
        try process.run()
        // Waiting without blocking one of the few concurrency threads, which answer the call.
        #expect(await eventually { !process.isRunning })
        let printed = try String(contentsOf: outputFile, encoding: .utf8)
        #expect(process.terminationStatus == 0)
        #expect(printed.contains("string \"from dbus-send\""))
        #expect(printed.contains("uint32 7"))
    }

    @Test func noBusAtTheAddressIsAClearError() async throws {
        await #expect {
            _ = try await DBusConnection.connect(to: [.unixPath("/nonexistent/nightlight/bus")])
        } throws: { error in
            guard let error = error as? DBusError else { return false }
            return error.code == .notFound && error.message.contains("/nonexistent/nightlight/bus") && error.message.contains("dbus-daemon")
        }
    }
}
