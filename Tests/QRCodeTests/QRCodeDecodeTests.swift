import Foundation
import Testing

@testable import QRCode

/// Our symbols read back by a real decoder (`zbarimg`, apt's zbar-tools, which scripts/test
/// installs), and our renderings read back into modules.
@Suite struct QRCodeDecodeTests {
    /// The text `zbarimg` reads from `code` drawn as a greyscale image (3 pixels a module, the
    /// standard quiet zone). The child is awaited through its termination handler and its output
    /// read from a file: a blocking wait would hold one of the concurrency pool's threads (two on
    /// a 2-core machine), starving every other suite's timers in the same process.
    static func decoded(_ code: QRCode) async throws -> String {
        let scale = 3
        let quiet = QRCode.standardQuietZone
        let side = (code.size + 2 * quiet) * scale
        var image = Data("P5\n\(side) \(side)\n255\n".utf8)
        for y in 0..<side {
            for x in 0..<side {
                image.append(code[y / scale - quiet, x / scale - quiet] ? 0 : 255)
            }
        }
        let file = FileManager.default.temporaryDirectory.appending(path: "qr-\(UUID().uuidString).pgm")
        try image.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        guard let zbarimg = ["/usr/bin/zbarimg", "/usr/local/bin/zbarimg"].first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            Issue.record("zbarimg is missing: install zbar-tools (scripts/test does)")
            return ""
        }
        let outputFile = file.deletingPathExtension().appendingPathExtension("txt")
        guard FileManager.default.createFile(atPath: outputFile.path, contents: nil) else {
            Issue.record("cannot create \(outputFile.path)")
            return ""
        }
        defer { try? FileManager.default.removeItem(at: outputFile) }
        let output = try FileHandle(forWritingTo: outputFile)
        let process = Process()
        process.executableURL = URL(filePath: zbarimg)
        process.arguments = ["--raw", "-q", "-Sdisable", "-Sqrcode.enable", "-Sbinary", file.path]
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            process.terminationHandler = { _ in continuation.resume() }
            do {
                try process.run()
            } catch {
                process.terminationHandler = nil
                continuation.resume(throwing: error)
            }
        }
        try output.close()
        var text = String(decoding: try Data(contentsOf: outputFile), as: UTF8.self)
        if text.hasSuffix("\n") { text.removeLast() }
        return text
    }

    /// Printable text of `length` characters that differs with `seed`.
    static func text(length: Int, seed: Int) -> String {
        let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~:/?#[]@!$&'()*+,;=% ")
        return String((0..<length).map { alphabet[($0 * 7 + seed * 13 + $0 * $0) % alphabet.count] })
    }

    static let lengths = [1, 2, 7, 14, 20, 32, 45, 64, 90, 100, 134, 200, 271, 400, 600, 900, 1270]

    @Test("zbarimg reads back what we encoded, at every level and many lengths", arguments: QRCode.ErrorCorrection.allCases)
    func roundTrip(_ level: QRCode.ErrorCorrection) async throws {
        for (seed, length) in Self.lengths.enumerated() {
            let text = Self.text(length: length, seed: seed)
            let code = try QRCode(text: text, errorCorrection: level)
            #expect(try await Self.decoded(code) == text, "\(length) characters at \(level.rawValue), version \(code.version), mask \(code.mask)")
        }
    }

    @Test("an invitation link with a 64-hex-digit code fits in version 5 at M and reads back")
    func invitationLink() async throws {
        let link = "http://192.168.100.200:65535/invite/" + String(repeating: "0123456789abcdef", count: 4)
        let code = try QRCode(text: link, errorCorrection: .medium)
        #expect(code.version <= 6)
        #expect(try await Self.decoded(code) == link)
    }

    @Test("more bytes than version 40 holds is a clear error naming the limit", arguments: QRCode.ErrorCorrection.allCases)
    func tooLong(_ level: QRCode.ErrorCorrection) throws {
        let limit = QRCode.byteCapacity(version: 40, errorCorrection: level)
        #expect([2953, 2331, 1663, 1273].contains(limit))
        _ = try QRCode(bytes: Array(repeating: 0x61, count: limit), errorCorrection: level)
        #expect(throws: QRCodeError.tooLong(byteCount: limit + 1, limit: limit, errorCorrection: level)) {
            try QRCode(bytes: Array(repeating: 0x61, count: limit + 1), errorCorrection: level)
        }
        let message = QRCodeError.tooLong(byteCount: limit + 1, limit: limit, errorCorrection: level).description
        #expect(message.contains("at most \(limit)"))
    }

    @Test("a mask outside 0…7 or a version outside 1…40 is refused")
    func invalidArguments() {
        #expect(throws: QRCodeError.invalidMask(8)) { try QRCode(text: "a", mask: 8) }
        #expect(throws: QRCodeError.invalidMask(-1)) { try QRCode(text: "a", mask: -1) }
        #expect(throws: QRCodeError.invalidVersion(41)) { try QRCode(text: "a", minimumVersion: 41) }
        #expect(throws: QRCodeError.invalidVersion(0)) { try QRCode(text: "a", minimumVersion: 0) }
        #expect(QRCode.byteCapacity(version: 0, errorCorrection: .low) == 0)
        #expect(QRCode.byteCapacity(version: 41, errorCorrection: .low) == 0)
    }

    @Test("the half-block text, the ASCII text and the SVG each read back as the symbol's modules")
    func renderings() throws {
        let code = try QRCode(text: "http://127.0.0.1:8080/invite/abc", errorCorrection: .quartile)
        let quiet = 2
        let range = -quiet..<(code.size + quiet)
        // Half blocks: two rows a line.
        let lines = code.terminalText(quietZone: quiet, colored: false).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == (range.count + 1) / 2)
        for (lineIndex, line) in lines.enumerated() {
            let characters = Array(line)
            #expect(characters.count == range.count)
            for (offset, character) in characters.enumerated() {
                let row = range.lowerBound + lineIndex * 2
                let column = range.lowerBound + offset
                let expected: Character = switch (code[row, column], code[row + 1, column]) {
                case (true, true): "█"
                case (true, false): "▀"
                case (false, true): "▄"
                case (false, false): " "
                }
                #expect(character == expected)
            }
        }
        let colored = code.terminalText(quietZone: quiet)
        #expect(colored.hasPrefix("\u{1B}[30;107m") && colored.hasSuffix("\u{1B}[0m"))
        // ASCII.
        let asciiRows = code.asciiText(quietZone: quiet).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(asciiRows.count == range.count)
        for (rowIndex, text) in asciiRows.enumerated() {
            let cells = Array(text)
            for (offset, column) in range.enumerated() {
                #expect((cells[offset * 2] == "#") == code[range.lowerBound + rowIndex, column])
            }
        }
        // SVG: each `Mx yhNv1h-Nz` is a run of dark modules.
        let svg = code.svg(title: "Invitation <link> & \"more\"")
        #expect(svg.contains("<title>Invitation &lt;link&gt; &amp; &quot;more&quot;</title>"))
        let side = code.size + 2 * QRCode.standardQuietZone
        #expect(svg.contains("viewBox=\"0 0 \(side) \(side)\""))
        var dark = Set<[Int]>()
        let path = try #require(svg.split(separator: "d=\"").last?.split(separator: "\"").first)
        for command in path.split(separator: "M").map(String.init) {
            let numbers = command.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
            let (x, y, width) = (numbers[0], numbers[1], numbers[2])
            for column in x..<(x + width) { dark.insert([y - QRCode.standardQuietZone, column - QRCode.standardQuietZone]) }
        }
        for row in 0..<code.size {
            for column in 0..<code.size { #expect(dark.contains([row, column]) == code[row, column]) }
        }
    }
}
