import BLECore
import Testing

@testable import BLEHost

/// The SMP PDU codecs of Core 5.4, Vol 3, Part H, 3.5 and 3.6: round trip, every prefix, invalid
/// fields, unknown codes, and random input.
@Suite struct SMPCommandTests {
    static let sixteen = [UInt8](0x00...0x0F)

    /// Each command with its PDU, code octet first.
    static let samples: [(SMPCommand, [UInt8])] = [
        // The Pairing Request and Response of Part H 2.2.3's c1 example.
        (
            .pairingRequest(SMPPairingParameters(
                ioCapability: .displayYesNo, oobDataFlag: false, authRequirements: [], maximumEncryptionKeySize: 16,
                initiatorKeyDistribution: [.encryptionKey, .identityKey, .signingKey],
                responderKeyDistribution: [.encryptionKey, .identityKey, .signingKey]
            )),
            [0x01, 0x01, 0x00, 0x00, 0x10, 0x07, 0x07]
        ),
        (
            .pairingResponse(SMPPairingParameters(
                ioCapability: .noInputNoOutput, oobDataFlag: false, authRequirements: [], maximumEncryptionKeySize: 8,
                initiatorKeyDistribution: [], responderKeyDistribution: [.encryptionKey, .signingKey]
            )),
            [0x02, 0x03, 0x00, 0x00, 0x08, 0x00, 0x05]
        ),
        (
            .pairingRequest(SMPPairingParameters(
                ioCapability: .keyboardDisplay, oobDataFlag: true,
                authRequirements: [.bonding, .mitm, .secureConnections, .keypress, .ct2], maximumEncryptionKeySize: 7,
                initiatorKeyDistribution: [.encryptionKey, .identityKey, .signingKey, .linkKey],
                responderKeyDistribution: [.identityKey]
            )),
            [0x01, 0x04, 0x01, 0x3D, 0x07, 0x0F, 0x02]
        ),
        (.pairingConfirm(sixteen), [0x03] + sixteen),
        (.pairingRandom(sixteen), [0x04] + sixteen),
        (.pairingFailed(.confirmValueFailed), [0x05, 0x04]),
        (.pairingFailed(SMPPairingFailed.Reason(rawValue: 0x42)), [0x05, 0x42]),
        (.encryptionInformation(longTermKey: sixteen), [0x06] + sixteen),
        (
            .centralIdentification(ediv: 0x1234, rand: 0x0807_0605_0403_0201),
            [0x07, 0x34, 0x12, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08]
        ),
        (.identityInformation(identityResolvingKey: sixteen), [0x08] + sixteen),
        (
            .identityAddressInformation(try! DeviceAddress(parsing: "5C:31:3E:F2:16:13")),
            [0x09, 0x00, 0x13, 0x16, 0xF2, 0x3E, 0x31, 0x5C]
        ),
        (
            .identityAddressInformation(try! DeviceAddress(parsing: "FF:EE:DD:CC:BB:AA", type: .randomStatic)),
            [0x09, 0x01, 0xAA, 0xBB, 0xCC, 0xDD, 0xEE, 0xFF]
        ),
        (.signingInformation(signatureKey: sixteen), [0x0A] + sixteen),
        (.securityRequest([.bonding, .mitm]), [0x0B, 0x05]),
        // Reserved AuthReq bits are kept.
        (.securityRequest(SMPAuthenticationRequirements(rawValue: 0xFF)), [0x0B, 0xFF]),
        (
            .pairingPublicKey(x: SMPKeyPair.debug.publicKeyX, y: SMPKeyPair.debug.publicKeyY),
            [0x0C] + SMPKeyPair.debug.publicKeyX + SMPKeyPair.debug.publicKeyY
        ),
        (.pairingDHKeyCheck(sixteen), [0x0D] + sixteen),
        (.keypressNotification(.digitEntered), [0x0E, 0x01]),
        (.keypressNotification(.completed), [0x0E, 0x04]),
    ]

    @Test(arguments: samples)
    func roundTrip(_ command: SMPCommand, _ bytes: [UInt8]) throws {
        #expect(command.encode() == bytes)
        #expect(try SMPCommand(decoding: bytes) == command)
        #expect(command.code == bytes[0])
        #expect(SMPCommand.length(ofCode: command.code) == bytes.count)
    }

