import BLECore
import Testing

@testable import BLEHost

/// The spec's value printed most significant octet first, as the little-endian octets SMP carries.
private func le(_ hex: String) -> [UInt8] {
    guard let bytes = [UInt8](hex: hex) else { preconditionFailure("bad hex in a test vector: \(hex)") }
    return bytes.reversed()
}

/// Core 5.4, Vol 3, Part H, 2.2 against the specification's sample data: the worked examples of
/// 2.2.3 (c1) and 2.2.4 (s1), Appendix D (f4, f5, f6, g2, h6, h7, ah, the link key conversions),
/// and the P-256 sample keys (Part H 2.3.5.6.1 debug key; Vol 2, Part G, 7.1.2).
@Suite struct SMPCryptoTests {
    // Appendix D values, most significant octet first as printed.
    static let u = le("20b003d2 f297be2c 5e2c83a7 e9f9a5b9 eff49111 acf4fddb cc030148 0e359de6")
    static let v = le("55188b3d 32f6bb9a 900afcfb eed4e72a 59cb9ac2 f19d7cfb 6b4fdd49 f47fc5fd")
    static let n1 = le("d5cb8454 d177733e ffffb2ec 712baeab")
    static let n2 = le("a6e8e7cc 25a75f6e 216583f7 ff3dc4cf")
    static let dhKey = le("ec0234a3 57c8ad05 341010a6 0a397d9b 99796b13 b4f866f1 868d34f3 73bfa698")
    static let macKey = le("2965f176 a1084a02 fd3f6a20 ce636e20")
    static let a1 = try! DeviceAddress(parsing: "56:12:37:37:BF:CE")
    static let a2 = try! DeviceAddress(parsing: "A7:13:70:2D:CF:C1")
    static let key128 = le("ec0234a3 57c8ad05 341010a6 0a397d9b")

    // P-256 sample data: A is the debug key pair of 2.3.5.6.1.
    static let privateB = le("55188b3d 32f6bb9a 900afcfb eed4e72a 59cb9ac2 f19d7cfb 6b4fdd49 f47fc5fd")
    static let publicAX = le("20b003d2 f297be2c 5e2c83a7 e9f9a5b9 eff49111 acf4fddb cc030148 0e359de6")
    static let publicAY = le("dc809c49 652aeb6d 63329abf 5a52155c 766345c2 8fed3024 741c8ed0 1589d28b")
    static let publicBX = le("1ea1f0f0 1faf1d96 09592284 f19e4c00 47b58afd 8615a69f 559077b2 2faaa190")
    static let publicBY = le("4c55f33e 429dad37 7356703a 9ab85160 472d1130 e28e3676 5f89aff9 15b1214a")

    // MARK: e, ah, resolvable private addresses

    @Test func eIsAES128LittleEndian() {
        // FIPS-197 Appendix C.1, reversed into HCI_LE_Encrypt order.
        let key = le("000102030405060708090a0b0c0d0e0f")
        let plaintext = le("00112233445566778899aabbccddeeff")
        #expect(SMPCrypto.e(key: key, plaintext: plaintext) == le("69c4e0d86a7b0430d8cdb78070b4c55a"))
    }

    @Test func ahMatchesAppendixD() {
        #expect(SMPCrypto.ah(irk: Self.key128, prand: le("708194")) == le("0dfbaa"))
    }

