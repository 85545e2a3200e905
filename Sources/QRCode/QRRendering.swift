extension QRCode {
    /// The quiet zone the standard asks for around a symbol, in modules (ISO/IEC 18004 6.3.8).
    public static let standardQuietZone = 4

    /// The symbol as lines of half-block characters (`▀`, `▄`, `█`, space), two rows of modules a
    /// line, a `█` being two dark modules, with `quietZone` light modules all round.
    ///
    /// With `colored`, each line is drawn black on white with ANSI escapes (SGR 30;107), so it
    /// reads the same on a dark or light terminal; without, the blocks are the dark modules
    /// (right on a light background; most phone cameras also read the inverse on a dark one).
    public func terminalText(quietZone: Int = 2, colored: Bool = true) -> String {
        let range = -quietZone..<(size + quietZone)
        var lines: [String] = []
        for top in stride(from: range.lowerBound, to: range.upperBound, by: 2) {
            var line = colored ? "\u{1B}[30;107m" : ""
            for column in range {
                let upper = self[top, column]
                let lower = top + 1 < range.upperBound && self[top + 1, column]
                switch (upper, lower) {
                case (true, true): line += "█"
                case (true, false): line += "▀"
                case (false, true): line += "▄"
                case (false, false): line += " "
                }
            }
            lines.append(colored ? line + "\u{1B}[0m" : line)
        }
        return lines.joined(separator: "\n")
    }

    /// The symbol in plain ASCII for terminals without Unicode: `##` a dark module, two spaces a
    /// light one, a line a row, with `quietZone` light modules all round.
    public func asciiText(quietZone: Int = 2) -> String {
        let range = -quietZone..<(size + quietZone)
        return range.map { row in
            range.map { self[row, $0] ? "##" : "  " }.joined()
        }.joined(separator: "\n")
    }

    /// The symbol as an SVG image: a white square (the symbol and `quietZone` modules all round)
    /// and one black path of the dark modules, one user unit a module; it scales to any size.
    /// `title` (escaped) names it for screen readers.
    public func svg(quietZone: Int = standardQuietZone, title: String? = nil) -> String {
        let side = size + 2 * quietZone
        var path = ""
        for row in 0..<size {
            var column = 0
            while column < size {
                guard self[row, column] else {
                    column += 1
                    continue
                }
                let start = column
                while column < size && self[row, column] { column += 1 }
                path += "M\(start + quietZone) \(row + quietZone)h\(column - start)v1h-\(column - start)z"
            }
        }
        let label = title.map { "<title>\(Self.escapedXML($0))</title>" } ?? ""
        return """
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 \(side) \(side)" shape-rendering="crispEdges" role="img">\
            \(label)<rect width="\(side)" height="\(side)" fill="#fff"/><path d="\(path)" fill="#000"/></svg>
            """
    }

    /// `text` with XML's five special characters escaped.
    static func escapedXML(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            default: result.append(character)
            }
        }
        return result
    }
}
