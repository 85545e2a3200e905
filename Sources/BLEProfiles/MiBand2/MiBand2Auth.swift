import BLECore
import Crypto
import _CryptoExtras

/// The 16-byte secret a band and its app share: the app gives it to the band once (the wearer
/// taps the band to accept), then proves it knows it on every connection by encrypting the
/// band's random number with it (AES-128-ECB, one block).
public struct MiBand2Key: Sendable, Hashable, CustomStringConvertible {
    /// The key's length in bytes.
    public static let length = 16
    /// The key the tools use unless told otherwise: the ASCII text `Nightlight-Band2`.
    public static let standard = MiBand2Key(uncheckedBytes: Array("Nightlight-Band2".utf8))

    /// The 16 key bytes.
    public let bytes: [UInt8]

    /// A key from its 16 bytes; throws ``ProfileError/Code/invalidValue`` for another length.
    public init(bytes: [UInt8]) throws(ProfileError) {
        guard bytes.count == Self.length else {
            throw ProfileError(.invalidValue, "a Mi Band 2 key is \(Self.length) bytes (32 hex digits), not \(bytes.count)")
        }
        self.bytes = bytes
    }

    /// A key from 32 hex digits (spaces and colons allowed); throws
    /// ``ProfileError/Code/invalidValue`` for anything else.
    public init(hex text: String) throws(ProfileError) {
        guard let bytes = [UInt8](hex: text), bytes.count == Self.length else {
            throw ProfileError(.invalidValue, "invalid key '\(text)': expected \(2 * Self.length) hex digits, e.g. \(Self.standard.hex)")
        }
        try self.init(bytes: bytes)
    }

    private init(uncheckedBytes: [UInt8]) {
        bytes = uncheckedBytes
    }

    /// The key as 32 lowercase hex digits.
    public var hex: String { bytes.hexString }

    /// The key shortened for messages: its first 4 bytes, e.g. `4e696768…`.
    public var description: String { bytes.prefix(4).hexString + "…" }

    /// AES-128-ECB of one 16-byte block under this key: what the app answers the band's random
    /// number with. Returns nil only when `block` is not 16 bytes.
    public func encrypt(_ block: [UInt8]) -> [UInt8]? {
        guard block.count == Self.length else { return nil }
        var output = block
        do {
            try AES.permute(&output, key: SymmetricKey(data: bytes))
        } catch {
            return nil
        }
        return output
    }
}

/// What the app writes to the authentication characteristic (`0x0009`): a command byte, the
/// auth byte `0x08`, then its data.
///
/// | command | bytes | meaning |
/// |---|---|---|
/// | send key | `01 08` + key (16) | pair: the band asks its wearer to tap, then keeps the key |
/// | request random number | `02 08` | the band answers with 16 random bytes |
/// | send encrypted number | `03 08` + AES-128-ECB(key, random) (16) | the band checks it |
public enum MiBand2AuthCommand: Sendable, Hashable {
    /// `01 08` + key.
    case sendKey(MiBand2Key)
    /// `02 08`.
    case requestRandomNumber
    /// `03 08` + the encrypted random number.
    case sendEncryptedNumber([UInt8])

    /// The byte after the command byte.
    public static let authByte: UInt8 = 0x08

    /// The command byte.
    public var opcode: UInt8 {
        switch self {
        case .sendKey: 0x01
        case .requestRandomNumber: 0x02
        case .sendEncryptedNumber: 0x03
        }
    }

    /// The bytes to write.
    public func encoded() -> [UInt8] {
        switch self {
        case .sendKey(let key): [opcode, Self.authByte] + key.bytes
        case .requestRandomNumber: [opcode, Self.authByte]
        case .sendEncryptedNumber(let number): [opcode, Self.authByte] + number
        }
    }

    /// Decodes what an app wrote; throws ``ProfileError/Code/invalidValue`` for an unknown
    /// command or a wrong length.
    public init(bytes: [UInt8]) throws(ProfileError) {
        guard bytes.count >= 2 else {
            throw ProfileError(.invalidValue, "an authentication command is at least 2 bytes, not \(bytes.count)")
        }
        let data = Array(bytes.dropFirst(2))
        switch bytes[0] {
        case 0x01:
            self = .sendKey(try MiBand2Key(bytes: data))
        case 0x02:
            guard data.isEmpty else {
                throw ProfileError(.invalidValue, "a random number request is 2 bytes, not \(bytes.count)")
            }
            self = .requestRandomNumber
        case 0x03:
            guard data.count == MiBand2Key.length else {
                throw ProfileError(.invalidValue, "an encrypted number is \(MiBand2Key.length) bytes, not \(data.count)")
            }
            self = .sendEncryptedNumber(data)
        default:
            throw ProfileError(.invalidValue, "unknown authentication command 0x\([bytes[0]].hexString)")
        }
    }
}

/// What the band notifies on the authentication characteristic: `10`, the command it answers,
/// the status (`01` success, `04` failure), and for a random number request the 16 random bytes.
public struct MiBand2AuthResponse: Sendable, Hashable {
    /// The first byte of every response.
    public static let responseByte: UInt8 = 0x10

    /// The status of a response.
    public struct Status: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
        /// The status byte.
        public let rawValue: UInt8
        /// Wraps a status byte.
        public init(rawValue: UInt8) { self.rawValue = rawValue }

        /// `01`: done.
        public static let success = Status(rawValue: 0x01)
        /// `04`: refused (wrong key, no tap, malformed command).
        public static let failure = Status(rawValue: 0x04)

        /// `success`, `failure` or `0xNN`.
        public var description: String {
            switch self {
            case .success: "success"
            case .failure: "failure"
            default: "0x" + [rawValue].hexString
            }
        }
    }

    /// The command answered (``MiBand2AuthCommand/opcode``).
    public var command: UInt8
    /// Whether it worked.
    public var status: Status
    /// The random number, for a successful random number request.
    public var randomNumber: [UInt8]?

    /// Creates a response.
    public init(command: UInt8, status: Status, randomNumber: [UInt8]? = nil) {
        self.command = command
        self.status = status
        self.randomNumber = randomNumber
    }

    /// Decodes a notification; throws ``ProfileError/Code/invalidValue`` when it is not an
    /// authentication response.
    public init(bytes: [UInt8]) throws(ProfileError) {
        guard bytes.count >= 3, bytes[0] == Self.responseByte else {
            throw ProfileError(.invalidValue, "not an authentication response: \(bytes.hexString)")
        }
        command = bytes[1]
        status = Status(rawValue: bytes[2])
        let rest = Array(bytes.dropFirst(3))
        if command == 0x02, status == .success {
            guard rest.count == MiBand2Key.length else {
                throw ProfileError(.invalidValue, "the band's random number is \(rest.count) bytes, not \(MiBand2Key.length)")
            }
            randomNumber = rest
        } else {
            randomNumber = nil
        }
    }

    /// The notified bytes.
    public func encoded() -> [UInt8] {
        [Self.responseByte, command, status.rawValue] + (randomNumber ?? [])
    }
}
