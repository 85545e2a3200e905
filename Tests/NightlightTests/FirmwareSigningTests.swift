import Crypto
import Foundation
import Testing
@testable import Nightlight

/// Signed firmware images (SN profile §7.1): the test vendor key, signatures, the unsigned images
/// of profile 1.0, and key files.
@Suite struct FirmwareSigningTests {
    /// The test vendor key's public key: computed once from the seed (with Python's
    /// `cryptography`, OpenSSL's Ed25519) and kept as a regression vector.
    static let testVendorPublicKey = "17479fb869117612c76cd38cf9c260d34ecaa1a5465991f02edd91f76a0f55ad"
    /// SHA-256 of `SN-1 test vendor key`: the seed.
    static let testVendorSeed = "3f19b22960e0c77c13c3623e9d0150f529aa7aabf5de88c1395c1a3a3fac97f4"

    @Test func theTestVendorKeyIsTheProfiles() throws {
        let key = FirmwareSigningKey.testVendor
        #expect(key.publicKey.hexString == Self.testVendorPublicKey)
        #expect(FirmwarePublicKey.testVendor.hexString == Self.testVendorPublicKey)
        #expect(key.seed.hexString == Self.testVendorSeed)
        // It derives from SHA-256("SN-1 test vendor key"), computed here apart from the library.
        let seed = Array(SHA256.hash(data: Array("SN-1 test vendor key".utf8)))
        #expect(key.seed == seed)
        let derived = try Curve25519.Signing.PrivateKey(rawRepresentation: seed)
        #expect(Array(derived.publicKey.rawRepresentation) == key.publicKey.bytes)
        #expect(try FirmwareSigningKey(seed: seed) == key && key.isTestVendor)
        #expect(try FirmwarePublicKey(hex: Self.testVendorPublicKey) == .testVendor)
        // Its signatures are Ed25519's: another implementation verifies them.
        let message = Array("SNFW".utf8)
        let publicKey = try Curve25519.Signing.PublicKey(rawRepresentation: key.publicKey.bytes)
        #expect(publicKey.isValidSignature(key.signature(for: message), for: message))
        // The seed is never shown.
        #expect(!key.description.contains(Self.testVendorSeed) && !String(reflecting: key).contains(Self.testVendorSeed))
        #expect(key.description == "the SN test vendor key, public key \(Self.testVendorPublicKey)")
    }

    @Test func keysOfTheWrongSizeAreRefused() {
        #expect(throws: NightlightError.self) { try FirmwareSigningKey(seed: Array(repeating: 1, count: 31)) }
        #expect(throws: NightlightError.self) { try FirmwarePublicKey(bytes: Array(repeating: 1, count: 33)) }
        #expect(throws: NightlightError.self) { try FirmwarePublicKey(hex: "17479fb8") }
        #expect(FirmwareSigningKey.generate() != FirmwareSigningKey.generate())
    }

    static let image = FirmwareImage.testImage(version: "1.1.0", payloadSize: 300)

    @Test func signaturesVerifyWithTheirKeyOnly() throws {
        let image = Self.image
        #expect(image.isSigned && image.isSignatureValid(for: .testVendor))
        try image.verifySignature(with: .testVendor)
        let parsed = try FirmwareImage(bytes: image.encode())
        #expect(parsed.isSignatureValid(for: .testVendor), "the signature survives encoding and parsing")

        let vendor = FirmwareSigningKey.generate()
        let theirs = FirmwareImage.testImage(version: "1.1.0", payloadSize: 300, signingKey: vendor)
        #expect(theirs.payload == image.payload && theirs.isSigned)
        #expect(theirs.isSignatureValid(for: vendor.publicKey))
        #expect(!theirs.isSignatureValid(for: .testVendor), "a valid signature from another key")
        expectRefusal(
            "firmware image: signature does not verify with the vendor key \(Self.testVendorPublicKey): the image was signed with another key, or changed after it was signed",
            .outOfRange
        ) { try theirs.verifySignature(with: .testVendor) }

        for bit in [0, 7, 300, 511] {
            var flipped = image
            flipped.signature[bit / 8] ^= 1 << UInt8(bit % 8)
            #expect(!flipped.isSignatureValid(for: .testVendor), "signature bit \(bit) flipped")
        }
        var changed = image
        changed.payload[17] ^= 0x40
        #expect(!changed.isSignatureValid(for: .testVendor), "a payload changed after signing")
        changed.version = "9.9.9"
        changed.sign(with: .testVendor)
        #expect(changed.isSignatureValid(for: .testVendor), "signed again")

        var truncated = image
        truncated.signature.removeLast()
        #expect(!truncated.isSigned && !truncated.isSignatureValid(for: .testVendor))
        expectRefusal("firmware image: signature is 63 bytes; an Ed25519 signature is 64: the image is truncated or damaged", .outOfRange) {
            try truncated.verifySignature(with: .testVendor)
        }
    }

