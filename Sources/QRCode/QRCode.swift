/// A QR Code symbol (ISO/IEC 18004:2015) holding bytes in byte mode: its version, error
/// correction level, mask and dark modules.
///
/// ```swift
/// let code = try QRCode(text: "http://192.168.1.20:8080/invite/…", errorCorrection: .medium)
/// print(code.terminalText())
/// ```
public struct QRCode: Sendable, Hashable {
    /// The error correction level (ISO/IEC 18004 6.5.1): how much of the symbol may be lost and
    /// still be read.
    public enum ErrorCorrection: String, CaseIterable, Sendable, Hashable {
        /// About 7 % of the codewords may be restored.
        case low = "L"
        /// About 15 %.
        case medium = "M"
        /// About 25 %.
        case quartile = "Q"
        /// About 30 %.
        case high = "H"

        /// The row of the level in ``QRTables``.
        var tableIndex: Int {
            switch self {
            case .low: 0
            case .medium: 1
            case .quartile: 2
            case .high: 3
            }
        }

        /// The level's two bits in the format information (7.9.1, Table 12).
        var formatIndicator: Int {
            switch self {
            case .low: 1
            case .medium: 0
            case .quartile: 3
            case .high: 2
            }
        }
    }

    /// The lowest and highest versions (6.3.1).
    public static let versions = 1...40

    /// The version (1…40): the symbol is `4 × version + 17` modules a side.
    public let version: Int
    /// The error correction level.
    public let errorCorrection: ErrorCorrection
    /// The data mask pattern (0…7, 7.8.2).
    public let mask: Int
    /// The modules a side, without the quiet zone.
    public var size: Int { QRTables.size(version) }
    /// Whether each module is dark, row by row.
    let modules: [Bool]

    /// Whether the module at `row`, `column` (from the top left, 0-based) is dark; false outside
    /// the symbol (the quiet zone).
    public subscript(row: Int, column: Int) -> Bool {
        guard (0..<size).contains(row), (0..<size).contains(column) else { return false }
        return modules[row * size + column]
    }

    /// The most bytes a symbol of `version` at `errorCorrection` holds in byte mode (0 for a
    /// version outside 1…40).
    public static func byteCapacity(version: Int, errorCorrection: ErrorCorrection) -> Int {
        guard versions.contains(version) else { return 0 }
        let bits = QRTables.dataCodewordCount(version, errorCorrection) * 8 - 4 - countIndicatorLength(version)
        return bits / 8
    }

    /// The symbol of the UTF-8 bytes of `text` (see ``init(bytes:errorCorrection:mask:minimumVersion:)``).
    public init(text: String, errorCorrection: ErrorCorrection = .medium, mask: Int? = nil, minimumVersion: Int = 1) throws(QRCodeError) {
        try self.init(bytes: Array(text.utf8), errorCorrection: errorCorrection, mask: mask, minimumVersion: minimumVersion)
    }

    /// The smallest symbol (from `minimumVersion` up) that holds `bytes` in byte mode at
    /// `errorCorrection`, with `mask`, or the mask of the lowest penalty (7.8.3) when nil.
    ///
    /// - Throws: ``QRCodeError/tooLong(byteCount:limit:errorCorrection:)`` when even version 40
    ///   cannot hold them; ``QRCodeError/invalidMask(_:)``, ``QRCodeError/invalidVersion(_:)``.
    public init(bytes: [UInt8], errorCorrection: ErrorCorrection = .medium, mask: Int? = nil, minimumVersion: Int = 1) throws(QRCodeError) {
        if let mask, !(0...7).contains(mask) { throw .invalidMask(mask) }
        guard Self.versions.contains(minimumVersion) else { throw .invalidVersion(minimumVersion) }
        guard
            let version = (minimumVersion...40).first(where: { Self.byteCapacity(version: $0, errorCorrection: errorCorrection) >= bytes.count })
        else {
            throw .tooLong(byteCount: bytes.count, limit: Self.byteCapacity(version: 40, errorCorrection: errorCorrection), errorCorrection: errorCorrection)
        }
        let codewords = Self.codewords(of: bytes, version: version, errorCorrection: errorCorrection)
        var matrix = QRMatrix(version: version)
        matrix.place(codewords)
        let chosen: Int
        if let mask {
            chosen = mask
        } else {
            chosen = (0...7).min { a, b in
                (matrix.masked(a, errorCorrection).penalty, a) < (matrix.masked(b, errorCorrection).penalty, b)
            } ?? 0
        }
        self.version = version
        self.errorCorrection = errorCorrection
        self.mask = chosen
        self.modules = matrix.masked(chosen, errorCorrection).dark
    }

