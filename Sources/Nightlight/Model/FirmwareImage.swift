import BLECore

/// A SN firmware image (SN profile §7): `"SNFW"`, header version u8 = 1, model length u8 and the
/// model (`SN-1`), version length u8 and the semantic version, payload length u32, payload; at
/// most 1 MiB.
///
/// An image for another model, with a bad magic, or whose payload length does not match is
/// rejected (Validate answers status 4, ``FirmwareStatus/imageRejected``); ``init(bytes:expectedModel:)``
/// throws ``SNValueError/Code/imageRejected`` with the reason.
public struct FirmwareImage: SNValue, CustomStringConvertible {
    /// The model the image is built for, e.g. `SN-1`.
    public var model: String
    /// The semantic version it runs as, e.g. `1.2.0` (Firmware Revision after activation).
    public var version: String
    /// The firmware itself.
    public var payload: [UInt8]

    /// The magic: `SNFW`.
    public static let magic: [UInt8] = Array("SNFW".utf8)
    /// The only header version: 1.
    public static let headerVersion: UInt8 = 1
    /// The SN's model: `SN-1` (also its Model Number String).
    public static let snModel = "SN-1"
    /// The largest image: 1 MiB.
    public static let maximumByteCount = 1 << 20

    /// An image (not checked; see ``validate()``).
    public init(model: String = snModel, version: String, payload: [UInt8]) {
        self.model = model
        self.version = version
        self.payload = payload
    }

    /// A valid test image whose payload is `payloadSize` bytes of a pattern that depends on the
    /// version, so two versions of one size differ.
    public static func testImage(version: String, payloadSize: Int = 4096, model: String = snModel) -> FirmwareImage {
        var seed = CRC32.checksum(Array(version.utf8)) | 1
        let payload = (0..<max(payloadSize, 0)).map { _ -> UInt8 in
            seed ^= seed << 13
            seed ^= seed >> 17
            seed ^= seed << 5
            return UInt8(truncatingIfNeeded: seed)
        }
        return FirmwareImage(model: model, version: version, payload: payload)
    }

    /// The header size before the payload.
    public var headerByteCount: Int { Self.magic.count + 1 + 1 + model.utf8.count + 1 + version.utf8.count + 4 }

    /// The CRC-32 of the whole encoded image, as the Start request carries it.
    public var crc32: UInt32 { CRC32.checksum(encode()) }

    /// `SN-1 1.2.0, 4096-byte payload`.
    public var description: String { "\(model) \(version), \(payload.count)-byte payload" }

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

    /// Parses an image and checks it is for `expectedModel` (any model when `nil`).
    ///
    /// Throws ``SNValueError/Code/imageRejected``: `firmware image: magic "SNFX" is not "SNFW"`,
    /// `firmware image: model "SN-2" is not SN-1`, `firmware image: payload length 100 does not
    /// match the 90 bytes after the header`, and so on.
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
            guard header == Self.headerVersion else {
                throw SNValueError(.imageRejected, path: ["header version \(header)"], "is not \(Self.headerVersion)")
            }
            let model = try reader.string("model")
            let version = try reader.string("version")
            let length = try reader.u32("payload length")
            let payload = reader.remaining()
            guard Int(length) == payload.count else {
                throw SNValueError(.imageRejected, path: ["payload length \(length)"], "does not match the \(payload.count) bytes after the header")
            }
            self.init(model: model, version: version, payload: payload)
            try checkRules()
            if let expectedModel, model != expectedModel {
                throw SNValueError(.imageRejected, path: ["model \"\(model)\""], "is not \(expectedModel)")
            }
        } catch {
            throw error.within("firmware image").with(code: .imageRejected)
        }
    }

    /// magic, header version, model, version, payload length, payload.
    public func encode() -> [UInt8] {
        var writer = ByteWriter(capacity: headerByteCount + payload.count)
        writer.writeBytes(Self.magic)
        writer.writeUInt8(Self.headerVersion)
        SNText.write(model, to: &writer)
        SNText.write(version, to: &writer)
        writer.writeUInt32(payload.count.wire())
        writer.writeBytes(payload)
        return writer.bytes
    }

    /// Checks the model (1…255 bytes), the version (a semantic version) and the size (≤ 1 MiB).
    public func validate() throws(SNValueError) {
        do throws(SNValueError) { try checkRules() } catch { throw error.within("firmware image") }
    }

    private func checkRules() throws(SNValueError) {
        guard !model.isEmpty else { throw SNValueError(.imageRejected, path: ["model"], "is empty") }
        try SNCheck.utf8Length(model, maximum: 255, "model", code: .imageRejected)
        try SNCheck.utf8Length(version, maximum: 255, "version", code: .imageRejected)
        guard Self.isSemanticVersion(version) else {
            throw SNValueError(.imageRejected, path: ["version \"\(version)\""], "is not a semantic version like 1.2.0")
        }
        let size = headerByteCount + payload.count
        guard size <= Self.maximumByteCount else {
            throw SNValueError(.imageRejected, "is \(size) bytes; the most is \(Self.maximumByteCount) (1 MiB)")
        }
    }
}