    static let unsignedAdvice = "SN firmware 1.1 accepts signed images only: build it again as a signed image "
        + "(header version 2, SN profile §7.1; `nightlight firmware build --key FILE` signs with your key)"

    @Test func unsignedImagesAreRecognisedAndRefused() {
        let v1 = FirmwareImage.unsigned(version: "1.2.0", payload: [1, 2, 3])
        #expect(!v1.isSigned && v1.description == "SN-1 1.2.0, 3-byte payload, unsigned")
        func reject(_ bytes: [UInt8], _ message: String, _ code: SNValueError.Code, sourceLocation: SourceLocation = #_sourceLocation) {
            do {
                _ = try FirmwareImage(bytes: bytes)
                Issue.record("accepted", sourceLocation: sourceLocation)
            } catch {
                #expect(error.description == message, sourceLocation: sourceLocation)
                #expect(error.code == code, sourceLocation: sourceLocation)
            }
        }
        reject(v1.encode(), "firmware image: this image is not signed (header version 1, SN-1 1.2.0); " + Self.unsignedAdvice, .unsignedImage)
        reject(v1.encode() + [0], "firmware image: payload length 3 does not match the 4 bytes after the header", .imageRejected)
        reject(Self.image.signedBytes, "firmware image: this image is not signed (nothing follows the payload, where the 64-byte signature belongs); " + Self.unsignedAdvice, .unsignedImage)
        expectRefusal("firmware image: this image is not signed (header version 1); " + Self.unsignedAdvice, .outOfRange) { try v1.validate() }
        expectRefusal("firmware image: this image is not signed (header version 1); " + Self.unsignedAdvice, .outOfRange) {
            try v1.verifySignature(with: .testVendor)
        }
        #expect(!v1.isSignatureValid(for: .testVendor))
        var v1WithSignature = Self.image
        v1WithSignature.headerVersion = 1
        #expect(!v1WithSignature.isSignatureValid(for: .testVendor), "a version-1 header is never signed")
    }

    // MARK: Key files

    /// The problems a key file can have, said with the file's name.
    static let keyFileAdvice = "; a key file holds the 32-byte Ed25519 seed, raw or as 64 hex digits (make one with `nightlight firmware keygen --out FILE`)"

    @Test func keyFilesHoldTheSeedRawOrInHex() throws {
        let key = FirmwareSigningKey.generate()
        #expect(try FirmwareSigningKey(keyFile: key.seed, path: "raw.key") == key, "raw 32 bytes")
        #expect(key.keyFileContents == Array((key.seed.hexString + "\n").utf8))
        #expect(try FirmwareSigningKey(keyFile: key.keyFileContents, path: "hex.key") == key, "64 hex digits and a newline")
        var spaced = ""
        for (offset, digit) in key.seed.hexString.uppercased().enumerated() {
            spaced.append(digit)
            if offset == 31 { spaced += "\r\n" } else if offset % 8 == 7 { spaced += " " }
        }
        #expect(try FirmwareSigningKey(keyFile: Array(("\t" + spaced + "\n\n").utf8), path: "spaced.key") == key, "upper case, whitespace anywhere")
        #expect(try FirmwareSigningKey(keyFile: Array(Self.testVendorSeed.utf8), path: "test.key") == .testVendor)
    }