    /// The length of the character count indicator in byte mode (7.4.1, Table 3).
    static func countIndicatorLength(_ version: Int) -> Int { version <= 9 ? 8 : 16 }

    /// The final sequence of codewords (7.4 and 7.6): the data bit stream (byte mode indicator,
    /// count, bytes, terminator, padding), split into blocks, each with its error correction
    /// codewords, interleaved.
    static func codewords(of bytes: [UInt8], version: Int, errorCorrection level: ErrorCorrection) -> [UInt8] {
        let dataCount = QRTables.dataCodewordCount(version, level)
        var bits = BitBuffer()
        bits.append(0b0100, count: 4)
        bits.append(bytes.count, count: countIndicatorLength(version))
        for byte in bytes { bits.append(Int(byte), count: 8) }
        bits.append(0, count: min(4, dataCount * 8 - bits.count))
        bits.append(0, count: (8 - bits.count % 8) % 8)
        var data = bits.bytes
        var pad: UInt8 = 0xEC
        while data.count < dataCount {
            data.append(pad)
            pad = pad == 0xEC ? 0x11 : 0xEC
        }

        let blockCount = QRTables.blockCount[level.tableIndex][version]
        let eccLength = QRTables.eccCodewordsPerBlock[level.tableIndex][version]
        let total = QRTables.codewordCount(version)
        // The blocks of the first group are one data codeword shorter than the second's (Table 9).
        let longBlocks = total % blockCount
        let shortLength = total / blockCount - eccLength
        let generator = ReedSolomon.generator(degree: eccLength)
        var dataBlocks: [[UInt8]] = []
        var eccBlocks: [[UInt8]] = []
        var start = 0
        for index in 0..<blockCount {
            let length = shortLength + (index >= blockCount - longBlocks ? 1 : 0)
            let block = Array(data[start..<start + length])
            start += length
            dataBlocks.append(block)
            eccBlocks.append(ReedSolomon.remainder(of: block, generator: generator))
        }
        var result: [UInt8] = []
        result.reserveCapacity(total)
        for column in 0..<(shortLength + 1) {
            for block in dataBlocks where column < block.count { result.append(block[column]) }
        }
        for column in 0..<eccLength {
            for block in eccBlocks { result.append(block[column]) }
        }
        return result
    }
}

/// Why a QR Code could not be made.
public enum QRCodeError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The bytes do not fit in the largest symbol (version 40) at the level.
    case tooLong(byteCount: Int, limit: Int, errorCorrection: QRCode.ErrorCorrection)
    /// A mask other than 0…7 was asked for.
    case invalidMask(Int)
    /// A version other than 1…40 was asked for.
    case invalidVersion(Int)

    /// What went wrong and what to do.
    public var description: String {
        switch self {
        case .tooLong(let count, let limit, let level):
            "\(count) bytes do not fit in a QR code: at error correction level \(level.rawValue) it holds at most \(limit); shorten the text or choose a lower level"
        case .invalidMask(let mask): "a QR code's mask is 0…7, not \(mask)"
        case .invalidVersion(let version): "a QR code's version is 1…40, not \(version)"
        }
    }
}

/// Bits appended most significant first, read back as bytes.
struct BitBuffer {
    private(set) var bits: [Bool] = []
    var count: Int { bits.count }

    /// Appends the `count` low bits of `value`, the highest first.
    mutating func append(_ value: Int, count: Int) {
        for shift in stride(from: count - 1, through: 0, by: -1) { bits.append((value >> shift) & 1 == 1) }
    }

    /// The bits as bytes (the count is a multiple of 8).
    var bytes: [UInt8] {
        stride(from: 0, to: bits.count, by: 8).map { start in
            bits[start..<start + 8].reduce(0) { $0 << 1 | ($1 ? 1 : 0) }
        }
    }
}
