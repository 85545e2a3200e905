import BLECore

/// IO Capability (1 octet) of Pairing Request and Pairing Response.
///
/// Core 5.4, Vol 3, Part H, 3.5.1 and 2.3.2. An open code space; 0x05–0xFF are reserved, and
/// ``SMPCommand/init(decoding:)`` refuses them with Invalid Parameters.
public struct SMPIOCapability: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The octet on the wire.
    public let rawValue: UInt8
    /// Wraps an octet.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// 0x00: DisplayOnly.
    public static let displayOnly = SMPIOCapability(rawValue: 0x00)
    /// 0x01: DisplayYesNo.
    public static let displayYesNo = SMPIOCapability(rawValue: 0x01)
    /// 0x02: KeyboardOnly.
    public static let keyboardOnly = SMPIOCapability(rawValue: 0x02)
    /// 0x03: NoInputNoOutput.
    public static let noInputNoOutput = SMPIOCapability(rawValue: 0x03)
    /// 0x04: KeyboardDisplay.
    public static let keyboardDisplay = SMPIOCapability(rawValue: 0x04)

    /// Whether the specification defines this value (0x00–0x04).
    public var isDefined: Bool { rawValue <= 0x04 }

    /// The specification's name, e.g. `DisplayYesNo`, or `reserved IO capability 0x05`.
    public var description: String {
        switch rawValue {
        case 0x00: "DisplayOnly"
        case 0x01: "DisplayYesNo"
        case 0x02: "KeyboardOnly"
        case 0x03: "NoInputNoOutput"
        case 0x04: "KeyboardDisplay"
        default: "reserved IO capability 0x" + [rawValue].hexString.uppercased()
        }
    }
}

/// AuthReq (1 octet) of Pairing Request, Pairing Response and Security Request.
///
/// Core 5.4, Vol 3, Part H, 3.5.1: Bonding_Flags (2 bits; 0b01 is Bonding, 0b10 and 0b11 are
/// reserved), MITM, SC, Keypress, CT2, and 2 reserved bits. Reserved bits are kept as received
/// (a receiver ignores them).
public struct SMPAuthenticationRequirements: OptionSet, Hashable, Sendable {
    /// The octet on the wire.
    public let rawValue: UInt8
    /// Wraps an octet.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Bonding_Flags 0b01: the device wants to bond (store the keys it is given).
    public static let bonding = SMPAuthenticationRequirements(rawValue: 0x01)
    /// MITM: the device requests protection against a man-in-the-middle (an authenticated key).
    public static let mitm = SMPAuthenticationRequirements(rawValue: 0x04)
    /// SC: the device supports LE Secure Connections pairing.
    public static let secureConnections = SMPAuthenticationRequirements(rawValue: 0x08)
    /// Keypress: the device wants Keypress Notifications during Passkey Entry.
    public static let keypress = SMPAuthenticationRequirements(rawValue: 0x10)
    /// CT2: the device supports the h7 function for cross-transport key derivation.
    public static let ct2 = SMPAuthenticationRequirements(rawValue: 0x20)
}

/// Initiator / Responder Key Distribution (1 octet each) of Pairing Request and Pairing Response.
///
/// Core 5.4, Vol 3, Part H, 3.6.1: which keys each side distributes in phase 3. Reserved bits are
/// kept as received.
public struct SMPKeyDistribution: OptionSet, Hashable, Sendable {
    /// The octet on the wire.
    public let rawValue: UInt8
    /// Wraps an octet.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// EncKey: the LTK (legacy: with EDIV and Rand) by Encryption Information and Central Identification.
    public static let encryptionKey = SMPKeyDistribution(rawValue: 0x01)
    /// IdKey: the IRK and the identity address by Identity Information and Identity Address Information.
    public static let identityKey = SMPKeyDistribution(rawValue: 0x02)
    /// SignKey: the CSRK by Signing Information.
    public static let signingKey = SMPKeyDistribution(rawValue: 0x04)
    /// LinkKey: derive the BR/EDR link key from the LE LTK.
    public static let linkKey = SMPKeyDistribution(rawValue: 0x08)
}