    @Test func sampleAddressResolvesOnlyWithItsIRK() throws {
        // prand 0x708194 (top bits 0b01) and hash 0x0DFBAA of Appendix D.
        let address = try DeviceAddress(parsing: "70:81:94:0D:FB:AA", isRandom: true)
        #expect(address.type == .resolvablePrivate)
        #expect(SMPCrypto.resolves(address, irk: Self.key128))
        #expect(!SMPCrypto.resolves(address, irk: [UInt8](repeating: 0x11, count: 16)))
        #expect(!SMPCrypto.resolves(address, irk: Array(Self.key128.prefix(15))))
        let wrongHash = try DeviceAddress(parsing: "70:81:94:0D:FB:AB", isRandom: true)
        #expect(!SMPCrypto.resolves(wrongHash, irk: Self.key128))
        // The same 48 bits as a public address, and hashes under other random sub-types, never resolve.
        #expect(!SMPCrypto.resolves(try DeviceAddress(parsing: "70:81:94:0D:FB:AA"), irk: Self.key128))
        let staticRandom = try DeviceAddress(parsing: "F0:81:94:0D:FB:AA", isRandom: true)
        #expect(staticRandom.type == .randomStatic)
        #expect(!SMPCrypto.resolves(staticRandom, irk: Self.key128))
    }

    @Test func newResolvablePrivateAddressesResolve() {
        let irk = SMPCrypto.random(16)
        var seen = Set<DeviceAddress>()
        for _ in 0..<64 {
            let address = SMPCrypto.resolvablePrivateAddress(irk: irk)
            #expect(address.type == .resolvablePrivate)
            #expect(SMPCrypto.resolves(address, irk: irk))
            #expect(!SMPCrypto.resolves(address, irk: Self.key128))
            let randomPart = address.value >> 24 & 0x3F_FFFF
            #expect(randomPart != 0 && randomPart != 0x3F_FFFF)
            seen.insert(address)
        }
        #expect(seen.count > 60)
    }

    // MARK: Legacy pairing: c1, s1, TK

    @Test func c1MatchesTheWorkedExample() throws {
        // Part H 2.2.3: k = 0, r = 5783D521…, pres = 05000800000302, preq = 07071000000101,
        // initiator A1A2A3A4A5A6 random, responder B1B2B3B4B5B6 public.
        let preq = le("07071000000101")
        let pres = le("05000800000302")
        #expect(preq == [0x01, 0x01, 0x00, 0x00, 0x10, 0x07, 0x07])  // the Pairing Request as sent
        let initiator = try DeviceAddress(parsing: "A1:A2:A3:A4:A5:A6", isRandom: true)
        let responder = try DeviceAddress(parsing: "B1:B2:B3:B4:B5:B6")
        let confirm = SMPCrypto.c1(
            k: [UInt8](repeating: 0, count: 16), r: le("5783D52156AD6F0E6388274EC6702EE0"),
            preq: preq, pres: pres, initiator: initiator, responder: responder
        )
        #expect(confirm == le("1e1e3fef878988ead2a74dc5bef13b86"))
    }

    @Test func s1MatchesTheWorkedExample() {
        let stk = SMPCrypto.s1(
            k: [UInt8](repeating: 0, count: 16),
            r1: le("000F0E0D0C0B0A091122334455667788"),
            r2: le("010203040506070899AABBCCDDEEFF00")
        )
        #expect(stk == le("9a1fe1f0e8b0f49b5b4216ae796da062"))
    }

    @Test func temporaryKeyIsThePasskeyLittleEndian() {
        #expect(SMPCrypto.temporaryKey(passkey: 0) == [UInt8](repeating: 0, count: 16))
        #expect(SMPCrypto.temporaryKey(passkey: 123_456) == [0x40, 0xE2, 0x01] + [UInt8](repeating: 0, count: 13))
        #expect(SMPCrypto.temporaryKey(passkey: 999_999) == [0x3F, 0x42, 0x0F] + [UInt8](repeating: 0, count: 13))
    }

    @Test func randomOctets() {
        #expect(SMPCrypto.random(16).count == 16)
        #expect(SMPCrypto.random(0).isEmpty)
        #expect(SMPCrypto.random(16) != SMPCrypto.random(16))
    }

    // MARK: LE Secure Connections: f4, f5, f6, g2

    @Test func f4MatchesAppendixD() {
        #expect(SMPCrypto.f4(u: Self.u, v: Self.v, x: Self.n1, z: 0x00) == le("f2c916f1 07a9bd1c f1eda1be a974872d"))
    }

