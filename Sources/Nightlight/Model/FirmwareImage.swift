import BLECore

/// A signed SN firmware image (SN profile §7 and §7.1): `"SNFW"`, header version u8 = 2, model
/// length u8 and the model (`SN-1`), version length u8 and the semantic version, payload length
/// u32, payload, and a 64-byte Ed25519 signature over every byte before it (magic through
/// payload); at most 1 MiB. The payload length counts the payload only.
///
/// A SN rejects (Validate answers status 4, ``FirmwareStatus/imageRejected``, and the running
/// firmware is kept) an image for another model, with a bad magic, whose payload length does not
/// match, with header version 1 (the unsigned images of profile 1.0), without a signature, or
/// whose signature does not verify with the vendor key it holds. ``init(bytes:expectedModel:)``
/// throws ``SNValueError/Code/imageRejected`` (``SNValueError/Code/unsignedImage`` for an image
/// that is not signed) with the reason; ``verifySignature(with:)`` checks the signature.
///
/// ``init(model:version:payload:signingKey:)`` signs with the test vendor key unless given
/// another key: such an image is for virtual SNs and tests only (see
/// ``FirmwareSigningKey/testVendor``). The fields are `var`s and ``encode()`` writes them as they
/// are, so a test can send a device a damaged image: a changed field needs ``sign(with:)`` again.
public struct FirmwareImage: SNValue, CustomStringConvertible {
    /// The header version: 2 for a signed image (§7.1); 1 only in an unsigned image of profile
    /// 1.0, which is recognised to be refused.
    public var headerVersion: UInt8
    /// The model the image is built for, e.g. `SN-1`.
    public var model: String
    /// The semantic version it runs as, e.g. `1.2.0` (Firmware Revision after activation).
    public var version: String
    /// The firmware itself.
    public var payload: [UInt8]
    /// The 64-byte Ed25519 signature over ``signedBytes``; empty in an unsigned image.
    public var signature: [UInt8]

    /// The magic: `SNFW`.
    public static let magic: [UInt8] = Array("SNFW".utf8)
    /// The header version of a signed image (§7.1): 2.
    public static let signedHeaderVersion: UInt8 = 2
    /// The header version of an unsigned image (profile 1.0): 1. SN firmware 1.1 rejects it.
    public static let unsignedHeaderVersion: UInt8 = 1
    /// The size of the signature at the end of the image: 64 bytes (Ed25519).
    public static let signatureByteCount = FirmwarePublicKey.signatureByteCount
    /// The SN's model: `SN-1` (also its Model Number String).
    public static let snModel = "SN-1"
    /// The largest image: 1 MiB.
    public static let maximumByteCount = 1 << 20

    /// A signed image (version 2), signed with `signingKey`: the test vendor key unless another
    /// is given (the fields are not checked; see ``validate()``).
    public init(model: String = snModel, version: String, payload: [UInt8], signingKey: FirmwareSigningKey = .testVendor) {
        self.init(headerVersion: Self.signedHeaderVersion, model: model, version: version, payload: payload, signature: [])
        sign(with: signingKey)
    }

    /// An image with every field as given, signed or not, checked or not: what a test needs to
    /// send a SN an image it must refuse.
    public init(headerVersion: UInt8, model: String, version: String, payload: [UInt8], signature: [UInt8]) {
        self.headerVersion = headerVersion
        self.model = model
        self.version = version
        self.payload = payload
        self.signature = signature
    }

    /// An unsigned image in the format of profile 1.0 (header version 1, no signature), which SN
    /// firmware 1.1 rejects: only for testing that it is refused.
    public static func unsigned(model: String = snModel, version: String, payload: [UInt8]) -> FirmwareImage {
        FirmwareImage(headerVersion: unsignedHeaderVersion, model: model, version: version, payload: payload, signature: [])
    }

    /// A valid test image whose payload is `payloadSize` bytes of a pattern that depends on the
    /// version, so two versions of one size differ; signed with `signingKey` (the test vendor key
    /// unless another is given).
    public static func testImage(
        version: String, payloadSize: Int = 4096, model: String = snModel, signingKey: FirmwareSigningKey = .testVendor
    ) -> FirmwareImage {
        var seed = CRC32.checksum(Array(version.utf8)) | 1
        let payload = (0..<max(payloadSize, 0)).map { _ -> UInt8 in
            seed ^= seed << 13
            seed ^= seed >> 17
            seed ^= seed << 5
            return UInt8(truncatingIfNeeded: seed)
        }
        return FirmwareImage(model: model, version: version, payload: payload, signingKey: signingKey)
    }

