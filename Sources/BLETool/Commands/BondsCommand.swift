import ArgumentParser
import BLE
import BLECore
import BLEHost
import BLEToolKit

/// `ble bonds [list|remove TARGET|clear]`: the bonds in the bond file.
struct BondsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bonds",
        abstract: "List or remove the bonds kept in the bond file (the keys of the devices paired with).",
        subcommands: [List.self, Remove.self, Clear.self],
        defaultSubcommand: List.self
    )

    /// The bond file of `options`, as a store; reading it refuses a broken or exposed file.
    static func store(_ options: ToolOptions) throws -> FileBondStore {
        FileBondStore(path: options.bondFile())
    }

    /// Every bond of `store`, or the file's problem with what to do.
    static func bonds(in store: FileBondStore) async throws -> [SecurityBond] {
        do {
            return try await store.allBonds()
        } catch {
            throw unusable(error)
        }
    }

    /// A bond file that cannot be used (`problem` names it and what is wrong), with what to do.
    static func unusable(_ problem: any Error) -> ToolError {
        let message = (problem as? BLEError)?.message ?? "\(problem)"
        return ToolError("\(message) (ble leaves the file as it is: fix it, or move it away to start without bonds)")
    }

    /// `ble bonds list [--show-keys]`.
    struct List: ToolCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "Show each bond: the peer, LE Secure Connections or legacy, key size, authenticated, which keys (no key bytes)."
        )

        @Flag(name: .long, help: "Also print the key bytes (secret: anyone who has them can impersonate the device or us).")
        var showKeys = false

        @OptionGroup var options: ToolOptions

        func execute() async throws {
            let store = try BondsCommand.store(options)
            let bonds = try await BondsCommand.bonds(in: store)
            if options.json {
                ToolOutput.print(try PresentationJSON.encode(bonds.map { BondRecord($0, showKeys: showKeys) }))
            } else if bonds.isEmpty {
                ToolOutput.print("no bonds in \(store.path) (`ble pair TARGET` makes one)")
            } else {
                for line in PairingPresentation.bondLines(bonds, showKeys: showKeys) { ToolOutput.print(line) }
            }
        }
    }

    /// `ble bonds remove TARGET`.
    struct Remove: ToolCommand {
        static let configuration = CommandConfiguration(
            commandName: "remove",
            abstract: "Delete the bond with one device (an address, or a name looked up by a scan).",
            discussion: "The device may keep its own copy; pairing again replaces both."
        )

        @Argument(help: ArgumentHelp("The device: its address, or its advertised name (then it must be in range).", valueName: "target"))
        var target: String

        @OptionGroup var options: ToolOptions

        func execute() async throws {
            let store = try BondsCommand.store(options)
            _ = try await BondsCommand.bonds(in: store)
            let address = try await resolve()
            guard let bond = try await store.bond(for: address) else {
                throw ToolError("no bond with \(address) in \(store.path); nothing removed (`ble bonds list` shows the bonds kept)")
            }
            try await store.removeBond(for: bond.peer)
            try options.report(
                BondsRemovedRecord(removed: [bond.peer.description], bondFile: store.path),
                "removed the bond with \(bond.peer) from \(store.path); the next pairing with it starts afresh"
            )
        }

        /// The target's address: parsed, or found by a scan when it is a name.
        private func resolve() async throws -> DeviceAddress {
            if let address = try? DeviceAddress(parsing: target.trimmingCharacters(in: .whitespaces)) { return address }
            let central = try await options.openCentral()
            do {
                let peripheral = try await Target.find(target, on: central)
                await central.close()
                return peripheral.identifier
            } catch {
                await central.close()
                throw error
            }
        }
    }

    /// `ble bonds clear`.
    struct Clear: ToolCommand {
        static let configuration = CommandConfiguration(
            commandName: "clear",
            abstract: "Delete every bond in the bond file."
        )

        @OptionGroup var options: ToolOptions

        func execute() async throws {
            let store = try BondsCommand.store(options)
            let bonds = try await BondsCommand.bonds(in: store)
            try await store.removeAllBonds()
            let peers = bonds.map(\.peer.description)
            let text = bonds.isEmpty
                ? "no bonds in \(store.path); nothing removed"
                : "removed \(bonds.count) bond\(bonds.count == 1 ? "" : "s") from \(store.path): \(peers.joined(separator: ", "))"
            try options.report(BondsRemovedRecord(removed: peers, bondFile: store.path), text)
        }
    }
}