    @Test func f5MatchesAppendixD() {
        let keys = SMPCrypto.f5(w: Self.dhKey, n1: Self.n1, n2: Self.n2, a1: Self.a1, a2: Self.a2)
        #expect(keys.macKey == Self.macKey)
        #expect(keys.ltk == le("69867911 69d7cd23 980522b5 94750a38"))
    }

    @Test func f5DependsOnTheAddressType() throws {
        let random = try DeviceAddress(parsing: "F6:12:37:37:BF:CE", isRandom: true)
        let asPublic = try DeviceAddress(parsing: "F6:12:37:37:BF:CE")
        let one = SMPCrypto.f5(w: Self.dhKey, n1: Self.n1, n2: Self.n2, a1: random, a2: Self.a2)
        let other = SMPCrypto.f5(w: Self.dhKey, n1: Self.n1, n2: Self.n2, a1: asPublic, a2: Self.a2)
        #expect(one.ltk != other.ltk)
    }

    @Test func f6MatchesAppendixD() {
        // IOcap 010102: AuthReq 0x01, OOB data flag 0x01, IO capability 0x02.
        let check = SMPCrypto.f6(
            w: Self.macKey, n1: Self.n1, n2: Self.n2, r: le("12a3343b b453bb54 08da42d2 0c2d0fc8"),
            authReq: 0x01, oobDataFlag: 0x01, ioCapability: 0x02, a1: Self.a1, a2: Self.a2
        )
        #expect(check == le("e3c47398 9cd0e8c5 d26c0b09 da958f61"))
    }

    @Test func g2MatchesAppendixD() {
        let value = SMPCrypto.g2(u: Self.u, v: Self.v, x: Self.n1, y: Self.n2)
        #expect(value == 0x2F9E_D5BA)
        #expect(value % 1_000_000 == 938_554)
    }

    // MARK: h6, h7 and the link key conversions

    @Test func h6MatchesAppendixD() {
        // keyID "lebr" 0x6C656272, little-endian.
        #expect(SMPCrypto.h6(w: Self.key128, keyID: le("6c656272")) == le("2d9ae102 e76dc91c e8d3a9e2 80b16399"))
    }

    @Test func h7MatchesAppendixD() {
        let salt = le("00000000 00000000 00000000 746D7031")
        #expect(SMPCrypto.h7(salt: salt, w: Self.key128) == le("fb173597 c6a3c0ec d2998c2a 75a57011"))
    }

    /// Appendix D: LE LTK to BR/EDR link key (2.4.2.4) and back (2.4.2.5), with h6 (CT2 = 0) and h7 (CT2 = 1).
    @Test(arguments: [
        (false, true, "bc1ca4ef 633fc1bd 0d8230af ee388fb0"),
        (true, true, "287ad379 dca40253 0a39f1f4 3047b835"),
        (false, false, "a813fb72 f1a3dfa1 8a2c9a43 f10d0a30"),
        (true, false, "e85e09eb 5eccb3e2 69418a13 3211bc79"),
    ])
    func linkKeyConversionsMatchAppendixD(ct2: Bool, fromLTK: Bool, expected: String) {
        let input = fromLTK ? le("368df9bc e3264b58 bd066c33 334fbf64") : le("05040302 01000908 07060504 03020100")
        let tmp = le(fromLTK ? "746D7031" : "746D7032")  // "tmp1" or "tmp2"
        let last = le(fromLTK ? "6C656272" : "62726C65")  // "lebr" or "brle"
        let intermediate = ct2
            ? SMPCrypto.h7(salt: tmp + [UInt8](repeating: 0, count: 12), w: input)
            : SMPCrypto.h6(w: input, keyID: tmp)
        #expect(SMPCrypto.h6(w: intermediate, keyID: last) == le(expected))
    }

    // MARK: P-256

