import Foundation
import Testing

@testable import QRCode

/// Our symbols compared module for module with those of another encoder (Python's `qrcode`,
/// Fixtures/vectors.json, made by make-vectors.py).
@Suite struct QRCodeVectorTests {
    struct Vectors: Decodable {
        struct Fixed: Decodable {
            let bytes: String
            let level: String
            let mask: Int
            let version: Int
            let capacity: Int
            let rows: [String]
        }
        struct Chosen: Decodable {
            let text: String
            let level: String
            let mask: Int
            let version: Int
            let penalties: [Int]
            let rows: [String]
        }
        let fixed: [Fixed]
        let chosen: [Chosen]
    }

    static let vectors: Vectors = {
        let url = URL(filePath: #filePath).deletingLastPathComponent().appending(path: "Fixtures/vectors.json")
        guard let data = try? Data(contentsOf: url), let vectors = try? JSONDecoder().decode(Vectors.self, from: data) else {
            fatalError("cannot read \(url.path); run Tests/QRCodeTests/make-vectors.py")
        }
        return vectors
    }()

    /// The rows of `code` as the fixture writes them: each row's bits (dark = 1) as hexadecimal,
    /// padded with zeros to a whole digit.
    static func rowsHex(_ code: QRCode) -> [String] {
        (0..<code.size).map { row in
            var bits = (0..<code.size).map { code[row, $0] }
            bits += Array(repeating: false, count: (4 - bits.count % 4) % 4)
            return stride(from: 0, to: bits.count, by: 4).map { start in
                String(bits[start..<start + 4].reduce(0) { $0 << 1 | ($1 ? 1 : 0) }, radix: 16)
            }.joined()
        }
    }

    static func level(_ letter: String) -> QRCode.ErrorCorrection { QRCode.ErrorCorrection(rawValue: letter)! }

    static func bytes(_ hex: String) -> [UInt8] {
        let digits = Array(hex.utf8)
        return stride(from: 0, to: digits.count, by: 2).map { UInt8(String(decoding: digits[$0..<$0 + 2], as: UTF8.self), radix: 16)! }
    }

    @Test("every version 1–40, filled to its capacity, matches the other encoder's symbol", arguments: vectors.fixed)
    func fixedMask(_ vector: Vectors.Fixed) throws {
        let level = Self.level(vector.level)
        let code = try QRCode(bytes: Self.bytes(vector.bytes), errorCorrection: level, mask: vector.mask)
        #expect(code.version == vector.version)
        #expect(code.mask == vector.mask)
        #expect(QRCode.byteCapacity(version: vector.version, errorCorrection: level) == vector.capacity)
        let ours = Self.rowsHex(code)
        #expect(ours.count == vector.rows.count)
        for (index, row) in vector.rows.enumerated() where index < ours.count {
            #expect(ours[index] == row, "version \(vector.version) \(vector.level) mask \(vector.mask): row \(index) differs")
        }
    }

    @Test("the mask chosen is the one of the lowest penalty, as the other encoder's penalty rules count it", arguments: vectors.chosen)
    func chosenMask(_ vector: Vectors.Chosen) throws {
        let code = try QRCode(text: vector.text, errorCorrection: Self.level(vector.level))
        #expect(code.version == vector.version)
        var matrix = QRMatrix(version: code.version)
        matrix.place(QRCode.codewords(of: Array(vector.text.utf8), version: code.version, errorCorrection: code.errorCorrection))
        let penalties = (0...7).map { matrix.masked($0, code.errorCorrection).penalty }
        #expect(penalties == vector.penalties)
        #expect(code.mask == vector.mask)
        #expect(Self.rowsHex(code) == vector.rows)
    }

    @Test("one byte more than a version holds takes the next version", arguments: [QRCode.ErrorCorrection.low, .medium, .quartile, .high])
    func nextVersion(_ level: QRCode.ErrorCorrection) throws {
        for version in 1..<40 {
            let capacity = QRCode.byteCapacity(version: version, errorCorrection: level)
            #expect(try QRCode(bytes: Array(repeating: 0x41, count: capacity), errorCorrection: level, mask: 0).version == version)
            #expect(try QRCode(bytes: Array(repeating: 0x41, count: capacity + 1), errorCorrection: level, mask: 0).version == version + 1)
        }
    }
}