    /// Signs the image with `key`: header version 2 and a new ``signature``.
    public mutating func sign(with key: FirmwareSigningKey) {
        headerVersion = Self.signedHeaderVersion
        signature = key.signature(for: signedBytes)
    }

    /// Whether the image has the form of a signed image: header version 2 and a 64-byte
    /// signature (whoever made it; see ``isSignatureValid(for:)``).
    public var isSigned: Bool {
        headerVersion == Self.signedHeaderVersion && signature.count == Self.signatureByteCount
    }

    /// Whether the image is signed and its signature verifies with `key`, as a SN holding `key`
    /// checks at Validate.
    public func isSignatureValid(for key: FirmwarePublicKey) -> Bool {
        isSigned && key.isValidSignature(signature, for: signedBytes)
    }

    /// Checks the image is signed and its signature verifies with `key` (a SN's vendor key).
    ///
    /// Throws ``SNValueError/Code/unsignedImage`` for an image that is not signed,
    /// ``SNValueError/Code/imageRejected`` for a signature that is damaged or made with another
    /// key.
    public func verifySignature(with key: FirmwarePublicKey) throws(SNValueError) {
        do throws(SNValueError) {
            try checkSignatureForm()
            guard key.isValidSignature(signature, for: signedBytes) else {
                throw SNValueError(
                    .imageRejected, path: ["signature"],
                    "does not verify with the vendor key \(key.hexString): the image was signed with another key, or changed after it was signed"
                )
            }
        } catch {
            throw error.within("firmware image")
        }
    }

    /// The header size before the payload.
    public var headerByteCount: Int { Self.magic.count + 1 + 1 + model.utf8.count + 1 + version.utf8.count + 4 }

    /// The CRC-32 of the whole encoded image, as the Start request carries it.
    public var crc32: UInt32 { CRC32.checksum(encode()) }

    /// `SN-1 1.2.0, 4096-byte payload` (`, unsigned` when it is not signed).
    public var description: String { "\(model) \(version), \(payload.count)-byte payload" + (isSigned ? "" : ", unsigned") }

