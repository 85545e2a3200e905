import BLECore
import BLEGATT
import Crypto
import _CryptoExtras

/// The Security Manager's cryptographic toolbox.
///
/// Core 5.4, Vol 3, Part H, 2.2. Every `[UInt8]` key, nonce, confirm value, coordinate or DHKey
/// taken or returned here is in SMP PDU order: little-endian, the least significant octet first,
/// exactly as it travels in the PDUs (and as HCI_LE_Encrypt takes it). The specification defines the
/// functions on values written most significant octet first; the conversion happens inside, so a
/// caller never reverses anything. Test vectors printed in the specification (most significant
/// first) are reversed once, when they are written down.
///
/// Sizes are preconditions: the callers hold values that came from decoded PDUs (``SMPCommand``)
/// or from ``random(_:)``, whose lengths are already right.
public enum SMPCrypto {
    /// 2.2.1 security function e: AES-128 of one 16-octet block.
    ///
    /// `key`, `plaintext` and the result are little-endian, as in HCI_LE_Encrypt (Vol 4, Part E,
    /// 7.8.22).
    ///
    /// - Precondition: `key` and `plaintext` are 16 octets.
    public static func e(key: [UInt8], plaintext: [UInt8]) -> [UInt8] {
        precondition(key.count == 16, "e: the key is 16 octets")
        precondition(plaintext.count == 16, "e: the plaintext is 16 octets")
        return aes(key: key.reversed(), block: plaintext.reversed()).reversed()
    }

    /// 2.2.2 random address hash ah: `ah(k, r) = e(k, padding || r) mod 2^24`.
    ///
    /// `prand` (3 octets) and the 3-octet hash are little-endian, as they sit in a resolvable
    /// private address (hash in octets 0–2, prand in octets 3–5 of its wire form).
    ///
    /// - Precondition: `irk` is 16 octets and `prand` 3.
    public static func ah(irk: [UInt8], prand: [UInt8]) -> [UInt8] {
        precondition(irk.count == 16, "ah: the IRK is 16 octets")
        precondition(prand.count == 3, "ah: prand is 3 octets")
        // r' = padding (104 zero bits) || r; little-endian, r is the low 3 octets.
        let block = prand + [UInt8](repeating: 0, count: 13)
        return Array(e(key: irk, plaintext: block).prefix(3))
    }

    /// Whether `address`, a resolvable private address, resolves with `irk`.
    ///
    /// Part H, 2.2.2 and Vol 6, Part B, 1.3.2.3: the low 24 bits (hash) equal `ah(irk, prand)` of
    /// the high 24 bits (prand). Any other address (public, static, non-resolvable) and an IRK that
    /// is not 16 octets never resolve.
    public static func resolves(_ address: DeviceAddress, irk: [UInt8]) -> Bool {
        guard address.type == .resolvablePrivate, irk.count == 16 else { return false }
        let bytes = address.littleEndianBytes
        return ah(irk: irk, prand: Array(bytes[3..<6])) == Array(bytes[0..<3])
    }

    /// A new resolvable private address for `irk`.
    ///
    /// Vol 6, Part B, 1.3.2.2: prand is 24 bits whose two most significant bits are `0b01` and
    /// whose 22 random bits are neither all 0 nor all 1; the address is prand (high 24 bits) and
    /// `ah(irk, prand)` (low 24 bits).
    ///
    /// - Precondition: `irk` is 16 octets.
    public static func resolvablePrivateAddress(irk: [UInt8]) -> DeviceAddress {
        precondition(irk.count == 16, "resolvablePrivateAddress: the IRK is 16 octets")
        var generator = SystemRandomNumberGenerator()
        var randomPart: UInt32
        repeat {
            randomPart = generator.next() & 0x3F_FFFF
        } while randomPart == 0 || randomPart == 0x3F_FFFF
        let prandValue = 0x40_0000 | randomPart
        let prand = [UInt8(truncatingIfNeeded: prandValue), UInt8(truncatingIfNeeded: prandValue >> 8), UInt8(truncatingIfNeeded: prandValue >> 16)]
        let hash = ah(irk: irk, prand: prand)
        let value = UInt64(prandValue) << 24 | UInt64(hash[2]) << 16 | UInt64(hash[1]) << 8 | UInt64(hash[0])
        do {
            return try DeviceAddress(value: value, isRandom: true)
        } catch {
            // Only thrown for a value above 48 bits, and prand || hash is 48 bits.
            preconditionFailure("a resolvable private address is 48 bits: \(error)")
        }
    }

