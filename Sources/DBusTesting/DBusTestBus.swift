import DBus
import DBusClient
import Foundation

/// A real `dbus-daemon` of our own for one test (D-Bus client and BlueZ backend tests): a
/// temporary config, its own socket, killed at the end.
public final class DBusTestBus: @unchecked Sendable {
    public let directory: URL
    public let process = Process()
    /// The address the daemon printed (what it listens on).
    public private(set) var address = ""

    /// Starts a daemon listening on a socket file (or, with `abstract`, on an abstract name) and
    /// waits until it listens. Nothing here blocks a thread: the concurrency pool is small.
    public static func start(abstract: Bool = false) async throws -> DBusTestBus {
        let bus = try DBusTestBus(abstract: abstract)
        let printed = bus.directory.appendingPathComponent("address")
        let deadline = ContinuousClock.now + .seconds(30)
        while ContinuousClock.now < deadline {
            if let text = try? String(contentsOf: printed, encoding: .utf8), text.hasSuffix("\n") {
                bus.address = text.trimmingCharacters(in: .whitespacesAndNewlines)
                return bus
            }
            guard bus.process.isRunning else { break }
            try await Task.sleep(for: .milliseconds(20))
        }
        bus.stop()
        throw DBusError(.notFound, "dbus-daemon did not print its address (is /usr/bin/dbus-daemon installed?)")
    }

    private init(abstract: Bool) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("nightlight-dbus-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let listen = abstract ? "unix:abstract=\(directory.path)/abstract" : "unix:path=\(directory.path)/bus"
        let config = """
            <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
             "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
            <busconfig>
              <type>session</type>
              <listen>\(listen)</listen>
              <auth>EXTERNAL</auth>
              <policy context="default">
                <allow send_destination="*" eavesdrop="true"/>
                <allow eavesdrop="true"/>
                <allow own="*"/>
              </policy>
            </busconfig>
            """
        let configFile = directory.appendingPathComponent("bus.conf")
        try config.write(to: configFile, atomically: true, encoding: .utf8)
        process.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-daemon")
        process.arguments = ["--config-file=\(configFile.path)", "--nofork", "--print-address"]
        let printed = directory.appendingPathComponent("address")
        guard FileManager.default.createFile(atPath: printed.path, contents: nil) else {
            throw DBusError(.notFound, "could not create \(printed.path)")
        }
        process.standardOutput = try FileHandle(forWritingTo: printed)
        process.standardError = FileHandle.nullDevice
        try process.run()
    }

    /// A new connection to this bus.
    public func connect(timeout: Duration = .seconds(10)) async throws -> DBusConnection {
        try await DBusConnection.connect(to: DBusAddress.parse(address), timeout: timeout)
    }

    /// Runs `body` with a bus of its own and two connections to it, closed and stopped afterwards.
    public static func withTwoConnections(_ body: (DBusTestBus, DBusConnection, DBusConnection) async throws -> Void) async throws {
        let bus = try await start()
        defer { bus.stop() }
        let first = try await bus.connect()
        defer { first.close() }
        let second = try await bus.connect()
        defer { second.close() }
        try await body(bus, first, second)
    }

    /// Kills the daemon at once (SIGKILL), as a crash would.
    public func kill() {
        if process.isRunning { Foundation.kill(process.processIdentifier, SIGKILL) }
    }

    /// Stops the daemon and removes its directory (every test defers it: a daemon must not outlive its test).
    public func stop() {
        // No waitUntilExit: it would hold one of the concurrency pool's threads.
        // SIGKILL: dbus-daemon does not exit on SIGTERM.
        if process.isRunning { Foundation.kill(process.processIdentifier, SIGKILL) }
        try? FileManager.default.removeItem(at: directory)
    }
}

/// Polls `condition` until it holds or `seconds` pass (no fixed sleeps: a loaded machine is slow).
public func eventually(within seconds: Double = 20, _ condition: @Sendable () async throws -> Bool) async rethrows -> Bool {
    let deadline = ContinuousClock.now + .seconds(seconds)
    while ContinuousClock.now < deadline {
        if try await condition() { return true }
        try? await Task.sleep(for: .milliseconds(20))
    }
    return false
}