/// The six parameters of Pairing Request and Pairing Response, in their order on the wire.
///
/// Core 5.4, Vol 3, Part H, 3.5.1 and 3.5.2.
public struct SMPPairingParameters: Hashable, Sendable {
    /// IO Capability (1 octet).
    public var ioCapability: SMPIOCapability
    /// OOB data flag (1 octet): 0x00 not present, 0x01 present.
    public var oobDataFlag: Bool
    /// AuthReq (1 octet).
    public var authRequirements: SMPAuthenticationRequirements
    /// Maximum Encryption Key Size (1 octet), 7…16 octets.
    public var maximumEncryptionKeySize: UInt8
    /// Initiator Key Distribution (1 octet).
    public var initiatorKeyDistribution: SMPKeyDistribution
    /// Responder Key Distribution (1 octet).
    public var responderKeyDistribution: SMPKeyDistribution

    /// Creates the parameters.
    public init(
        ioCapability: SMPIOCapability,
        oobDataFlag: Bool,
        authRequirements: SMPAuthenticationRequirements,
        maximumEncryptionKeySize: UInt8,
        initiatorKeyDistribution: SMPKeyDistribution,
        responderKeyDistribution: SMPKeyDistribution
    ) {
        self.ioCapability = ioCapability
        self.oobDataFlag = oobDataFlag
        self.authRequirements = authRequirements
        self.maximumEncryptionKeySize = maximumEncryptionKeySize
        self.initiatorKeyDistribution = initiatorKeyDistribution
        self.responderKeyDistribution = responderKeyDistribution
    }

    /// The smallest and largest Maximum Encryption Key Size: 7…16 octets.
    public static let encryptionKeySizes: ClosedRange<UInt8> = 7...16
}

/// Notification Type (1 octet) of Keypress Notification.
///
/// Core 5.4, Vol 3, Part H, 3.5.8. An open code space; 0x05–0xFF are reserved, and
/// ``SMPCommand/init(decoding:)`` refuses them with Invalid Parameters.
public struct SMPKeypressNotificationType: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The octet on the wire.
    public let rawValue: UInt8
    /// Wraps an octet.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// 0: Passkey entry started.
    public static let started = SMPKeypressNotificationType(rawValue: 0x00)
    /// 1: Passkey digit entered.
    public static let digitEntered = SMPKeypressNotificationType(rawValue: 0x01)
    /// 2: Passkey digit erased.
    public static let digitErased = SMPKeypressNotificationType(rawValue: 0x02)
    /// 3: Passkey cleared.
    public static let cleared = SMPKeypressNotificationType(rawValue: 0x03)
    /// 4: Passkey entry completed.
    public static let completed = SMPKeypressNotificationType(rawValue: 0x04)

    /// Whether the specification defines this value (0–4).
    public var isDefined: Bool { rawValue <= 0x04 }

    /// The specification's name, e.g. `passkey digit entered`, or `reserved notification type 0x05`.
    public var description: String {
        switch rawValue {
        case 0x00: "passkey entry started"
        case 0x01: "passkey digit entered"
        case 0x02: "passkey digit erased"
        case 0x03: "passkey cleared"
        case 0x04: "passkey entry completed"
        default: "reserved notification type 0x" + [rawValue].hexString.uppercased()
        }
    }
}

