import ArgumentParser
import BLE
import BLECore
import BLEToolKit
import Foundation
import Nightlight
import NightlightDashboard
import NightlightStore

/// The `nightlight` command: everything the Smart Nightlight app does, from a terminal.
public struct NightlightCommand: AsyncParsableCommand {
    /// Prepares the process for the command `arguments` run, before they are parsed: the
    /// dashboard's tasks run on the event loops from the start.
    public static func prepareProcess(arguments: [String]) {
        DashboardCommand.prepareProcess(arguments: arguments)
    }

    public static let configuration = CommandConfiguration(
        commandName: "nightlight",
        abstract: "Set up and look after Smart Nightlights: pairing, schedules, colours, the child button, the clock, firmware.",
        discussion: """
            Every command takes --transport SPEC (default sim: the in-process virtual radio with \
            two virtual nightlights), --db PATH and --json. TARGET is a paired nightlight's child \
            name, device name or address.
            """,
        subcommands: [
            DevicesCommand.self, PairCommand.self, UnpairCommand.self, StatusCommand.self, NameCommand.self,
            ScheduleCommand.self, TempCommand.self, ButtonCommand.self, ColorCommand.self, ProofCommand.self, LEDsCommand.self,
            ClockCommand.self, FirmwareCommand.self, SimulateNightlightCommand.self, DashboardCommand.self, PhonesCommand.self,
        ]
    )

    public init() {}
}

// MARK: devices, pair, unpair, name

/// `nightlight devices`: the paired nightlights with what was last seen of them.
struct DevicesCommand: ToolCommand {
    static let configuration = CommandConfiguration(commandName: "devices", abstract: "List the paired nightlights.")

    @OptionGroup var options: NightlightOptions

    func execute() async throws {
        let store = try options.openStore()
        defer { try? store.close() }
        let devices = try await store.devices()
        if options.json {
            ToolOutput.print(try PresentationJSON.encode(devices))
            return
        }
        guard !devices.isEmpty else {
            ToolOutput.print("No nightlight is paired yet: `nightlight pair TARGET` (`ble scan` lists the ones around).")
            return
        }
        var table = TextTable(columns: ["CHILD", "DEVICE", "ADDRESS", "BATTERY", "MODE", "FIRMWARE", "LAST SEEN"].map { TextTable.Column($0) }, rows: [])
        for device in devices {
            let battery = device.batteryLevel.map { "\($0) %" + (device.isCharging == true ? " ⚡" : "") } ?? "-"
            let mode = device.activeMode.map { ActiveMode(rawValue: UInt8(clamping: $0)).name } ?? "-"
            table.rows.append([
                device.childName.isEmpty ? "-" : device.childName, device.deviceName, device.address, battery, mode,
                device.firmwareVersion ?? "-", Timestamp.iso8601(device.lastSeen),
            ])
        }
        ToolOutput.write(table.lines.map { $0 + "\n" }.joined())
    }
}

/// `nightlight pair TARGET [--child-name NAME]`.
struct PairCommand: ToolCommand {
    static let configuration = CommandConfiguration(
        commandName: "pair",
        abstract: "Pair a nightlight: bond with it, read who it is, give the child's name if it has none, set its clock, remember it.",
        discussion: """
            Pairing bonds (LE Secure Connections, Just Works): this computer and the nightlight keep keys that encrypt \
            every later connection; the computer's are in $XDG_STATE_HOME/nightlight/bonds (readable by you only). \
            A new nightlight accepts the first pairing; after that, hold its child button for 3 s to let another \
            phone or computer pair within 60 s. Pairing a nightlight that already knows this computer encrypts with \
            the existing bond.
            """
    )

    @Argument(help: ArgumentHelp("The nightlight: its address or device name (SN-XXXX).", valueName: "target"))
    var target: String

    @Option(name: .long, help: ArgumentHelp("The child's name (required when the nightlight has none yet; up to 20 bytes).", valueName: "name"))
    var childName: String?

    @OptionGroup var options: NightlightOptions