    @Test func debugKeyPairIsTheSpecs() {
        #expect(SMPKeyPair.debug.publicKeyX == Self.publicAX)
        #expect(SMPKeyPair.debug.publicKeyY == Self.publicAY)
        #expect(SMPKeyPair.debug.isDebug)
        #expect(!SMPKeyPair().isDebug)
    }

    @Test func dhKeyMatchesTheSampleKeys() throws {
        #expect(try SMPKeyPair.debug.dhKey(peerX: Self.publicBX, peerY: Self.publicBY) == Self.dhKey)
        let b = try #require(SMPKeyPair(littleEndianPrivateKey: Self.privateB))
        #expect(b.publicKeyX == Self.publicBX)
        #expect(b.publicKeyY == Self.publicBY)
        #expect(try b.dhKey(peerX: Self.publicAX, peerY: Self.publicAY) == Self.dhKey)
    }

    @Test func freshKeyPairsAgree() throws {
        let one = SMPKeyPair()
        let other = SMPKeyPair()
        #expect(one.publicKeyX.count == 32 && one.publicKeyY.count == 32)
        #expect(one.publicKeyX != other.publicKeyX)
        let shared = try one.dhKey(peerX: other.publicKeyX, peerY: other.publicKeyY)
        #expect(shared.count == 32)
        #expect(try other.dhKey(peerX: one.publicKeyX, peerY: one.publicKeyY) == shared)
    }

    @Test func invalidPrivateKeysAreRefused() {
        #expect(SMPKeyPair(littleEndianPrivateKey: [UInt8](repeating: 0, count: 32)) == nil)
        #expect(SMPKeyPair(littleEndianPrivateKey: [UInt8](repeating: 0xFF, count: 32)) == nil)
        #expect(SMPKeyPair(littleEndianPrivateKey: Array(Self.privateB.prefix(31))) == nil)
    }

    /// Off-curve points, among them the fixed-coordinate invalid-curve attack's (x, 0), are refused.
    @Test func offCurvePointsAreRefused() {
        let pair = SMPKeyPair()
        var flippedY = Self.publicBY
        flippedY[0] ^= 0x01
        var flippedX = Self.publicBX
        flippedX[31] ^= 0x80
        // The field prime p = 2^256 - 2^224 + 2^192 + 2^96 - 1 is not a field element.
        let prime = le("ffffffff 00000001 00000000 00000000 00000000 ffffffff ffffffff ffffffff")
        let zero = [UInt8](repeating: 0, count: 32)
        let cases: [([UInt8], [UInt8])] = [
            (Self.publicBX, flippedY),
            (flippedX, Self.publicBY),
            (Self.publicBX, zero),
            (Self.publicAX, zero),
            (zero, zero),
            (prime, Self.publicBY),
            ([UInt8](repeating: 0xFF, count: 32), [UInt8](repeating: 0xFF, count: 32)),
            (Array(Self.publicBX.prefix(31)), Self.publicBY),
            (Self.publicBX, Self.publicBY + [0]),
        ]
        for (x, y) in cases {
            #expect(throws: SMPKeyError.invalidPublicKey) { try pair.dhKey(peerX: x, peerY: y) }
        }
        #expect(throws: Never.self) { try pair.dhKey(peerX: Self.publicBX, peerY: Self.publicBY) }
    }

    @Test func debugPublicKeyIsRefusedOnRequest() throws {
        let pair = SMPKeyPair()
        let debug = SMPKeyPair.debug
        #expect(throws: SMPKeyError.invalidPublicKey) {
            try pair.dhKey(peerX: debug.publicKeyX, peerY: debug.publicKeyY, rejectDebugKey: true)
        }
        let shared = try pair.dhKey(peerX: debug.publicKeyX, peerY: debug.publicKeyY)
        #expect(try debug.dhKey(peerX: pair.publicKeyX, peerY: pair.publicKeyY) == shared)
        #expect(try pair.dhKey(peerX: Self.publicBX, peerY: Self.publicBY, rejectDebugKey: true).count == 32)
    }
}