/// A Security Manager Protocol command: one SMP PDU, code octet first.
///
/// Core 5.4, Vol 3, Part H, 3.3 (format), 3.5 (pairing methods) and 3.6 (security in LE: key
/// distribution). Keys, nonces, confirm values and coordinates are carried as on the wire,
/// little-endian, so they go to ``SMPCrypto`` unchanged. Decoding is strict: every command has one
/// exact length, and reserved values of enumerated fields are refused (``SMPDecodingError``);
/// reserved bits of bit fields (AuthReq, key distribution) are kept.
public enum SMPCommand: Hashable, Sendable {
    /// 0x01 Pairing Request (3.5.1), 7 octets.
    case pairingRequest(SMPPairingParameters)
    /// 0x02 Pairing Response (3.5.2), 7 octets.
    case pairingResponse(SMPPairingParameters)
    /// 0x03 Pairing Confirm (3.5.3): Mconfirm or Sconfirm, 16 octets.
    case pairingConfirm([UInt8])
    /// 0x04 Pairing Random (3.5.4): Mrand or Srand (Na or Nb), 16 octets.
    case pairingRandom([UInt8])
    /// 0x05 Pairing Failed (3.5.5): the reason, 1 octet.
    case pairingFailed(SMPPairingFailed.Reason)
    /// 0x06 Encryption Information (3.6.2): the Long Term Key, 16 octets.
    case encryptionInformation(longTermKey: [UInt8])
    /// 0x07 Central Identification (3.6.3): EDIV (2 octets) and Rand (8 octets) of a legacy LTK.
    case centralIdentification(ediv: UInt16, rand: UInt64)
    /// 0x08 Identity Information (3.6.4): the Identity Resolving Key, 16 octets.
    case identityInformation(identityResolvingKey: [UInt8])
    /// 0x09 Identity Address Information (3.6.5): AddrType (0x00 public, 0x01 static random) and
    /// BD_ADDR, 6 octets.
    case identityAddressInformation(DeviceAddress)
    /// 0x0A Signing Information (3.6.6): the Connection Signature Resolving Key, 16 octets.
    case signingInformation(signatureKey: [UInt8])
    /// 0x0B Security Request (3.6.7): AuthReq, 1 octet.
    case securityRequest(SMPAuthenticationRequirements)
    /// 0x0C Pairing Public Key (3.5.6): P-256 X and Y, 32 octets each.
    case pairingPublicKey(x: [UInt8], y: [UInt8])
    /// 0x0D Pairing DHKey Check (3.5.7): Ea or Eb, 16 octets.
    case pairingDHKeyCheck([UInt8])
    /// 0x0E Keypress Notification (3.5.8): the notification type, 1 octet.
    case keypressNotification(SMPKeypressNotificationType)

    /// The code octet (3.3).
    public var code: UInt8 {
        switch self {
        case .pairingRequest: 0x01
        case .pairingResponse: 0x02
        case .pairingConfirm: 0x03
        case .pairingRandom: 0x04
        case .pairingFailed: 0x05
        case .encryptionInformation: 0x06
        case .centralIdentification: 0x07
        case .identityInformation: 0x08
        case .identityAddressInformation: 0x09
        case .signingInformation: 0x0A
        case .securityRequest: 0x0B
        case .pairingPublicKey: 0x0C
        case .pairingDHKeyCheck: 0x0D
        case .keypressNotification: 0x0E
        }
    }

    /// The exact length of a command with this code, code octet included; nil for a code the
    /// specification does not define.
    public static func length(ofCode code: UInt8) -> Int? {
        switch code {
        case 0x01, 0x02: 7
        case 0x03, 0x04, 0x06, 0x08, 0x0A, 0x0D: 17
        case 0x05, 0x0B, 0x0E: 2
        case 0x07: 11
        case 0x09: 8
        case 0x0C: 65
        default: nil
        }
    }

    /// The specification's name of the command with this code, e.g. `Pairing Request`.
    public static func name(ofCode code: UInt8) -> String {
        switch code {
        case 0x01: "Pairing Request"
        case 0x02: "Pairing Response"
        case 0x03: "Pairing Confirm"
        case 0x04: "Pairing Random"
        case 0x05: "Pairing Failed"
        case 0x06: "Encryption Information"
        case 0x07: "Central Identification"
        case 0x08: "Identity Information"
        case 0x09: "Identity Address Information"
        case 0x0A: "Signing Information"
        case 0x0B: "Security Request"
        case 0x0C: "Pairing Public Key"
        case 0x0D: "Pairing DHKey Check"
        case 0x0E: "Keypress Notification"
        default: "SMP command 0x" + [code].hexString.uppercased()
        }
    }

