import ArgumentParser
import BLE
import BLECore
import BLEHost
import BLERuntime
import BLEToolKit
import Foundation

/// Runs the work of a command that talks to one device: opens the central, finds TARGET,
/// connects (showing progress on a terminal), runs `body`, then disconnects and closes, also
/// when `body` fails or the command is interrupted.
public struct Connected {
    public let central: Central
    public let peripheral: Peripheral
    /// Progress on standard error (stdout stays clean for scripts).
    public var progress: ProgressLine

    public static func run<T: Sendable>(
        _ target: String,
        options: ToolOptions,
        _ body: (inout Connected) async throws -> T
    ) async throws -> T {
        try await run(target, options: options, pairing: .onDemand, body)
    }

    /// ``run(_:options:_:)``, pairing (when a device asks, or when `body` pairs) as `pairing` says.
    static func run<T: Sendable>(
        _ target: String,
        options: ToolOptions,
        pairing: PairingSetup,
        _ body: (inout Connected) async throws -> T
    ) async throws -> T {
        let bondFile = options.bondFile()
        let agent = pairing.agent(bondFile: bondFile)
        let central = try await options.openCentral(pairing: pairing, agent: agent, bondFile: bondFile)
        let terminal = TerminalOutput.standardError()
        var progress = ProgressLine(isTerminal: terminal.isTerminal, columns: terminal.columns)
        do {
            try await checkBondFile(of: central)
            showProgress(&progress, "looking for \(target)…")
            let peripheral = try await Target.find(target, on: central)
            agent.setDevice(peripheral.description)
            showProgress(&progress, "connecting to \(peripheral)…")
            do {
                try await peripheral.connect(timeout: .seconds(10), watchdog: .seconds(20))
            } catch {
                throw ToolError("cannot connect to \(peripheral): \(error.message)")
            }
            var connected = Connected(central: central, peripheral: peripheral, progress: progress)
            let result: T
            do {
                result = try await body(&connected)
            } catch {
                ToolOutput.writeError(connected.progress.finish())
                try? await peripheral.disconnect()
                throw securityFailure(error, on: peripheral, agent: agent)
            }
            ToolOutput.writeError(connected.progress.finish())
            if pairing.announces, agent.outcome == nil, peripheral.security.isEncrypted {
                // Over bluez bluetoothd keeps the bond (and paired, if it had to, by itself).
                let kept = peripheral.security.detailsKnown ? "the bond kept in \(bondFile) (no pairing needed)" : "bluetoothd's bond"
                ToolOutput.note("encrypted the link to \(peripheral) with \(kept)")
            }
            try? await peripheral.disconnect()
            await central.close()
            return result
        } catch {
            ToolOutput.writeError(progress.finish())
            await central.close()
            throw error
        }
    }

    /// Reads the bond file once before anything else, so a broken or exposed file stops the
    /// command with its own message (it is never overwritten).
    static func checkBondFile(of central: Central) async throws {
        do {
            _ = try await central.bonds()
        } catch {
            throw BondsCommand.unusable(error)
        }
    }

    /// A failure to pair or encrypt, said as what failed on which device and what to do; the
    /// agent's own reason (no terminal to type a passkey on, a refused number) comes first.
    static func securityFailure(_ error: any Error, on peripheral: Peripheral, agent: TerminalPairingAgent) -> any Error {
        guard let error = error as? BLEError else { return error }
        switch error.code {
        case .pairingFailed:
            if let problem = agent.problem { return ToolError("pairing with \(peripheral) failed: \(problem)") }
            return ToolError("pairing with \(peripheral) failed: \(error.message)")
        case .keyMissing:
            return ToolError("\(peripheral) could not be encrypted with our bond: \(error.message) (`ble bonds remove \(peripheral.identifier)`, then `ble pair \(peripheral.identifier)`)")
        case .notBonded, .securityFailed:
            return ToolError("securing the link to \(peripheral) failed: \(error.message)")
        default:
            return error
        }
    }

    private static func showProgress(_ progress: inout ProgressLine, _ message: String) {
        guard progress.isTerminal else { return }  // pipes get results only
        ToolOutput.writeError(progress.update(message))
    }

    /// Shows `message` as progress (terminals only).
    public mutating func step(_ message: String) {
        Self.showProgress(&progress, message)
    }

