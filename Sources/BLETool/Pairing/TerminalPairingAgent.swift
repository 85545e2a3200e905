import BLECore
import BLEHost
import BLEToolKit
import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The pairing agent of `ble`: talks with the user on the terminal.
///
/// It shows a passkey to type on the device (standard error), asks for the passkey the device
/// shows and for a yes or no on a numeric comparison (standard input, when it is a terminal), or
/// takes the answers from `--passkey` and `--yes`. When it cannot get an answer (no terminal and
/// no option) it refuses and keeps the reason in ``problem``, which the command reports instead
/// of the bare Pairing Failed reason.
final class TerminalPairingAgent: PairingAgent {
    /// The passkey to type, from `--passkey`.
    let passkey: UInt32?
    /// Accept a numeric comparison without asking (`--yes`).
    let acceptsComparison: Bool
    /// Print a note on standard error when a pairing completes (for pairings started on demand;
    /// `ble pair` prints the outcome itself).
    let announcesPairings: Bool
    /// The bond file, named in the notes.
    let bondFile: String
    /// Whether standard input is a terminal the user can answer on.
    let isInteractive: Bool

    private struct State {
        var device: String?
        var problem: String?
        var outcome: SMPPairingOutcome?
    }

    private let state = Mutex(State())

    /// Creates an agent.
    init(passkey: UInt32? = nil, acceptsComparison: Bool = false, announcesPairings: Bool, bondFile: String, isInteractive: Bool = isatty(STDIN_FILENO) == 1) {
        self.passkey = passkey
        self.acceptsComparison = acceptsComparison
        self.announcesPairings = announcesPairings
        self.bondFile = bondFile
        self.isInteractive = isInteractive
    }

    /// Names the device in prompts and notes (`Nightlight Demo (00:1B:DC:DE:00:01)`).
    func setDevice(_ description: String) {
        state.withLock { $0.device = description }
    }

    /// Why the agent could not answer, when it refused for want of an answer.
    var problem: String? { state.withLock { $0.problem } }

    /// The last pairing that completed, if any.
    var outcome: SMPPairingOutcome? { state.withLock { $0.outcome } }

    private func device(_ peer: DeviceAddress) -> String {
        state.withLock { $0.device } ?? "\(peer)"
    }

    private func refuse(_ problem: String) {
        state.withLock { $0.problem = problem }
    }

    // MARK: PairingAgent

    func displayPasskey(_ passkey: UInt32, to peer: DeviceAddress) async {
        ToolOutput.note("Type \(Self.digits(passkey)) on \(device(peer)) to pair.")
    }

    func enterPasskey(for peer: DeviceAddress) async -> UInt32? {
        if let passkey { return passkey }
        let device = device(peer)
        guard isInteractive else {
            refuse("\(device) asks for the passkey it shows, and standard input is not a terminal to type it on: run again with --passkey N (the six digits it shows)")
            return nil
        }
        guard let line = await Self.ask("Type the passkey \(device) shows: ") else {
            refuse("no passkey was typed for \(device) (standard input ended): pair again and type the six digits it shows")
            return nil
        }
        guard let value = Self.parsePasskey(line) else {
            refuse("'\(TextLayout.sanitized(line))' is not a passkey: type the six digits \(device) shows, e.g. 012345")
            return nil
        }
        return value
    }

    func confirmNumericComparison(_ value: UInt32, with peer: DeviceAddress) async -> Bool {
        let device = device(peer)
        if acceptsComparison {
            ToolOutput.note("Accepted the number \(Self.digits(value)) for \(device) (--yes).")
            return true
        }
        guard isInteractive else {
            refuse("\(device) asks to confirm the number \(Self.digits(value)), and standard input is not a terminal to answer on: check that the device shows \(Self.digits(value)) and run again with --yes")
            return false
        }
        let answer = await Self.ask("Does \(device) show \(Self.digits(value))? [y/N] ")
        guard let answer, ["y", "yes"].contains(answer.trimmingCharacters(in: .whitespaces).lowercased()) else {
            refuse("the number \(Self.digits(value)) was not confirmed for \(device): pair again and answer y only when the device shows the same number")
            return false
        }
        return true
    }

    func pairingCompleted(_ outcome: SMPPairingOutcome, with peer: DeviceAddress) async {
        state.withLock { $0.outcome = outcome }
        guard announcesPairings else { return }
        let kept = outcome.bonded ? "; bond kept in \(bondFile)" : ""
        ToolOutput.note("paired with \(device(peer)) (\(PairingPresentation.summary(outcome)))\(kept)")
    }

    // MARK: Input

    /// `012345`.
    static func digits(_ passkey: UInt32) -> String {
        let text = String(passkey)
        return String(repeating: "0", count: max(0, 6 - text.count)) + text
    }

    /// Six digits (spaces ignored), 000000…999999; nil otherwise.
    static func parsePasskey(_ text: String) -> UInt32? {
        let digits = text.filter { $0 != " " }
        guard digits.count == 6, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return UInt32(digits)
    }

    /// Writes `prompt` on standard error and reads one line of standard input on a thread of its
    /// own (reading blocks); nil when input ends.
    private static func ask(_ prompt: String) async -> String? {
        let erase = isatty(STDERR_FILENO) == 1 ? "\r\u{1B}[K" : ""  // the progress line
        ToolOutput.writeError(erase + prompt)
        return await withCheckedContinuation { continuation in
            let reader = Thread {
                continuation.resume(returning: readLine(strippingNewline: true))
            }
            reader.name = "ble: pairing prompt"
            reader.start()
        }
    }
}