    /// Decodes one SMP PDU (the whole L2CAP payload of CID 0x0006).
    ///
    /// Throws ``SMPDecodingError``: for an empty PDU or an unknown code (reason Command Not
    /// Supported), a length other than the command's, a Maximum Encryption Key Size outside 7…16, an
    /// OOB data flag other than 0 or 1, a reserved IO capability, keypress notification type or
    /// identity address type, or a random identity address that is not static (reason Invalid
    /// Parameters). Never traps, whatever the input.
    public init(decoding bytes: [UInt8]) throws(SMPDecodingError) {
        guard let code = bytes.first else { throw SMPDecodingError(.empty) }
        guard let length = Self.length(ofCode: code) else { throw SMPDecodingError(.unknownCode(code)) }
        guard bytes.count == length else {
            throw SMPDecodingError(.wrongLength(code: code, expected: length, actual: bytes.count))
        }
        let body = Array(bytes.dropFirst())
        func invalid(_ field: String) -> SMPDecodingError { SMPDecodingError(.invalidField(code: code, field: field)) }
        switch code {
        case 0x01:
            self = .pairingRequest(try Self.decodeParameters(body, invalid))
        case 0x02:
            self = .pairingResponse(try Self.decodeParameters(body, invalid))
        case 0x03:
            self = .pairingConfirm(body)
        case 0x04:
            self = .pairingRandom(body)
        case 0x05:
            self = .pairingFailed(SMPPairingFailed.Reason(rawValue: body[0]))
        case 0x06:
            self = .encryptionInformation(longTermKey: body)
        case 0x07:
            var reader = ByteReader(body)
            guard let ediv = reader.readUInt16(), let rand = reader.readUInt64() else { throw invalid("EDIV and Rand") }
            self = .centralIdentification(ediv: ediv, rand: rand)
        case 0x08:
            self = .identityInformation(identityResolvingKey: body)
        case 0x09:
            let isRandom: Bool
            switch body[0] {
            case 0x00: isRandom = false
            case 0x01: isRandom = true
            default: throw invalid("AddrType 0x" + [body[0]].hexString.uppercased() + " (only 0x00 public and 0x01 static random)")
            }
            guard let address = try? DeviceAddress(littleEndianBytes: Array(body[1...]), isRandom: isRandom) else {
                throw invalid("BD_ADDR")
            }
            guard !isRandom || address.type == .randomStatic else {
                throw invalid("BD_ADDR \(address) (an identity address is public or static random, this is \(address.type.label))")
            }
            self = .identityAddressInformation(address)
        case 0x0A:
            self = .signingInformation(signatureKey: body)
        case 0x0B:
            self = .securityRequest(SMPAuthenticationRequirements(rawValue: body[0]))
        case 0x0C:
            self = .pairingPublicKey(x: Array(body[0..<32]), y: Array(body[32..<64]))
        case 0x0D:
            self = .pairingDHKeyCheck(body)
        default:
            let type = SMPKeypressNotificationType(rawValue: body[0])
            guard type.isDefined else { throw invalid(type.description) }
            self = .keypressNotification(type)
        }
    }

    /// The PDU, code octet first, fields in the order ``init(decoding:)`` reads them.
    ///
    /// - Precondition: keys, nonces and check values are 16 octets, coordinates 32.
    public func encode() -> [UInt8] {
        var writer = ByteWriter(capacity: Self.length(ofCode: code) ?? 0)
        writer.writeUInt8(code)
        switch self {
        case .pairingRequest(let parameters), .pairingResponse(let parameters):
            writer.writeUInt8(parameters.ioCapability.rawValue)
            writer.writeUInt8(parameters.oobDataFlag ? 0x01 : 0x00)
            writer.writeUInt8(parameters.authRequirements.rawValue)
            writer.writeUInt8(parameters.maximumEncryptionKeySize)
            writer.writeUInt8(parameters.initiatorKeyDistribution.rawValue)
            writer.writeUInt8(parameters.responderKeyDistribution.rawValue)
        case .pairingConfirm(let value), .pairingRandom(let value), .encryptionInformation(let value),
             .identityInformation(let value), .signingInformation(let value), .pairingDHKeyCheck(let value):
            precondition(value.count == 16, "\(Self.name(ofCode: code)) carries 16 octets, not \(value.count)")
            writer.writeBytes(value)
        case .pairingFailed(let reason):
            writer.writeUInt8(reason.rawValue)
        case .centralIdentification(let ediv, let rand):
            writer.writeUInt16(ediv)
            writer.writeUInt64(rand)
        case .identityAddressInformation(let address):
            writer.writeUInt8(address.isRandom ? 0x01 : 0x00)
            address.write(to: &writer)
        case .securityRequest(let authRequirements):
            writer.writeUInt8(authRequirements.rawValue)
        case .pairingPublicKey(let x, let y):
            precondition(x.count == 32 && y.count == 32, "Pairing Public Key carries X and Y of 32 octets each")
            writer.writeBytes(x)
            writer.writeBytes(y)
        case .keypressNotification(let type):
            writer.writeUInt8(type.rawValue)
        }
        return writer.bytes
    }

