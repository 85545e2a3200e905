import ArgumentParser
import BLE
import BLEHost
import BLERuntime
import BLEToolKit
import Foundation
import Nightlight
import NightlightStore

/// The options every `nightlight` command takes: the transport and output options of `ble`,
/// and the database.
struct NightlightOptions: ParsableArguments, Sendable {
    @OptionGroup var tool: ToolOptions

    @Option(name: .long, help: ArgumentHelp("The database of paired nightlights and saved schedules (default: $XDG_DATA_HOME/nightlight/nightlight.sqlite).", valueName: "path"))
    var db: String?

    var json: Bool { tool.json }

    /// Prints a command's result: `value` as JSON with `--json`, else `text`.
    func report(_ value: some Encodable, _ text: @autoclosure () -> String) throws {
        try tool.report(value, text())
    }

    /// Opens the store.
    func openStore() throws -> NightlightStore {
        try NightlightStore(path: db ?? NightlightStore.defaultPath())
    }

    /// Where the app keeps its bonds: the file of `--bonds FILE` when given, else the database
    /// (``DatabaseBondStore``, which first imports, once, the bonds of earlier versions from the
    /// tools' bond file).
    func bondStore(_ store: NightlightStore) async throws -> any BondStore {
        if let file = tool.bonds { return FileBondStore(path: file) }
        let database = DatabaseBondStore(store)
        try await database.importOnce(from: ToolEnvironment.defaultBondFile(), logger: tool.logger("nightlight"))
        return database
    }

    /// Opens a central on the transport with its bonds in ``bondStore(_:)``.
    func openCentral(store: NightlightStore) async throws -> Central {
        let spec = try await tool.transport()
        let logger = tool.logger()
        return try await ToolEnvironment.openCentral(spec) {
            let configuration = BLEHost.Configuration(bondStore: try await bondStore(store))
            return try await Central.open(spec, sim: ToolEnvironment.simFactory(logger: logger), configuration: configuration, logger: logger)
        }
    }

}

/// A SN the command works on: its client (connected) and its paired record, if any.
struct Session {
    let central: Central
    let client: NightlightClient
    let store: NightlightStore
    let paired: PairedDevice?

    /// Finds TARGET (a paired SN's child name, device name or address; or any SN by name or
    /// address for pairing), connects and discovers it, runs `body`, then disconnects and closes.
    static func run<T: Sendable>(
        _ target: String,
        options: NightlightOptions,
        requirePaired: Bool = true,
        _ body: (Session) async throws -> T
    ) async throws -> T {
        let store = try options.openStore()
        defer { try? store.close() }
        var paired: PairedDevice?
        do {
            paired = try await store.findDevice(target)
        } catch let error as StoreError where error.code == .deviceNotFound {
            if requirePaired {
                throw ToolError(error.message)
            }
        }
        let central = try await options.openCentral(store: store)
        do {
            let peripheral = try await Target.find(paired?.address ?? target, on: central)
            let client = NightlightClient(peripheral)
            try await client.connect()
            let result = try await body(Session(central: central, client: client, store: store, paired: paired))
            try? await peripheral.disconnect()
            await central.close()
            return result
        } catch {
            await central.close()
            throw error
        }
    }
}