    /// The characteristic with `uuid` (in `service`, if given), discovering as needed.
    public func characteristic(_ uuid: BluetoothUUID, in service: BluetoothUUID?) async throws -> Characteristic {
        let services = try await peripheral.discoverServices(service.map { [$0] })
        for candidate in services {
            if let found = try await candidate.discoverCharacteristics([uuid]).first { return found }
        }
        let place = service.map { "in service \($0) " } ?? ""
        throw ToolError("\(peripheral) has no characteristic \(uuid) \(place)(`ble inspect \(peripheral.identifier)` lists what it has)")
    }
}

/// How a command's central pairs: the policy it offers and how its terminal agent answers.
struct PairingSetup: Sendable {
    /// What the central offers and demands.
    var policy: SMPPairingPolicy
    /// The passkey to type (`--passkey`), instead of asking.
    var passkey: UInt32? = nil
    /// Accept numeric comparisons without asking (`--yes`).
    var acceptsComparison = false
    /// Tell the user on standard error when a pairing on demand completed, or the link was
    /// encrypted with a bond (`ble pair` prints its outcome itself).
    var announces = true

    /// The commands that pair only when a device asks (`read`, `write`, …): a terminal can show
    /// and type a passkey, MITM protection is not demanded, bonds are kept.
    static let onDemand = PairingSetup(policy: SMPPairingPolicy(ioCapability: .keyboardDisplay))

    /// The terminal agent of this setup.
    func agent(bondFile: String) -> TerminalPairingAgent {
        TerminalPairingAgent(passkey: passkey, acceptsComparison: acceptsComparison, announcesPairings: announces, bondFile: bondFile)
    }
}

extension ToolOptions {
    /// Opens a central on the transport with its bonds in `bondFile`, pairing as `pairing` says
    /// with `agent`.
    func openCentral(pairing: PairingSetup, agent: TerminalPairingAgent, bondFile: String) async throws -> Central {
        let spec = try await transport()
        let logger = logger()
        let central = try await ToolEnvironment.openCentral(spec) {
            try await Central.open(
                spec, sim: ToolEnvironment.simFactory(logger: logger), bondFile: bondFile,
                pairingPolicy: pairing.policy, pairingAgent: agent, logger: logger
            )
        }
        // bluetoothd pairs on demand for us over bluez: the terminal agent answers it too.
        if case .bluez = spec { await central.setPairingAgent(agent) }
        return central
    }
}

/// Parsing of the arguments the connected commands share.
enum Arguments {
    /// A UUID argument, or a validation error that says what is expected.
    static func uuid(_ text: String, _ what: String) throws -> BluetoothUUID {
        guard let uuid = BluetoothUUID(text) else {
            throw ValidationError("invalid \(what) '\(text)': expected a UUID such as 2A19 or 4E4C0002-6465-6D6F-8000-6E696768746C")
        }
        return uuid
    }

    /// Hex bytes (`0a1b`, `0x0A1B`, `0a 1b`, `0a:1b`), or a validation error.
    static func hex(_ text: String) throws -> [UInt8] {
        var digits = text.replacingOccurrences(of: " ", with: "").replacingOccurrences(of: ":", with: "").replacingOccurrences(of: "-", with: "")
        if digits.lowercased().hasPrefix("0x") { digits.removeFirst(2) }
        guard digits.count % 2 == 0, let bytes = [UInt8](hex: digits) else {
            throw ValidationError("invalid hex value '\(text)': expected pairs of hex digits, e.g. 58010301ff00ff0000")
        }
        guard bytes.count <= 512 else {
            throw ValidationError("the value is \(bytes.count) bytes; an attribute value holds at most 512")
        }
        return bytes
    }

    /// An attribute handle: `0x0028`, `0028` (hex) or `40` (decimal with no leading zero and no
    /// hex letters is still read as hex, as gatttool does)… so: always hex.
    static func handle(_ text: String) throws -> UInt16 {
        var digits = text.lowercased()
        if digits.hasPrefix("0x") { digits.removeFirst(2) }
        guard !digits.isEmpty, digits.count <= 4, let value = UInt16(digits, radix: 16), value != 0 else {
            throw ValidationError("invalid handle '\(text)': expected a hex handle 0x0001…0xFFFF, e.g. 0x0028")
        }
        return value
    }
}