    /// Pairing Request / Response parameters (3.5.1), after the code octet.
    private static func decodeParameters(
        _ body: [UInt8], _ invalid: (String) -> SMPDecodingError
    ) throws(SMPDecodingError) -> SMPPairingParameters {
        let ioCapability = SMPIOCapability(rawValue: body[0])
        guard ioCapability.isDefined else { throw invalid("IO Capability: \(ioCapability)") }
        let oobDataFlag: Bool
        switch body[1] {
        case 0x00: oobDataFlag = false
        case 0x01: oobDataFlag = true
        default: throw invalid("OOB data flag 0x" + [body[1]].hexString.uppercased() + " (only 0x00 or 0x01)")
        }
        guard SMPPairingParameters.encryptionKeySizes.contains(body[3]) else {
            throw invalid("Maximum Encryption Key Size \(body[3]) (7…16 octets)")
        }
        return SMPPairingParameters(
            ioCapability: ioCapability,
            oobDataFlag: oobDataFlag,
            authRequirements: SMPAuthenticationRequirements(rawValue: body[2]),
            maximumEncryptionKeySize: body[3],
            initiatorKeyDistribution: SMPKeyDistribution(rawValue: body[4]),
            responderKeyDistribution: SMPKeyDistribution(rawValue: body[5])
        )
    }
}

/// Why an SMP PDU could not be decoded, and the Pairing Failed reason that answers it.
///
/// Core 5.4, Vol 3, Part H, 3.3 and 3.5.5: an unknown or missing code is answered with Command Not
/// Supported (0x07); a wrong length or an invalid field with Invalid Parameters (0x0A).
public struct SMPDecodingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What was wrong.
    public enum Kind: Sendable, Equatable {
        /// The PDU had no octet at all.
        case empty
        /// The code is not one the specification defines.
        case unknownCode(UInt8)
        /// The PDU is not the command's one length (code octet included).
        case wrongLength(code: UInt8, expected: Int, actual: Int)
        /// A field holds a reserved or out-of-range value; `field` names it and its value.
        case invalidField(code: UInt8, field: String)
    }

    /// What was wrong.
    public let kind: Kind

    /// Creates the error.
    public init(_ kind: Kind) { self.kind = kind }

    /// The Pairing Failed reason to answer with: Command Not Supported for an empty PDU or an
    /// unknown code, Invalid Parameters otherwise.
    public var reason: SMPPairingFailed.Reason {
        switch kind {
        case .empty, .unknownCode: .commandNotSupported
        case .wrongLength, .invalidField: .invalidParameters
        }
    }

    /// One line a person can act on.
    public var message: String {
        switch kind {
        case .empty:
            "empty SMP PDU: no command code"
        case .unknownCode(let code):
            "unknown SMP command code 0x" + [code].hexString.uppercased()
        case .wrongLength(let code, let expected, let actual):
            "\(SMPCommand.name(ofCode: code)) is \(expected) octets, got \(actual)"
        case .invalidField(let code, let field):
            "\(SMPCommand.name(ofCode: code)) has an invalid \(field)"
        }
    }

    /// The message.
    public var description: String { message }
}