    /// 2.2.3 confirm value generation function c1 for LE legacy pairing.
    ///
    /// `c1(k, r, preq, pres, iat, rat, ia, ra) = e(k, e(k, r XOR p1) XOR p2)` with
    /// `p1 = pres || preq || rat' || iat'` and `p2 = padding || ia || ra`. `preq` and `pres` are the
    /// 7-octet Pairing Request and Pairing Response PDUs as sent, code included; `iat'` and `rat'`
    /// are 1 for a random address and 0 for a public one (``DeviceAddress/isRandom``).
    ///
    /// - Precondition: `k` and `r` are 16 octets, `preq` and `pres` 7.
    public static func c1(
        k: [UInt8], r: [UInt8], preq: [UInt8], pres: [UInt8], initiator: DeviceAddress, responder: DeviceAddress
    ) -> [UInt8] {
        precondition(k.count == 16 && r.count == 16, "c1: k and r are 16 octets")
        precondition(preq.count == 7 && pres.count == 7, "c1: preq and pres are the 7-octet PDUs")
        // Little-endian, the least significant octet of p1 is iat', then rat', then preq, then pres.
        let p1 = [initiator.isRandom ? 1 : 0, responder.isRandom ? 1 : 0] + preq + pres
        let p2 = responder.littleEndianBytes + initiator.littleEndianBytes + [0, 0, 0, 0]
        return e(key: k, plaintext: xor(e(key: k, plaintext: xor(r, p1)), p2))
    }

    /// 2.2.4 key generation function s1 for LE legacy pairing: the Short Term Key.
    ///
    /// `s1(k, r1, r2) = e(k, r')` with `r' = r1' || r2'`, the least significant 64 bits of `r1` (high
    /// half) and of `r2` (low half). For the STK, `k` is the TK, `r1` the responder's Srand and `r2`
    /// the initiator's Mrand (2.3.5.5: `STK = s1(TK, Srand, Mrand)`).
    ///
    /// - Precondition: `k`, `r1` and `r2` are 16 octets.
    public static func s1(k: [UInt8], r1: [UInt8], r2: [UInt8]) -> [UInt8] {
        precondition(k.count == 16 && r1.count == 16 && r2.count == 16, "s1: k, r1 and r2 are 16 octets")
        return e(key: k, plaintext: Array(r2.prefix(8)) + Array(r1.prefix(8)))
    }

    /// 2.2.6 LE Secure Connections confirm value generation function f4.
    ///
    /// `f4(U, V, X, Z) = AES-CMAC_X(U || V || Z)`. `u` and `v` are 32-octet public key X
    /// coordinates, `x` a 16-octet nonce (the key) and `z` one octet (0, or 0x80 | passkey bit).
    ///
    /// - Precondition: `u` and `v` are 32 octets, `x` 16.
    public static func f4(u: [UInt8], v: [UInt8], x: [UInt8], z: UInt8) -> [UInt8] {
        precondition(u.count == 32 && v.count == 32, "f4: u and v are 32 octets")
        precondition(x.count == 16, "f4: x is 16 octets")
        return cmac(key: x, message: u.reversed() + v.reversed() + [z])
    }

