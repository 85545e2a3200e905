import Foundation

/// Runs Bumble (the Python Bluetooth stack) next to our tests: two virtual controllers on one link
/// served over H4/TCP on 127.0.0.1, and Bumble hosts (scripts in `Tests/Interop/`) on them.
///
/// The Python is `NIGHTLIGHT_PYTHON` when set, else `.venv/bin/python` in the first directory
/// above the calling source file that has one (`scripts/test` creates it with `bumble==0.0.236`).
///
/// ```swift
/// try await BumbleHarness.withControllers { controllers in
///     let transport = try await TCPClientTransport.connect(host: "127.0.0.1", port: controllers.ports[0], options: options)
///     try await BumbleHarness.withScript("bumble_peripheral.py", arguments: [controllers.transportSpec(1), "C2:00:00:00:00:01", "Peer"]) { peripheral in
///         try await peripheral.waitForEvent("ready")
///         …
///     }
/// }
/// ```
///
/// Every process started is ended when the scope ends, whether the body returns or throws; every
/// wait is bounded.
public enum BumbleHarness {
    /// The Bumble version the harness and `scripts/test` use.
    public static let bumbleVersion = "0.0.236"

    /// Whether the environment says this is CI (`CI=true`): a missing Bumble must fail, not skip.
    public static var isCI: Bool {
        ProcessInfo.processInfo.environment["CI"]?.lowercased() == "true"
    }

    /// Whether interop tests should run: Bumble is available, or this is CI (where they then fail
    /// with ``unavailableReason()``). Use it with `.enabled("…") { await BumbleHarness.shouldRun() }`.
    public static func shouldRun() async -> Bool {
        if isCI { return true }
        return await availability().python != nil
    }

    /// Why Bumble cannot be used here, or nil when it can.
    public static func unavailableReason() async -> String? { await availability().reason }

    /// The venv Python, or throws with what to do when Bumble cannot be used.
    public static func requirePython() async throws -> String {
        let availability = await availability()
        guard let python = availability.python else {
            throw BumbleHarnessError(
                "Bumble is not available: \(availability.reason ?? "unknown reason"). Run scripts/test (it creates .venv with bumble==\(bumbleVersion)) or set NIGHTLIGHT_PYTHON to a Python that has it."
            )
        }
        return python
    }

    /// The package root: the nearest directory above `filePath` holding `Package.swift`.
    public static func packageRoot(filePath: String = #filePath) -> String? {
        var directory = URL(fileURLWithPath: filePath).deletingLastPathComponent()
        while directory.path != "/" && !directory.path.isEmpty {
            if FileManager.default.fileExists(atPath: directory.appendingPathComponent("Package.swift").path) {
                return directory.path
            }
            directory = directory.deletingLastPathComponent()
        }
        return nil
    }

    /// The directory of the interop scripts (`Tests/Interop/` in the package root).
    public static func interopDirectory(filePath: String = #filePath) throws -> String {
        guard let root = packageRoot(filePath: filePath) else {
            throw BumbleHarnessError("cannot find Package.swift above \(filePath)")
        }
        return URL(fileURLWithPath: root).appendingPathComponent("Tests/Interop").path
    }

