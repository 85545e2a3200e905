import ArgumentParser
import BLE
import BLECore
import BLEToolKit
import Foundation

/// `ble scan`: the scanner. A live table on a terminal, a line per new or changed device on a
/// pipe, one JSON array with `--json`.
struct ScanCommand: ToolCommand {
    static let configuration = CommandConfiguration(
        commandName: "scan",
        abstract: "List the devices around, strongest signal first.",
        discussion: """
            On a terminal the table updates live; on a pipe each new or changed device is one line; \
            with --json one array is printed at the end.
            """
    )

    // Unconditional: `--duration -1` is a value to refuse with the rule, not a missing one.
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("How long to scan, in seconds (0: until Ctrl-C).", valueName: "seconds"))
    var duration: Double = 5

    @Option(name: .long, help: ArgumentHelp("Only devices whose name contains this text (any case).", valueName: "text"))
    var name: String?

    @Option(name: .long, parsing: .singleValue, help: ArgumentHelp("Only devices advertising this service (16-, 32- or 128-bit UUID); repeatable.", valueName: "uuid"))
    var service: [String] = []

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Only devices at least this strong (dBm, e.g. -70).", valueName: "dbm"))
    var minRSSI: Int?

    @Flag(name: .long, help: "Passive scanning: no scan requests, so no scan responses.")
    var passive = false

    @OptionGroup var options: ToolOptions

    func validate() throws {
        guard duration.isFinite, duration >= 0, duration <= 86_400 else {
            throw ValidationError("--duration must be between 0 and 86400 seconds (0: until Ctrl-C), not \(duration)")
        }
        _ = try services()
        if let minRSSI, !(-127...20).contains(minRSSI) {
            throw ValidationError("--min-rssi must be between -127 and 20 dBm, not \(minRSSI)")
        }
    }

    private func services() throws -> [BluetoothUUID] {
        try service.map { text in
            guard let uuid = BluetoothUUID(text) else {
                throw ValidationError("invalid --service '\(text)': expected a UUID such as 180F, 0000180F, or 4E4C0001-6465-6D6F-8000-6E696768746C")
            }
            return uuid
        }
    }

    func execute() async throws {
        let central = try await options.openCentral()
        do {
            try await scan(on: central)
        } catch {
            await central.close()
            throw error
        }
        await central.close()
    }

    /// What the scan loop reacts to.
    private enum Event: Sendable {
        case heard(Discovery)
        case tick
        case ended((any Error)?)
        /// The radio ended the scan by itself (the controller stopped or went away).
        case radioEnded
    }

    private func scan(on central: Central) async throws {
        let filter = ScanFilter(services: try services(), nameContains: name, minimumRSSI: minRSSI)
        let terminal = TerminalOutput.standardOutput()
        let live = terminal.isTerminal && !options.json
        let discoveries = try await central.scan(filter: filter, active: !passive)

        let (events, sink) = AsyncStream<Event>.makeStream()
        let feeder = Task {
            do {
                for try await discovery in discoveries { sink.yield(.heard(discovery)) }
                sink.yield(.radioEnded)
            } catch {
                sink.yield(.ended(error))
            }
        }
        let ticker = Task {
            while !Task.isCancelled {
                try? await Task.sleep(for: .milliseconds(250))
                sink.yield(.tick)
            }
        }
        let stopper = Task { [duration] in
            guard duration > 0 else { return }
            try? await Task.sleep(for: .milliseconds(Int64(duration * 1000)))
            if !Task.isCancelled { sink.yield(.ended(nil)) }
        }
        defer {
            feeder.cancel()
            ticker.cancel()
            stopper.cancel()
        }

        var rows: [DeviceAddress: ScanRow] = [:]
        var log = ScanLog(rssiThreshold: 4)  // one line per real change, not per noise step
        var frame = LiveFrame(columns: terminal.columns)
        var changed = live
        let started = ContinuousClock.now
        loop: for await event in events {
            switch event {
            case .heard(let discovery):
                let row = ScanRow(discovery)
                rows[discovery.address] = row
                changed = true
                if !live, !options.json, let line = log.line(for: row) { ToolOutput.print(line) }
            case .tick:
                guard live, changed else { continue }
                changed = false
                let elapsed = Int((ContinuousClock.now - started).components.seconds)
                let status = "Scanning… \(rows.count) device\(rows.count == 1 ? "" : "s"), \(elapsed) s\(duration > 0 ? " of \(Int(duration.rounded(.up)))" : ""); Ctrl-C stops"
                ToolOutput.write(frame.redraw(ScanTable(rows: Array(rows.values), glyphs: terminal.glyphs).lines + ["", status]))
            case .ended(let error):
                if let error { throw error }
                break loop
            case .radioEnded:
                // Not asked to stop: a scan that ends by itself is a failure, not a result.
                let state = await central.state
                guard state == .poweredOn else {
                    throw ToolError("the scan stopped after \(rows.count) device\(rows.count == 1 ? "" : "s"): the controller is \(state) (it stopped answering or went away); check it and scan again")
                }
                break loop
            }
        }
        let table = ScanTable(rows: Array(rows.values), glyphs: terminal.glyphs)
        if options.json {
            ToolOutput.print(try table.json())
        } else if live {
            ToolOutput.write(frame.redraw(table.lines + ["", "\(rows.count) device\(rows.count == 1 ? "" : "s") found."]))
        } else if rows.isEmpty {
            ToolOutput.note("no devices heard")
        }
    }
}

extension ScanRow {
    /// The row for a discovery: its advertisement and scan response merged.
    init(_ discovery: Discovery) {
        self.init(
            address: discovery.address, advertisement: discovery.advertisement,
            rssi: discovery.rssi, isConnectable: discovery.report.isConnectable
        )
        if let txPower = discovery.report.txPower { self.txPower = txPower }
    }
}
