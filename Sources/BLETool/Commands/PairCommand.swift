import ArgumentParser
import BLE
import BLEHost
import BLEToolKit

/// `ble pair TARGET [--io CAPABILITY] [--mitm] [--legacy] [--passkey N] [--yes]`: connects,
/// pairs and bonds, and prints how.
struct PairCommand: ToolCommand {
    static let configuration = CommandConfiguration(
        commandName: "pair",
        abstract: "Pair with a device and keep the bond, so later commands encrypt without pairing again.",
        discussion: """
            The device and ble agree on how to pair from what each can show and type (--io) and \
            whether protection against a man in the middle is demanded (--mitm): Just Works (no \
            step), Passkey Entry (type the six digits one device shows on the other) or Numeric \
            Comparison (both show a number; confirm it matches). Prompts are answered on the \
            terminal, or with --passkey and --yes. The bond goes to the bond file (--bonds).
            """
    )

    @Argument(help: ArgumentHelp("The device: its address or advertised name.", valueName: "target"))
    var target: String

    @Option(name: .long, help: ArgumentHelp("What this side can show and type: none, display, yesno, keyboard, keyboard-display (default; with --passkey: keyboard).", valueName: "capability"))
    var io: String?

    @Flag(name: .long, help: "Demand protection against a man in the middle (Passkey Entry or Numeric Comparison); Just Works then fails.")
    var mitm = false

    @Flag(name: .long, help: "Use LE legacy pairing instead of LE Secure Connections (for devices that only know legacy).")
    var legacy = false

    @Option(name: .long, help: ArgumentHelp("The passkey the device shows (six digits), instead of asking; implies --mitm.", valueName: "n"))
    var passkey: String?

    @Flag(name: .long, help: "Accept a numeric comparison without asking (check the number the device shows first).")
    var yes = false

    @OptionGroup var options: ToolOptions

    func validate() throws {
        _ = try setup()
    }

    /// The pairing the options ask for.
    func setup() throws -> PairingSetup {
        let typed = try passkey.map(Self.passkey)
        let capability = try io.map(Self.ioCapability) ?? (typed != nil ? .keyboardOnly : .keyboardDisplay)
        if typed != nil, ![SMPIOCapability.keyboardOnly, .keyboardDisplay].contains(capability) {
            throw ValidationError("--passkey needs an IO capability that can type: --io keyboard or keyboard-display, not \(io ?? "")")
        }
        let policy = SMPPairingPolicy(ioCapability: capability, mitm: mitm || typed != nil, secureConnections: !legacy)
        return PairingSetup(policy: policy, passkey: typed, acceptsComparison: yes, announces: false)
    }

    /// `--io`: the IO capability (Core 5.4, Vol 3, Part H, 2.3.2).
    static func ioCapability(_ text: String) throws -> SMPIOCapability {
        switch text.lowercased() {
        case "none": .noInputNoOutput
        case "display": .displayOnly
        case "yesno": .displayYesNo
        case "keyboard": .keyboardOnly
        case "keyboard-display": .keyboardDisplay
        default: throw ValidationError("invalid --io '\(text)': expected none, display, yesno, keyboard or keyboard-display")
        }
    }

    /// `--passkey`: six digits.
    static func passkey(_ text: String) throws -> UInt32 {
        guard let value = TerminalPairingAgent.parsePasskey(text) else {
            throw ValidationError("invalid --passkey '\(text)': expected the six digits the device shows, e.g. 012345")
        }
        return value
    }

    func execute() async throws {
        let setup = try setup()
        if io != nil || mitm || legacy, case .bluez = try await options.transport() {
            throw ToolError("--io, --mitm and --legacy set how this program's own host pairs; over bluez (bluetoothd) bluetoothd picks the method, and our agent there can show and type (KeyboardDisplay): leave them out, or give another --transport")
        }
        let bondFile = options.bondFile()
        let (result, peripheral) = try await Connected.run(target, options: options, pairing: setup) { device in
            device.step("pairing with \(device.peripheral)…")
            return (try await device.peripheral.pair(), device.peripheral)
        }
        let outcome: SMPPairingOutcome
        switch result {
        case .paired(let made):
            outcome = made
        case .encryptedWithBond:
            // Only a peripheral's pairing can end in an encryption with an existing bond.
            ToolOutput.print("\(peripheral) encrypted the link with the bond it already had")
            return
        case .pairedBySystem(let security):
            let record = SystemPairingRecord(peer: peripheral.identifier.description, name: peripheral.name, security: security)
            try options.report(record, "paired with \(peripheral) through bluetoothd: \(PairingPresentation.summary(security)); bluetoothd keeps the bond (bluetoothctl info \(peripheral.identifier))")
            return
        }
        let record = PairingRecord(outcome: outcome, peer: peripheral.identifier, name: peripheral.name, bondFile: bondFile)
        let kept = outcome.bonded ? "; bond kept in \(bondFile)" : "; the device did not bond, so the next connection pairs again"
        try options.report(record, "paired with \(peripheral): \(PairingPresentation.summary(outcome))\(kept)")
    }
}