    @Test func everyCodeHasASample() {
        #expect(Set(Self.samples.map(\.0.code)) == Set(0x01...0x0E))
    }

    @Test(arguments: samples)
    func everyOtherLengthIsInvalidParameters(_ command: SMPCommand, _ bytes: [UInt8]) {
        let lengths = Array(1..<bytes.count) + [bytes.count + 1, bytes.count + 16]
        for length in lengths {
            let input = Array((bytes + [UInt8](repeating: 0, count: 16)).prefix(length))
            do {
                _ = try SMPCommand(decoding: input)
                Issue.record("\(length) octets of \(SMPCommand.name(ofCode: bytes[0])) decoded")
            } catch {
                #expect(error.kind == .wrongLength(code: bytes[0], expected: bytes.count, actual: length))
                #expect(error.reason == .invalidParameters)
            }
        }
    }

    @Test func emptyIsCommandNotSupported() {
        #expect(throws: SMPDecodingError(.empty)) { try SMPCommand(decoding: []) }
        #expect(SMPDecodingError(.empty).reason == .commandNotSupported)
    }

    @Test(arguments: [0x00, 0x0F, 0x10, 0x7F, 0xFF] as [UInt8])
    func unknownCodeIsCommandNotSupported(_ code: UInt8) {
        for input in [[code], [code, 0x01], [code] + Self.sixteen] {
            do {
                _ = try SMPCommand(decoding: input)
                Issue.record("code 0x\([code].hexString) decoded")
            } catch {
                #expect(error == SMPDecodingError(.unknownCode(code)))
                #expect(error.reason == .commandNotSupported)
                #expect(error.description == "unknown SMP command code 0x" + [code].hexString.uppercased())
            }
        }
    }

    /// Fields whose reserved or out-of-range values are refused with Invalid Parameters.
    @Test(arguments: [
        [0x01, 0x01, 0x00, 0x00, 0x06, 0x07, 0x07],  // key size 6
        [0x02, 0x01, 0x00, 0x00, 0x11, 0x07, 0x07],  // key size 17
        [0x01, 0x01, 0x00, 0x00, 0x00, 0x07, 0x07],  // key size 0
        [0x01, 0x01, 0x00, 0x00, 0xFF, 0x07, 0x07],  // key size 255
        [0x01, 0x01, 0x02, 0x00, 0x10, 0x07, 0x07],  // OOB data flag 2
        [0x02, 0x05, 0x00, 0x00, 0x10, 0x07, 0x07],  // IO capability 5 (reserved)
        [0x01, 0xFF, 0x00, 0x00, 0x10, 0x07, 0x07],  // IO capability 0xFF (reserved)
        [0x09, 0x02, 0x13, 0x16, 0xF2, 0x3E, 0x31, 0x5C],  // AddrType 2 (reserved)
        [0x09, 0xFF, 0x13, 0x16, 0xF2, 0x3E, 0x31, 0x5C],  // AddrType 0xFF (reserved)
        [0x09, 0x01, 0x13, 0x16, 0xF2, 0x3E, 0x31, 0x5C],  // random, but resolvable private: not an identity
        [0x09, 0x01, 0x13, 0x16, 0xF2, 0x3E, 0x31, 0x1C],  // random, but non-resolvable private
        [0x0E, 0x05],  // keypress notification type 5 (reserved)
    ] as [[UInt8]])
    func reservedFieldIsInvalidParameters(_ bytes: [UInt8]) {
        do {
            _ = try SMPCommand(decoding: bytes)
            Issue.record("\(bytes.hexString) decoded")
        } catch {
            guard case .invalidField(let code, _) = error.kind else {
                Issue.record("expected an invalid field, got \(error)")
                return
            }
            #expect(code == bytes[0])
            #expect(error.reason == .invalidParameters)
            #expect(error.message.hasPrefix(SMPCommand.name(ofCode: bytes[0]) + " has an invalid "))
        }
    }

    @Test func keySizeBoundsDecode() throws {
        for size: UInt8 in [7, 16] {
            let command = try SMPCommand(decoding: [0x01, 0x03, 0x00, 0x01, size, 0x00, 0x00])
            guard case .pairingRequest(let parameters) = command else {
                Issue.record("not a Pairing Request: \(command)")
                continue
            }
            #expect(parameters.maximumEncryptionKeySize == size)
            #expect(parameters.authRequirements == .bonding)
        }
    }