    /// The Python to run: `NIGHTLIGHT_PYTHON`, else `.venv/bin/python` found by walking up from
    /// `filePath`; nil when neither exists.
    public static func findPython(
        filePath: String = #filePath,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> String? {
        if let python = environment["NIGHTLIGHT_PYTHON"], !python.isEmpty { return python }
        var directory = URL(fileURLWithPath: filePath).deletingLastPathComponent()
        while directory.path != "/" && !directory.path.isEmpty {
            let candidate = directory.appendingPathComponent(".venv/bin/python").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        return nil
    }

    /// Found once per test process: the Python if it imports `bumble` within 60 s, else why not.
    /// A task, so that the tests asking at once wait for one answer without holding a thread
    /// (a lazy global would block every other caller on its lock while Python starts).
    private static let availabilityCheck = Task<(python: String?, reason: String?), Never> {
        guard let python = findPython() else {
            return (nil, "no NIGHTLIGHT_PYTHON and no .venv/bin/python above \(#filePath)")
        }
        guard FileManager.default.isExecutableFile(atPath: python) else {
            return (nil, "\(python) (NIGHTLIGHT_PYTHON) is not an executable file")
        }
        let outcome: ChildProcess.Outcome
        do {
            outcome = try await ChildProcess.run(URL(fileURLWithPath: python), ["-c", "import bumble"], timeout: .seconds(60))
        } catch {
            return (nil, "cannot run \(python): \(error)")
        }
        if outcome.timedOut { return (nil, "\(python) -c 'import bumble' did not finish within 60 s") }
        guard outcome.succeeded else {
            return (nil, "\(python) cannot import bumble (pip install bumble==\(bumbleVersion))")
        }
        return (python, nil)
    }

    private static func availability() async -> (python: String?, reason: String?) {
        await availabilityCheck.value
    }

    /// Starts a Python interop script from `Tests/Interop/` with `arguments` (`python -u script
    /// arguments…`); its stdout lines are collected as they arrive.
    public static func startScript(
        _ script: String,
        arguments: [String] = [],
        filePath: String = #filePath
    ) async throws -> BumbleProcess {
        try await startPython(name: script, arguments: ["-u", script] + arguments, filePath: filePath)
    }

    /// Starts `python -m module arguments…` (e.g. `bumble.apps.gatt_dump`) in `Tests/Interop/`.
    public static func startModule(
        _ module: String,
        arguments: [String] = [],
        filePath: String = #filePath
    ) async throws -> BumbleProcess {
        try await startPython(
            name: module, arguments: ["-u", "-m", module] + arguments, filePath: filePath,
            environment: ["NO_COLOR": "1", "TERM": "dumb"]
        )
    }

    /// Starts the venv's Python in `Tests/Interop/` with `arguments`.
    private static func startPython(
        name: String,
        arguments: [String],
        filePath: String,
        environment: [String: String] = [:]
    ) async throws -> BumbleProcess {
        try BumbleProcess(
            name: name, executable: try await requirePython(), arguments: arguments,
            currentDirectory: try interopDirectory(filePath: filePath), environment: environment
        )
    }

    /// Starts a fresh pair of Bumble virtual controllers (`Tests/Interop/bumble_controllers.py`) on
    /// two free loopback ports and returns once both listen (at most `timeout`).
    public static func startControllers(timeout: Duration = .seconds(30), filePath: String = #filePath) async throws -> BumbleControllers {
        let process = try await startScript("bumble_controllers.py", filePath: filePath)
        do {
            let ready = try await process.waitForEvent("ready", timeout: timeout)
            guard let ports = ready.json("ports").flatMap(parsePorts), ports.count == 2 else {
                throw process.failure("printed no ports: \(ready.line)")
            }
            return BumbleControllers(process: process, ports: ports)
        } catch {
            await process.terminate()
            throw error
        }
    }

    /// Runs `body` with fresh controllers, then stops them, whether `body` returns or throws.
    public static func withControllers<T: Sendable>(
        timeout: Duration = .seconds(30),
        filePath: String = #filePath,
        _ body: (BumbleControllers) async throws -> T
    ) async throws -> T {
        let controllers = try await startControllers(timeout: timeout, filePath: filePath)
        do {
            let result = try await body(controllers)
            await controllers.stop()
            return result
        } catch {
            await controllers.stop()
            throw error
        }
    }

    /// Runs `body` with a started interop script, then terminates it, whether `body` returns or throws.
    public static func withScript<T: Sendable>(
        _ script: String,
        arguments: [String] = [],
        filePath: String = #filePath,
        _ body: (BumbleProcess) async throws -> T
    ) async throws -> T {
        let process = try await startScript(script, arguments: arguments, filePath: filePath)
        do {
            let result = try await body(process)
            await process.terminate()
            return result
        } catch {
            await process.terminate()
            throw error
        }
    }

    private static func parsePorts(_ json: String) -> [Int]? {
        guard let data = json.data(using: .utf8),
            let array = (try? JSONSerialization.jsonObject(with: data)) as? [NSNumber]
        else { return nil }
        return array.map(\.intValue)
    }
}

/// Two Bumble virtual controllers on one link, each waiting for one host on its own port of
/// 127.0.0.1. Start a fresh pair per test: Bumble's controllers keep state between hosts.
public final class BumbleControllers: Sendable {
    /// The controllers' process.
    public let process: BumbleProcess
    /// The two listening ports, first and second controller.
    public let ports: [Int]

    init(process: BumbleProcess, ports: [Int]) {
        self.process = process
        self.ports = ports
    }

    /// The transport spec a host uses to reach controller `index` (0 or 1), e.g.
    /// `tcp-client:127.0.0.1:40123`.
    public func transportSpec(_ index: Int) -> String {
        "tcp-client:127.0.0.1:\(ports[index])"
    }

    /// Stops the controllers' process (SIGTERM, then SIGKILL).
    public func stop() async {
        await process.terminate()
    }
}