    /// The SALT of f5 (2.2.7), most significant octet first.
    private static let f5Salt: [UInt8] = [
        0x6C, 0x88, 0x83, 0x91, 0xAA, 0xF5, 0xA5, 0x38, 0x60, 0x37, 0x0B, 0xDB, 0x5A, 0x60, 0x83, 0xBE,
    ]
    /// keyID "btle" of f5 (2.2.7), most significant octet first.
    private static let f5KeyID: [UInt8] = [0x62, 0x74, 0x6C, 0x65]

    /// 2.2.7 LE Secure Connections key generation function f5: the MacKey and the Long Term Key.
    ///
    /// `T = AES-CMAC_SALT(W)`, then `AES-CMAC_T(Counter || keyID || N1 || N2 || A1 || A2 || Length)`
    /// with Counter 0 for the MacKey and 1 for the LTK, keyID "btle" and Length 256. `w` is the
    /// 32-octet DHKey; `n1`, `n2` 16-octet nonces; `a1`, `a2` the initiator's and the responder's
    /// addresses as 56 bits, the address type octet (1 random, 0 public) above the 48-bit address.
    ///
    /// - Precondition: `w` is 32 octets, `n1` and `n2` 16.
    public static func f5(
        w: [UInt8], n1: [UInt8], n2: [UInt8], a1: DeviceAddress, a2: DeviceAddress
    ) -> (macKey: [UInt8], ltk: [UInt8]) {
        precondition(w.count == 32, "f5: W (the DHKey) is 32 octets")
        precondition(n1.count == 16 && n2.count == 16, "f5: N1 and N2 are 16 octets")
        let t = AESCMAC.mac(key: f5Salt, message: w.reversed())
        let body = f5KeyID + n1.reversed() + n2.reversed() + addressBits(a1) + addressBits(a2) + [0x01, 0x00]
        let macKey = AESCMAC.mac(key: t, message: [0x00] + body)
        let ltk = AESCMAC.mac(key: t, message: [0x01] + body)
        return (macKey.reversed(), ltk.reversed())
    }

    /// 2.2.8 LE Secure Connections check value generation function f6: the DHKey Check value.
    ///
    /// `f6(W, N1, N2, R, IOcap, A1, A2) = AES-CMAC_W(N1 || N2 || R || IOcap || A1 || A2)`. `w` is the
    /// 16-octet MacKey of ``f5(w:n1:n2:a1:a2:)``; `r` 16 octets; IOcap is AuthReq (most
    /// significant), OOB data flag, IO capability (least significant), passed as the three octets of
    /// the Pairing Request or Response that sent them; `a1`, `a2` as in f5.
    ///
    /// - Precondition: `w`, `n1`, `n2` and `r` are 16 octets.
    public static func f6(
        w: [UInt8], n1: [UInt8], n2: [UInt8], r: [UInt8], authReq: UInt8, oobDataFlag: UInt8, ioCapability: UInt8,
        a1: DeviceAddress, a2: DeviceAddress
    ) -> [UInt8] {
        precondition(w.count == 16, "f6: W (the MacKey) is 16 octets")
        precondition(n1.count == 16 && n2.count == 16 && r.count == 16, "f6: N1, N2 and R are 16 octets")
        let message = n1.reversed() + n2.reversed() + r.reversed() + [authReq, oobDataFlag, ioCapability]
            + addressBits(a1) + addressBits(a2)
        return cmac(key: w, message: message)
    }

