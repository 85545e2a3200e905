import BLECore
import BLEHost
import Synchronization

/// An agent whose answers are set by the test: what it shows, what it types, what it confirms.
final class ScriptedAgent: PairingAgent, Sendable {
    private let state = Mutex<(shown: UInt32?, typed: UInt32?, confirm: Bool, accept: SMPPairingFailed.Reason?, compared: [UInt32])>((nil, nil, true, nil, []))
    /// A board both agents of a test share: the displaying side writes, the typing side reads.
    let board: Board?

    final class Board: Sendable {
        let passkey = Mutex<UInt32?>(nil)
    }

    /// How long ``enterPasskey(for:)`` waits for the board's passkey before cancelling.
    let passkeyWait: Duration

    init(
        board: Board? = nil, typed: UInt32? = nil, confirm: Bool = true, accept: SMPPairingFailed.Reason? = nil,
        passkeyWait: Duration = .seconds(2)
    ) {
        self.board = board
        self.passkeyWait = passkeyWait
        state.withLock {
            $0.typed = typed
            $0.confirm = confirm
            $0.accept = accept
        }
    }

    var shown: UInt32? { state.withLock { $0.shown } }
    var compared: [UInt32] { state.withLock { $0.compared } }

    func shouldAcceptPairing(_ request: SMPPairingParameters, from peer: DeviceAddress) async -> SMPPairingFailed.Reason? {
        state.withLock { $0.accept }
    }

    func displayPasskey(_ passkey: UInt32, to peer: DeviceAddress) async {
        state.withLock { $0.shown = passkey }
        board?.passkey.withLock { $0 = passkey }
    }

    func enterPasskey(for peer: DeviceAddress) async -> UInt32? {
        if let typed = state.withLock({ $0.typed }) { return typed }
        // Wait for the other side to show its passkey, as a user reads it.
        let deadline = ContinuousClock.now.advanced(by: passkeyWait)
        while ContinuousClock.now < deadline {
            if let shown = board?.passkey.withLock({ $0 }) { return shown }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return board?.passkey.withLock { $0 }
    }

    func confirmNumericComparison(_ value: UInt32, with peer: DeviceAddress) async -> Bool {
        state.withLock {
            $0.compared.append(value)
            return $0.confirm
        }
    }
}
