/// How a pairing authenticates the peer (Core 5.4, Vol 3, Part H, 2.3.5.1).
public enum SMPAssociationModel: Sendable, Hashable, CustomStringConvertible {
    /// No user step; no protection against a man in the middle (unauthenticated key).
    case justWorks
    /// Both devices show a six-digit number and both users confirm it matches (LE Secure
    /// Connections only).
    case numericComparison
    /// A six-digit passkey shown on one device is typed on the other, or typed on both.
    case passkeyEntry(SMPPasskeyRole)

    /// Whether the model protects against a man in the middle (the key is authenticated).
    public var isAuthenticated: Bool {
        switch self {
        case .justWorks: false
        case .numericComparison, .passkeyEntry: true
        }
    }

    /// `Just Works`, `Numeric Comparison`, `Passkey Entry (we display)`.
    public var description: String {
        switch self {
        case .justWorks: "Just Works"
        case .numericComparison: "Numeric Comparison"
        case .passkeyEntry(let role): "Passkey Entry (\(role))"
        }
    }

    /// The model for a pairing, from both sides' Pairing Request and Response.
    ///
    /// Part H, 2.3.5.1, Tables 2.6–2.8: Just Works when neither side sets MITM; otherwise the
    /// IO capabilities decide. `localIsInitiator` tells which of the two parameters are ours, so
    /// the passkey role is ours.
    public static func select(
        request: SMPPairingParameters,
        response: SMPPairingParameters,
        secureConnections: Bool,
        localIsInitiator: Bool
    ) -> SMPAssociationModel {
        let mitm = request.authRequirements.contains(.mitm) || response.authRequirements.contains(.mitm)
        guard mitm else { return .justWorks }
        let initiator = request.ioCapability
        let responder = response.ioCapability
        guard let entry = Self.table(initiator: initiator, responder: responder, secureConnections: secureConnections) else {
            return .justWorks
        }
        switch entry {
        case .numericComparison:
            return .numericComparison
        case .initiatorDisplays:
            return .passkeyEntry(localIsInitiator ? .display : .input)
        case .responderDisplays:
            return .passkeyEntry(localIsInitiator ? .input : .display)
        case .bothInput:
            return .passkeyEntry(.input)
        }
    }

    private enum TableEntry { case numericComparison, initiatorDisplays, responderDisplays, bothInput }

    /// Table 2.8 (initiator in columns, responder in rows); nil is Just Works.
    private static func table(initiator: SMPIOCapability, responder: SMPIOCapability, secureConnections: Bool) -> TableEntry? {
        let displayOnly = SMPIOCapability.displayOnly, yesNo = SMPIOCapability.displayYesNo
        let keyboard = SMPIOCapability.keyboardOnly, none = SMPIOCapability.noInputNoOutput
        let both = SMPIOCapability.keyboardDisplay
        let known: Set<SMPIOCapability> = [displayOnly, yesNo, keyboard, none, both]
        // Reserved values are treated as NoInputNoOutput.
        let i = known.contains(initiator) ? initiator : none
        let r = known.contains(responder) ? responder : none
        if i == none || r == none { return nil }
        switch (i, r) {
        case (displayOnly, displayOnly), (displayOnly, yesNo), (yesNo, displayOnly):
            return nil
        case (yesNo, yesNo):
            return secureConnections ? .numericComparison : nil
        case (keyboard, displayOnly), (keyboard, yesNo), (keyboard, both),
             (both, displayOnly):
            return .responderDisplays
        case (displayOnly, keyboard), (yesNo, keyboard), (both, keyboard),
             (displayOnly, both):
            return .initiatorDisplays
        case (keyboard, keyboard):
            return .bothInput
        case (yesNo, both), (both, both):
            return secureConnections ? .numericComparison : .initiatorDisplays
        case (both, yesNo):
            return secureConnections ? .numericComparison : .responderDisplays
        default:
            return nil
        }
    }
}

/// Our part in a Passkey Entry pairing.
public enum SMPPasskeyRole: Sendable, Hashable, CustomStringConvertible {
    /// We show the passkey; the user types it on the peer.
    case display
    /// The user types the passkey the peer shows (or, when both type, one they chose).
    case input

    /// `we display` / `we type`.
    public var description: String {
        switch self {
        case .display: "we display"
        case .input: "we type"
        }
    }
}