    func execute() async throws {
        let record = try await Session.run(target, options: options, requirePaired: false) { session in
            let securing = try await session.client.secure()
            let identity: SNIdentity
            do {
                identity = try await session.client.pair(childName: childName)
            } catch let error as NightlightError where error.code == .childNameRequired {
                throw ToolError("\(error.message): pair with --child-name NAME")
            }
            let sync = try await session.client.syncClock()
            let paired = try await session.store.pair(
                address: identity.address, deviceName: identity.deviceName, childName: identity.childName,
                firmwareVersion: identity.firmwareVersion
            )
            await session.store.recordClockCheck(sync.check, for: paired.address)
            return PairRecord(device: paired, security: securing, clock: sync.check.description, clockWritten: sync.written)
        }
        if options.json {
            ToolOutput.print(try PresentationJSON.encode(record))
        } else {
            ToolOutput.print("Paired \(record.device.childName)'s nightlight \(record.device.deviceName) (\(record.device.address)), firmware \(record.device.firmwareVersion ?? "?").")
            ToolOutput.print("Link: \(record.security).")
            ToolOutput.print("Clock: \(record.clock)\(record.clockWritten ? "; set to this computer's time" : "").")
        }
    }


    struct PairRecord: Codable, Sendable {
        var device: PairedDevice
        /// `paired` (new bond) or `encrypted` (the existing one).
        var security: SNSecuring
        var clock: String
        var clockWritten: Bool
    }
}

/// `nightlight unpair TARGET`.
struct UnpairCommand: ToolCommand {
    static let configuration = CommandConfiguration(
        commandName: "unpair",
        abstract: "Forget a paired nightlight: delete the bond on it and here, and its history.",
        discussion: "When the nightlight is in range it is asked to delete this computer's bond (Bond Management, op 0x03) and disconnects; then this computer's keys and records go. Out of range, only this computer's copy goes: the nightlight keeps its bond until it replaces it or is reset (hold its button 10 s)."
    )

    @Argument(help: ArgumentHelp("The paired nightlight: child name, device name or address.", valueName: "target"))
    var target: String

    @OptionGroup var options: NightlightOptions

    func execute() async throws {
        let store = try options.openStore()
        defer { try? store.close() }
        let device = try await store.findDevice(target)
        let central = try await options.openCentral(store: store)
        var deletedOnDevice = false
        do {
            let peripheral = try await Target.find(device.address, on: central)
            deletedOnDevice = try await NightlightClient(peripheral).unpair()
        } catch let error as NightlightError {
            await central.close()
            throw error
        } catch {
            // Not in range: only our copy goes.
            if let address = try? DeviceAddress(parsing: device.address, isRandom: true) {
                _ = try? await central.removeBond(for: address)
            }
        }
        await central.close()
        _ = try await store.unpair(device.address)
        let record = UnpairRecord(device: device, deletedOnDevice: deletedOnDevice)
        try options.report(record, "Unpaired \(device.childName)'s nightlight (\(device.address)): "
            + (deletedOnDevice
                ? "the nightlight deleted its bond too."
                : "it was not in range, so it keeps its bond until it replaces it or is reset (hold its button 10 s)."))
    }

    struct UnpairRecord: Codable, Sendable {
        var device: PairedDevice
        /// Whether the nightlight deleted its copy of the bond.
        var deletedOnDevice: Bool
    }
}

/// `nightlight name TARGET NAME`.
struct NameCommand: ToolCommand {
    static let configuration = CommandConfiguration(commandName: "name", abstract: "Change the child's name on a paired nightlight.")

    @Argument(help: ArgumentHelp("The paired nightlight.", valueName: "target"))
    var target: String

    @Argument(help: ArgumentHelp("The new child name (up to 20 bytes).", valueName: "name"))
    var name: String

    @OptionGroup var options: NightlightOptions

    func validate() throws {
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw ValidationError("the child name cannot be empty") }
        guard trimmed.utf8.count <= 20 else { throw ValidationError("the child name '\(trimmed)' is \(trimmed.utf8.count) bytes; at most 20") }
    }

    func execute() async throws {
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        let device = try await Session.run(target, options: options) { session in
            try await session.client.write(.childName, trimmed)
            return try await session.store.renameChild(of: session.client.peripheral.identifier.description, to: trimmed)
        }
        try options.report(device, "The nightlight \(device.deviceName) is now \(trimmed)'s.")
    }
}
