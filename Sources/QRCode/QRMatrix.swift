/// The modules of a symbol under construction: the function patterns (6.3), the codewords placed
/// (7.7.3), a mask applied (7.8) with its format and version information (7.9, 7.10).
struct QRMatrix {
    let version: Int
    let size: Int
    /// Whether each module is dark, row by row.
    var dark: [Bool]
    /// Whether each module belongs to a function pattern (or the format and version information),
    /// which hold no codewords and are never masked.
    var isFunction: [Bool]

    /// A symbol of `version` with its function patterns and the version information drawn, the
    /// format information's modules reserved.
    init(version: Int) {
        self.version = version
        size = QRTables.size(version)
        dark = Array(repeating: false, count: size * size)
        isFunction = Array(repeating: false, count: size * size)
        for index in 0..<size {
            set(6, index, index % 2 == 0)
            set(index, 6, index % 2 == 0)
        }
        for (row, column) in [(3, 3), (3, size - 4), (size - 4, 3)] { drawFinder(row, column) }
        let centers = QRTables.alignmentCenters(version)
        for (i, row) in centers.enumerated() {
            for (j, column) in centers.enumerated() {
                let last = centers.count - 1
                if (i == 0 && j == 0) || (i == 0 && j == last) || (i == last && j == 0) { continue }
                for dr in -2...2 {
                    for dc in -2...2 { set(row + dr, column + dc, max(abs(dr), abs(dc)) != 1) }
                }
            }
        }
        drawFormat(0)  // reserves the modules; drawn again for the mask chosen
        if version >= 7 {
            let bits = QRTables.versionBits(version)
            for index in 0..<18 {
                let bit = (bits >> index) & 1 == 1
                let a = size - 11 + index % 3
                let b = index / 3
                set(b, a, bit)
                set(a, b, bit)
            }
        }
    }

    /// Sets a module of a function pattern.
    private mutating func set(_ row: Int, _ column: Int, _ isDark: Bool) {
        dark[row * size + column] = isDark
        isFunction[row * size + column] = true
    }

    /// A finder pattern centred on `row`, `column` with its light separator (6.3.3).
    private mutating func drawFinder(_ row: Int, _ column: Int) {
        for dr in -4...4 {
            for dc in -4...4 {
                let r = row + dr
                let c = column + dc
                guard (0..<size).contains(r), (0..<size).contains(c) else { continue }
                let distance = max(abs(dr), abs(dc))
                set(r, c, distance != 2 && distance != 4)
            }
        }
    }

    /// The 15 format bits (7.9.1), both copies, and the dark module beside the lower one.
    mutating func drawFormat(_ bits: Int) {
        func bit(_ index: Int) -> Bool { (bits >> index) & 1 == 1 }
        for index in 0...5 { set(index, 8, bit(index)) }
        set(7, 8, bit(6))
        set(8, 8, bit(7))
        set(8, 7, bit(8))
        for index in 9..<15 { set(8, 14 - index, bit(index)) }
        for index in 0..<8 { set(8, size - 1 - index, bit(index)) }
        for index in 8..<15 { set(size - 15 + index, 8, bit(index)) }
        set(size - 8, 8, true)
    }

    /// Places the codewords' bits in two-module columns from the bottom right, up and down in
    /// turn, skipping the function patterns and the vertical timing pattern (7.7.3); the
    /// remainder bits stay light.
    mutating func place(_ codewords: [UInt8]) {
        let bitCount = codewords.count * 8
        var index = 0
        var right = size - 1
        while right >= 1 {
            if right == 6 { right = 5 }
            let upward = (right + 1) & 2 == 0
            for step in 0..<size {
                let row = upward ? size - 1 - step : step
                for column in [right, right - 1] where !isFunction[row * size + column] && index < bitCount {
                    dark[row * size + column] = (codewords[index >> 3] >> (7 - (index & 7))) & 1 == 1
                    index += 1
                }
            }
            right -= 2
        }
    }

    /// Whether mask `pattern` (7.8.2, Table 10) inverts the module at `row` (i), `column` (j).
    static func masks(_ pattern: Int, _ i: Int, _ j: Int) -> Bool {
        switch pattern {
        case 0: (i + j) % 2 == 0
        case 1: i % 2 == 0
        case 2: j % 3 == 0
        case 3: (i + j) % 3 == 0
        case 4: (i / 2 + j / 3) % 2 == 0
        case 5: (i * j) % 2 + (i * j) % 3 == 0
        case 6: ((i * j) % 2 + (i * j) % 3) % 2 == 0
        default: ((i + j) % 2 + (i * j) % 3) % 2 == 0
        }
    }

    /// This matrix with mask `pattern` applied to its codeword modules and the format
    /// information of `level` and the mask drawn.
    func masked(_ pattern: Int, _ level: QRCode.ErrorCorrection) -> QRMatrix {
        var result = self
        for row in 0..<size {
            for column in 0..<size where !isFunction[row * size + column] && Self.masks(pattern, row, column) {
                result.dark[row * size + column].toggle()
            }
        }
        result.drawFormat(QRTables.formatBits(level, mask: pattern))
        return result
    }
}
