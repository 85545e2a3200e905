extension QRMatrix {
    /// The mask penalty of this symbol (ISO/IEC 18004 7.8.3, Table 11); the mask of the lowest
    /// one is chosen.
    ///
    /// - N1: 3 + (k − 5) for each run of k ≥ 5 modules of one colour in a row or column;
    /// - N2: 3 for each 2 × 2 block of one colour (blocks may overlap);
    /// - N3: 40 for each 1:1:3:1:1 finder-like pattern with 4 light modules before or after it
    ///   in a row or column, within the symbol;
    /// - N4: 10 for each full 5 % the proportion of dark modules departs from 50 %.
    var penalty: Int {
        var total = 0
        for line in 0..<size {
            total += linePenalty { dark[line * size + $0] }
            total += linePenalty { dark[$0 * size + line] }
        }
        for row in 0..<(size - 1) {
            for column in 0..<(size - 1) {
                let colour = dark[row * size + column]
                if dark[row * size + column + 1] == colour, dark[(row + 1) * size + column] == colour,
                    dark[(row + 1) * size + column + 1] == colour
                {
                    total += 3
                }
            }
        }
        let darkCount = dark.reduce(0) { $0 + ($1 ? 1 : 0) }
        let all = size * size
        total += abs(darkCount * 20 - all * 10) / all * 10
        return total
    }

    /// The N1 and N3 penalties of one row or column, its modules given by `module(index)`.
    private func linePenalty(_ module: (Int) -> Bool) -> Int {
        var total = 0
        var runLength = 0
        var runColour = false
        var line: [Bool] = []
        line.reserveCapacity(size)
        for index in 0..<size {
            let colour = module(index)
            line.append(colour)
            if index > 0, colour == runColour {
                runLength += 1
            } else {
                if runLength >= 5 { total += runLength - 2 }
                runColour = colour
                runLength = 1
            }
        }
        if runLength >= 5 { total += runLength - 2 }
        // dark light dark dark dark light dark, then or after four light modules
        let finder: [Bool] = [true, false, true, true, true, false, true]
        let light = [Bool](repeating: false, count: 4)
        if size >= 11 {
            for start in 0...(size - 11) {
                let window = line[start..<start + 11]
                if Array(window.prefix(7)) == finder, Array(window.suffix(4)) == light { total += 40 }
                if Array(window.prefix(4)) == light, Array(window.suffix(7)) == finder { total += 40 }
            }
        }
        return total
    }
}
