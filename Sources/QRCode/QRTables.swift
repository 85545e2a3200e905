/// The tables of ISO/IEC 18004:2015 this encoder needs: error correction blocks (Table 9),
/// alignment pattern positions (Annex E), format and version information (7.9, 7.10).
enum QRTables {
    /// Error correction codewords in each block, by level (L, M, Q, H) and version (index 0 unused).
    /// ISO/IEC 18004 Table 9.
    static let eccCodewordsPerBlock: [[Int]] = [
        [0, 7, 10, 15, 20, 26, 18, 20, 24, 30, 18, 20, 24, 26, 30, 22, 24, 28, 30, 28, 28, 28, 28, 30, 30, 26, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30],
        [0, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26, 26, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28],
        [0, 13, 22, 18, 26, 18, 24, 18, 22, 20, 24, 28, 26, 24, 20, 30, 24, 28, 28, 26, 30, 28, 30, 30, 30, 30, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30],
        [0, 17, 28, 22, 16, 22, 28, 26, 26, 24, 28, 24, 28, 22, 24, 24, 30, 28, 28, 26, 28, 30, 24, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30],
    ]

    /// The number of error correction blocks, by level (L, M, Q, H) and version (index 0 unused).
    /// ISO/IEC 18004 Table 9.
    static let blockCount: [[Int]] = [
        [0, 1, 1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 4, 6, 6, 6, 6, 7, 8, 8, 9, 9, 10, 12, 12, 12, 13, 14, 15, 16, 17, 18, 19, 19, 20, 21, 22, 24, 25],
        [0, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16, 17, 17, 18, 20, 21, 23, 25, 26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49],
        [0, 1, 1, 2, 2, 4, 4, 6, 6, 8, 8, 8, 10, 12, 16, 12, 17, 16, 18, 21, 20, 23, 23, 25, 27, 29, 34, 34, 35, 38, 40, 43, 45, 48, 51, 53, 56, 59, 62, 65, 68],
        [0, 1, 1, 2, 4, 4, 4, 5, 6, 8, 8, 11, 11, 16, 16, 18, 16, 19, 21, 25, 25, 25, 34, 30, 32, 35, 37, 40, 42, 45, 48, 51, 54, 57, 60, 63, 66, 70, 74, 77, 81],
    ]

    /// The side of a symbol of `version`, in modules (6.3.1: 21 for version 1, 4 more a version).
    static func size(_ version: Int) -> Int { version * 4 + 17 }

    /// The modules of a symbol of `version` that hold codewords (and remainder bits): everything
    /// but the finder, separator, timing and alignment patterns, the format and version information.
    static func dataModuleCount(_ version: Int) -> Int {
        let side = size(version)
        var count = side * side
        count -= 3 * 8 * 8  // the three finder patterns with their separators
        count -= 2 * (side - 16)  // the two timing patterns between them
        count -= 2 * 15 + 1  // the format information (twice) and the dark module
        let alignments = alignmentCenters(version).count
        if alignments > 0 {
            let patterns = alignments * alignments - 3  // none over the finder patterns
            count -= patterns * 25
            // The patterns on row 6 and column 6 (but not at the finders) overlap the timing patterns.
            count += 2 * (alignments - 2) * 5
        }
        if version >= 7 { count -= 2 * 18 }  // the version information (twice)
        return count
    }

    /// The codewords of a symbol of `version` (data and error correction).
    static func codewordCount(_ version: Int) -> Int { dataModuleCount(version) / 8 }

    /// The data codewords of a symbol of `version` at `level`.
    static func dataCodewordCount(_ version: Int, _ level: QRCode.ErrorCorrection) -> Int {
        codewordCount(version) - eccCodewordsPerBlock[level.tableIndex][version] * blockCount[level.tableIndex][version]
    }

    /// The row and column coordinates of the alignment patterns' centers (Annex E): none for
    /// version 1; otherwise 6, then evenly spaced (by an even step) up to side − 7.
    static func alignmentCenters(_ version: Int) -> [Int] {
        guard version > 1 else { return [] }
        let count = version / 7 + 2
        let last = size(version) - 7
        // Annex E spaces the centres from the last one back by an even step (version 32's is 26).
        let step = version == 32 ? 26 : (version * 4 + count * 2 + 1) / (count * 2 - 2) * 2
        var centers = [6]
        for index in stride(from: count - 2, through: 0, by: -1) {
            centers.append(last - index * step)
        }
        return centers
    }

    /// The 15 format information bits (7.9.1): the level's two bits and the mask's three, a
    /// BCH(15,5) code, XOR 101010000010010.
    static func formatBits(_ level: QRCode.ErrorCorrection, mask: Int) -> Int {
        let data = level.formatIndicator << 3 | mask
        var remainder = data
        for _ in 0..<10 { remainder = (remainder << 1) ^ ((remainder >> 9) * 0x537) }
        return (data << 10 | remainder) ^ 0x5412
    }

    /// The 18 version information bits (7.10): the version's six bits and a BCH(18,6) code.
    static func versionBits(_ version: Int) -> Int {
        var remainder = version
        for _ in 0..<12 { remainder = (remainder << 1) ^ ((remainder >> 11) * 0x1F25) }
        return version << 12 | remainder
    }
}