    /// 2.2.9 LE Secure Connections numeric comparison value generation function g2.
    ///
    /// `g2(U, V, X, Y) = AES-CMAC_X(U || V || Y) mod 2^32`. `u` is the initiator's and `v` the
    /// responder's public key X coordinate (32 octets), `x` the initiator's and `y` the responder's
    /// nonce (16). The six digits each side shows are `value % 1_000_000`.
    ///
    /// - Precondition: `u` and `v` are 32 octets, `x` and `y` 16.
    public static func g2(u: [UInt8], v: [UInt8], x: [UInt8], y: [UInt8]) -> UInt32 {
        precondition(u.count == 32 && v.count == 32, "g2: u and v are 32 octets")
        precondition(x.count == 16 && y.count == 16, "g2: x and y are 16 octets")
        let mac = AESCMAC.mac(key: x.reversed(), message: u.reversed() + v.reversed() + y.reversed())
        return mac[12...].reduce(0) { $0 << 8 | UInt32($1) }
    }

    /// 2.2.10 link key conversion function h6: `h6(W, keyID) = AES-CMAC_W(keyID)`.
    ///
    /// `w` is 16 octets; `keyID` 4 octets, little-endian like every value here: keyID "lebr"
    /// (0x6C656272) is passed as `[0x72, 0x62, 0x65, 0x6C]`.
    ///
    /// - Precondition: `w` is 16 octets and `keyID` 4.
    public static func h6(w: [UInt8], keyID: [UInt8]) -> [UInt8] {
        precondition(w.count == 16, "h6: W is 16 octets")
        precondition(keyID.count == 4, "h6: keyID is 4 octets")
        return cmac(key: w, message: keyID.reversed())
    }

    /// 2.2.11 link key conversion function h7: `h7(SALT, W) = AES-CMAC_SALT(W)`.
    ///
    /// `salt` and `w` are 16 octets, little-endian: SALT "tmp1" (0x…746D7031) is passed as
    /// `[0x31, 0x70, 0x6D, 0x74]` followed by 12 zero octets.
    ///
    /// - Precondition: `salt` and `w` are 16 octets.
    public static func h7(salt: [UInt8], w: [UInt8]) -> [UInt8] {
        precondition(salt.count == 16 && w.count == 16, "h7: SALT and W are 16 octets")
        return cmac(key: salt, message: w.reversed())
    }

    /// The Temporary Key of LE legacy Passkey Entry (2.3.5.3): the passkey as a 16-octet
    /// little-endian value.
    ///
    /// - Precondition: `passkey` is 0…999999.
    public static func temporaryKey(passkey: UInt32) -> [UInt8] {
        precondition(passkey <= 999_999, "a passkey is 0…999999")
        return (0..<16).map { index in index < 4 ? UInt8(truncatingIfNeeded: passkey >> (8 * UInt32(index))) : 0 }
    }

    /// `count` random octets from the system's cryptographically secure generator (2.3.5.x Mrand,
    /// Srand, Na, Nb, IRK, LTK, and Vol 6, Part B, 1.3.2 prand).
    public static func random(_ count: Int) -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        return (0..<count).map { _ in generator.next() }
    }

    // MARK: - Internals

    /// AES-128 of one block, key and block most significant octet first (FIPS-197 order).
    static func aes(key: [UInt8], block: [UInt8]) -> [UInt8] {
        var block = block
        do {
            try AES.permute(&block, key: SymmetricKey(data: key))
        } catch {
            // Only thrown for a block that is not 16 octets or a key of a wrong size: both checked.
            preconditionFailure("AES.permute failed on a 16-octet block: \(error)")
        }
        return block
    }

    /// AES-CMAC on little-endian key and message, result little-endian. The message is already most
    /// significant first (callers concatenate reversed fields).
    private static func cmac(key: [UInt8], message: [UInt8]) -> [UInt8] {
        AESCMAC.mac(key: key.reversed(), message: message).reversed()
    }

    /// An address as the 56-bit A1/A2 of f5 and f6, most significant octet first: type, then address.
    private static func addressBits(_ address: DeviceAddress) -> [UInt8] {
        [address.isRandom ? 0x01 : 0x00] + address.bigEndianBytes
    }

    private static func xor(_ a: [UInt8], _ b: [UInt8]) -> [UInt8] {
        zip(a, b).map { $0 ^ $1 }
    }
}