    /// Whether `text` is a semantic version: `MAJOR.MINOR.PATCH` in decimal digits, optionally
    /// followed by `-pre-release` and/or `+build`.
    public static func isSemanticVersion(_ text: String) -> Bool {
        let core = text.split(separator: "+", maxSplits: 1, omittingEmptySubsequences: false)[0]
            .split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)[0]
        let parts = core.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 3 && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }
            && !text.hasSuffix("-") && !text.hasSuffix("+")
    }

    // MARK: SNValue

    /// Parses an image for a SN (model `SN-1`).
    public init(bytes: [UInt8]) throws(SNValueError) {
        try self.init(bytes: bytes, expectedModel: Self.snModel)
    }

    /// Parses a signed image and checks it is for `expectedModel` (any model when `nil`). The
    /// signature is not verified: that takes the vendor key (``verifySignature(with:)``).
    ///
    /// Throws ``SNValueError/Code/imageRejected``: `firmware image: magic "SNFX" is not "SNFW"`,
    /// `firmware image: model "SN-2" is not SN-1`, `firmware image: payload length 100 does not
    /// match the 90 bytes after the header (the payload, then a 64-byte signature)`, and so on; and
    /// ``SNValueError/Code/unsignedImage`` for an image that is not signed (header version 1, or
    /// nothing after the payload): `firmware image: this image is not signed (header version 1);
    /// SN firmware 1.1 accepts signed images only: …`.
    public init(bytes: [UInt8], expectedModel: String?) throws(SNValueError) {
        do throws(SNValueError) {
            guard bytes.count <= Self.maximumByteCount else {
                throw SNValueError(.imageRejected, "is \(bytes.count) bytes; the most is \(Self.maximumByteCount) (1 MiB)")
            }
            var reader = SNReader(bytes, code: .imageRejected)
            let magic = try reader.bytes(Self.magic.count, "magic")
            guard magic == Self.magic else {
                let printable = magic.allSatisfy { (0x20...0x7E).contains($0) }
                let shown = printable ? "\"" + String(decoding: magic, as: UTF8.self) + "\" (" + magic.hexString + ")" : magic.hexString
                throw SNValueError(.imageRejected, path: ["magic " + shown], "is not \"SNFW\"")
            }
            let header = try reader.u8("header version")
            guard header == Self.signedHeaderVersion || header == Self.unsignedHeaderVersion else {
                throw SNValueError(.imageRejected, path: ["header version \(header)"], "is not \(Self.signedHeaderVersion) (a signed image, SN profile §7.1)")
            }
            let model = try reader.string("model")
            let version = try reader.string("version")
            let length = Int(try reader.u32("payload length"))
            let rest = reader.remaining()
            if header == Self.unsignedHeaderVersion {
                // Profile 1.0: the payload runs to the end. Recognised, then refused.
                guard length == rest.count else {
                    throw SNValueError(.imageRejected, path: ["payload length \(length)"], "does not match the \(rest.count) bytes after the header")
                }
                throw Self.unsignedError("header version 1, \(model) \(version)")
            }
            guard length <= rest.count, rest.count <= length + Self.signatureByteCount else {
                throw SNValueError(
                    .imageRejected, path: ["payload length \(length)"],
                    "does not match the \(rest.count) bytes after the header (the payload, then a \(Self.signatureByteCount)-byte signature)"
                )
            }
            self.init(
                headerVersion: header, model: model, version: version, payload: Array(rest[..<length]), signature: Array(rest[length...])
            )
            try checkSignatureForm()
            try checkRules()
            if let expectedModel, model != expectedModel {
                throw SNValueError(.imageRejected, path: ["model \"\(model)\""], "is not \(expectedModel)")
            }
        } catch {
            throw error.within("firmware image").with(code: error.code == .unsignedImage ? .unsignedImage : .imageRejected)
        }
    }

    /// The bytes the signature covers: magic, header version, model, version, payload length,
    /// payload.
    public var signedBytes: [UInt8] {
        var writer = ByteWriter(capacity: headerByteCount + payload.count + signature.count)
        writer.writeBytes(Self.magic)
        writer.writeUInt8(headerVersion)
        SNText.write(model, to: &writer)
        SNText.write(version, to: &writer)
        writer.writeUInt32(payload.count.wire())
        writer.writeBytes(payload)
        return writer.bytes
    }

    /// magic, header version, model, version, payload length, payload, signature.
    public func encode() -> [UInt8] {
        signedBytes + signature
    }

    /// Checks the image is signed (header version 2, a 64-byte signature), the model (1…255
    /// bytes), the version (a semantic version) and the size (≤ 1 MiB). The signature itself is
    /// checked by ``verifySignature(with:)``.
    public func validate() throws(SNValueError) {
        do throws(SNValueError) {
            try checkSignatureForm()
            try checkRules()
        } catch {
            throw error.within("firmware image")
        }
    }

    /// The error of an image that is not signed; `detail` says how that shows.
    private static func unsignedError(_ detail: String) -> SNValueError {
        SNValueError(
            .unsignedImage, path: ["this image"],
            "is not signed (\(detail)); SN firmware 1.1 accepts signed images only: build it again as a signed image "
                + "(header version 2, SN profile §7.1; `nightlight firmware build --key FILE` signs with your key)"
        )
    }

    /// Header version 2 and a 64-byte signature.
    private func checkSignatureForm() throws(SNValueError) {
        if headerVersion == Self.unsignedHeaderVersion { throw Self.unsignedError("header version 1") }
        guard headerVersion == Self.signedHeaderVersion else {
            throw SNValueError(.imageRejected, path: ["header version \(headerVersion)"], "is not \(Self.signedHeaderVersion) (a signed image, SN profile §7.1)")
        }
        guard !signature.isEmpty else { throw Self.unsignedError("nothing follows the payload, where the 64-byte signature belongs") }
        guard signature.count == Self.signatureByteCount else {
            throw SNValueError(
                .imageRejected, path: ["signature"],
                "is \(signature.count) bytes; an Ed25519 signature is \(Self.signatureByteCount): the image is truncated or damaged"
            )
        }
    }

    private func checkRules() throws(SNValueError) {
        guard !model.isEmpty else { throw SNValueError(.imageRejected, path: ["model"], "is empty") }
        try SNCheck.utf8Length(model, maximum: 255, "model", code: .imageRejected)
        try SNCheck.utf8Length(version, maximum: 255, "version", code: .imageRejected)
        guard Self.isSemanticVersion(version) else {
            throw SNValueError(.imageRejected, path: ["version \"\(version)\""], "is not a semantic version like 1.2.0")
        }
        let size = headerByteCount + payload.count + signature.count
        guard size <= Self.maximumByteCount else {
            throw SNValueError(.imageRejected, "is \(size) bytes; the most is \(Self.maximumByteCount) (1 MiB)")
        }
    }
}