    @Test func errorMessagesNameTheCommand() {
        #expect(SMPDecodingError(.wrongLength(code: 0x03, expected: 17, actual: 5)).description == "Pairing Confirm is 17 octets, got 5")
        #expect(SMPDecodingError(.empty).description == "empty SMP PDU: no command code")
        let keySize = SMPDecodingError(.invalidField(code: 0x01, field: "Maximum Encryption Key Size 6 (7…16 octets)"))
        #expect(keySize.description == "Pairing Request has an invalid Maximum Encryption Key Size 6 (7…16 octets)")
    }

    /// 10 000 random PDUs, biased towards known codes and their exact lengths: decoding never traps,
    /// what decodes encodes back to the same octets, and what fails names a Pairing Failed reason.
    @Test func randomInputNeverTraps() {
        var generator = SplitMix64(seed: 0x5350_4D43_5259_5054)
        var decoded = 0
        for _ in 0..<10_000 {
            let code: UInt8 = Bool.random(using: &generator) ? UInt8.random(in: 0x00...0x10, using: &generator) : generator.next()
            let length: Int
            if let exact = SMPCommand.length(ofCode: code), Bool.random(using: &generator) {
                length = exact
            } else {
                length = Int.random(in: 0...70, using: &generator)
            }
            var input = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            if !input.isEmpty { input[0] = code }
            do {
                let command = try SMPCommand(decoding: input)
                #expect(command.encode() == input)
                decoded += 1
            } catch {
                #expect(error.reason == .commandNotSupported || error.reason == .invalidParameters)
                #expect(!error.message.isEmpty)
            }
        }
        #expect(decoded > 1_000)
    }

    // MARK: Code spaces

    @Test func pairingFailedReasonsAreTheSpecs() {
        let reasons: [(SMPPairingFailed.Reason, UInt8)] = [
            (.passkeyEntryFailed, 0x01), (.oobNotAvailable, 0x02), (.authenticationRequirements, 0x03),
            (.confirmValueFailed, 0x04), (.pairingNotSupported, 0x05), (.encryptionKeySize, 0x06),
            (.commandNotSupported, 0x07), (.unspecifiedReason, 0x08), (.repeatedAttempts, 0x09),
            (.invalidParameters, 0x0A), (.dhKeyCheckFailed, 0x0B), (.numericComparisonFailed, 0x0C),
            (.brEDRPairingInProgress, 0x0D), (.crossTransportKeyDerivationNotAllowed, 0x0E), (.keyRejected, 0x0F),
        ]
        for (reason, rawValue) in reasons {
            #expect(reason.rawValue == rawValue)
            #expect(!reason.description.hasPrefix("reason"))
        }
        #expect(Set(reasons.map(\.0.description)).count == reasons.count)
        #expect(SMPPairingFailed.Reason.passkeyEntryFailed.description == "the passkey was wrong or not entered")
        #expect(SMPPairingFailed.Reason(rawValue: 0x10).description == "reason 0x10")
        #expect(SMPPairingFailed.Reason(rawValue: 0x00).description == "reason 0x00")
        #expect(SMPPairingFailed.Reason(rawValue: 0xAB).description == "reason 0xAB")
    }

    @Test func codeSpacesDescribeThemselves() {
        #expect(SMPIOCapability.keyboardDisplay.description == "KeyboardDisplay")
        #expect(SMPIOCapability(rawValue: 0x05).description == "reserved IO capability 0x05")
        #expect(SMPKeypressNotificationType.started.description == "passkey entry started")
        #expect(SMPKeypressNotificationType(rawValue: 0x09).description == "reserved notification type 0x09")
        #expect(SMPAuthenticationRequirements([.bonding, .mitm, .secureConnections, .keypress, .ct2]).rawValue == 0x3D)
        #expect(SMPKeyDistribution([.encryptionKey, .identityKey, .signingKey, .linkKey]).rawValue == 0x0F)
    }

    @Test func pairingFailedAgreesWithItsOwnPDU() throws {
        let bytes = SMPPairingFailed(reason: .repeatedAttempts).encode()
        #expect(try SMPCommand(decoding: bytes) == .pairingFailed(.repeatedAttempts))
    }
}

/// A small seeded generator, so a failing fuzz run is repeatable.
private struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