    @Test(arguments: [
        (Array(repeating: UInt8(0x41), count: 0), "it is empty"),
        (Array(String(repeating: "ab", count: 20).utf8), "it has 40 hex digits, not 64"),
        (Array((String(repeating: "ab", count: 32) + "0").utf8), "it has 65 hex digits, not 64"),
        (Array(String(repeating: "a", count: 32).utf8), "it has 32 hex digits, not 64"),
        (Array((String(repeating: "ab", count: 31) + "gz\n").utf8), "it is 65 bytes, not a 32-byte raw seed, and byte 62 ('g') is not a hex digit"),
        (Array(repeating: UInt8(0x9F), count: 33), "it is 33 bytes, not a 32-byte raw seed, and byte 0 (0x9f) is not a hex digit"),
        (Array(repeating: UInt8(0x9F), count: 31), "it is 31 bytes, not a 32-byte raw seed, and byte 0 (0x9f) is not a hex digit"),
        (Array(("0x" + String(repeating: "ab", count: 32)).utf8), "it is 66 bytes, not a 32-byte raw seed, and byte 1 ('x') is not a hex digit"),
        (Array(repeating: UInt8(0x30), count: 5000), "it is 5000 bytes"),
    ])
    func otherKeyFilesAreRefused(contents: [UInt8], problem: String) {
        let error = #expect(throws: NightlightError.self) { try FirmwareSigningKey(keyFile: contents, path: "/keys/vendor.key") }
        #expect(error?.code == .signingKey)
        #expect(error?.message == "the signing key file /keys/vendor.key is not a key: " + problem + Self.keyFileAdvice)
    }

    /// A fresh folder for key files.
    static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appending(path: "sn-keys-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    static func mode(_ path: String) throws -> Int {
        try #require(FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
    }

    @Test func keyFilesOpenToOthersAreRefused() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appending(path: "vendor.key").path
        let key = FirmwareSigningKey.generate()
        try Data(key.keyFileContents).write(to: URL(fileURLWithPath: path))
        for mode in [0o644, 0o640, 0o604, 0o660, 0o601, 0o610] {
            try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path)
            let error = #expect(throws: NightlightError.self, "mode \(String(mode, radix: 8))") { try FirmwareSigningKey.load(fromFile: path) }
            #expect(error?.code == .signingKey)
            let shown = "0" + String(mode, radix: 8)
            #expect(
                error?.message == "the signing key file \(path) is open to other users (mode \(shown)); a private key must be readable by its owner only: run `chmod 600 \(path)` and try again"
            )
        }
        for mode in [0o600, 0o400] {
            try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path)
            #expect(try FirmwareSigningKey.load(fromFile: path) == key)
        }
        let raw = folder.appending(path: "raw.key").path
        try Data(key.seed).write(to: URL(fileURLWithPath: raw))
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: raw)
        #expect(try FirmwareSigningKey.load(fromFile: raw) == key)

        let missing = #expect(throws: NightlightError.self) { try FirmwareSigningKey.load(fromFile: folder.appending(path: "none.key").path) }
        #expect(missing?.message.contains("cannot read the signing key file \(folder.appending(path: "none.key").path): there is no such file") == true)
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: folder.path)
        let directory = #expect(throws: NightlightError.self) { try FirmwareSigningKey.load(fromFile: folder.path) }
        #expect(directory?.message.contains("is not a regular file") == true, "\(directory?.message ?? "")")
    }

    @Test func writtenKeyFilesAreTheOwnersAndNeverOverwritten() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appending(path: "new.key").path
        let key = FirmwareSigningKey.generate()
        try key.write(toFile: path)
        #expect(try Self.mode(path) == 0o600)
        #expect(try FirmwareSigningKey.load(fromFile: path) == key)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["new.key"], "no temporary file left")

        let other = FirmwareSigningKey.generate()
        let error = #expect(throws: NightlightError.self) { try other.write(toFile: path) }
        #expect(error?.code == .signingKey)
        #expect(error?.message.hasPrefix("the key file \(path) already exists and was left as it is") == true, "\(error?.message ?? "")")
        #expect(try FirmwareSigningKey.load(fromFile: path) == key, "the first key is kept")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["new.key"])

        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        try other.write(toFile: path, overwrite: true)
        #expect(try Self.mode(path) == 0o600, "a replaced file has mode 0600 too")
        #expect(try FirmwareSigningKey.load(fromFile: path) == other)

        let nowhere = folder.appending(path: "missing/folder/x.key").path
        let failed = #expect(throws: NightlightError.self) { try key.write(toFile: nowhere) }
        #expect(failed?.message.hasPrefix("cannot write the key file \(nowhere): ") == true, "\(failed?.message ?? "")")
    }
}
