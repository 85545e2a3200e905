import BLECore
@testable import BLETool
@testable import BLEToolKit
import Testing

@Suite struct TerminalPresentationTests {
    static let utf8 = ["LANG": "en_US.UTF-8"]

    @Test func terminalWithColour() {
        let output = TerminalOutput(isTerminal: true, environment: Self.utf8, columns: 120)
        #expect(output.usesColor)
        #expect(output.isUTF8)
        #expect(output.glyphs == .unicode)
        #expect(output.columns == 120)
        #expect(output.style.paint("x", .red) == "\u{1B}[31mx\u{1B}[0m")
    }

    @Test func noColorIsHonouredWhenSetAndNotEmpty() {
        #expect(!TerminalOutput(isTerminal: true, environment: ["NO_COLOR": "1"]).usesColor)
        #expect(TerminalOutput(isTerminal: true, environment: ["NO_COLOR": ""]).usesColor)
        #expect(!TerminalOutput(isTerminal: true, environment: ["TERM": "dumb"]).usesColor)
        #expect(TerminalOutput(isTerminal: true, environment: ["NO_COLOR": "1"]).style.paint("x", .red) == "x")
    }

    @Test func pipeHasNoColourAndNoWidth() {
        let output = TerminalOutput(isTerminal: false, environment: ["LANG": "en_US.UTF-8", "COLUMNS": "80"], columns: 80)
        #expect(!output.usesColor)
        #expect(output.columns == nil)
        #expect(output.isUTF8)
    }

    @Test func localeDecidesTheGlyphs() {
        #expect(TerminalOutput(isTerminal: true, environment: ["LANG": "en_US.UTF-8", "LC_ALL": "C"]).glyphs == .ascii)
        #expect(TerminalOutput(isTerminal: true, environment: ["LC_CTYPE": "C.utf8"]).glyphs == .unicode)
        #expect(TerminalOutput(isTerminal: true, environment: [:]).glyphs == .ascii)
        #expect(TerminalOutput(isTerminal: true, environment: ["COLUMNS": "100"]).columns == 100)
    }

    @Test func progressOnATerminalRewritesOneLine() {
        var progress = ProgressLine(isTerminal: true)
        #expect(progress.update("Connecting to Thermo") == "\r\u{1B}[KConnecting to Thermo")
        #expect(progress.update("Discovering\nservices") == "\r\u{1B}[KDiscovering services")
        #expect(progress.finish("Connected") == "\r\u{1B}[KConnected\n")
        #expect(progress.finish() == "")
        var narrow = ProgressLine(isTerminal: true, columns: 10)
        #expect(narrow.update("Discovering services") == "\r\u{1B}[KDiscover…", "cut to 9 columns so it never wraps")
    }

    @Test func progressIntoAPipePrintsLines() {
        var progress = ProgressLine(isTerminal: false)
        #expect(progress.update("Connecting") == "Connecting\n")
        #expect(progress.update("Connecting") == "")
        #expect(progress.update("Reading 3 of 7") == "Reading 3 of 7\n")
        #expect(progress.finish() == "")
        #expect(progress.finish("Done") == "Done\n")
    }

    @Test func errorLines() {
        #expect(ErrorLine.format("connection timed out", on: "5C:31:3E:F2:16:13", remedy: "move closer or check that it advertises")
            == "ble: error: connection timed out on 5C:31:3E:F2:16:13: move closer or check that it advertises")
        #expect(ErrorLine.format("unknown transport 'usb'", remedy: "use sim, tcp-client:HOST:PORT or hci:N")
            == "ble: error: unknown transport 'usb': use sim, tcp-client:HOST:PORT or hci:N")
        #expect(ErrorLine.format("read failed\nwith\tdetails", on: "2A19") == "ble: error: read failed with details on 2A19")
        #expect(ErrorLine.format("x", style: ANSIStyle(isEnabled: true)) == "ble: \u{1B}[31merror:\u{1B}[0m x")
        #expect(ErrorLine.message("not connected", on: "Thermo", remedy: "run `ble inspect Thermo` first")
            == "not connected on Thermo: run `ble inspect Thermo` first")
    }

    @Test func layoutHelpers() {
        #expect(TextLayout.width("温度") == 4)
        #expect(TextLayout.width("Thermo") == 6)
        #expect(TextLayout.truncated("温度计温度计", to: 5) == "温度…")
        #expect(TextLayout.truncated("Thermometer", to: 8, ellipsis: "...") == "Therm...")
        #expect(TextLayout.truncated("Thermo", to: 6) == "Thermo")
        #expect(TextLayout.sanitized("a\u{1B}[31mb\u{202E}c") == "a\u{FFFD}[31mb\u{FFFD}c")
        #expect(TextLayout.quoted("say \"hi\"\n\u{7}") == #""say \"hi\"\n\u{7}""#)
        #expect(TextLayout.padded("7", to: 3, alignment: .right) == "  7")
        #expect(TextLayout.hex(UInt16(10)) == "0x000A")
    }

    /// Issue 18, item 3: a name that sets the window title and clears the screen is printed
    /// inert; the tools' own colours, line erasing and cursor moves still work.
    @Test func terminalSafeKeepsOnlyTheToolsOwnSequences() {
        let hostile = "\u{1B}]0;PWN\u{7}\u{1B}[2JX"
        #expect(TextLayout.terminalSafe("Leo \(hostile)") == "Leo \u{FFFD}]0;PWN\u{FFFD}\u{FFFD}[2JX")
        #expect(TextLayout.terminalSafe("a\u{202E}b\u{0}c\u{9B}d") == "a\u{FFFD}b\u{FFFD}c\u{FFFD}d")
        let own = "\u{1B}[1mbold\u{1B}[0m \u{1B}[32;1mok\u{1B}[0m\r\u{1B}[K\u{1B}[3A\r\u{1B}[Jline\n\tnext"
        #expect(TextLayout.terminalSafe(own) == own)
        #expect(TextLayout.terminalSafe("hidden\rshown") == "hidden\u{FFFD}shown", "a bare carriage return cannot overwrite a line")
        #expect(TextLayout.terminalSafe("\u{1B}[") == "\u{FFFD}[")
        #expect(TextLayout.terminalSafe("\u{1B}[5;H") == "\u{FFFD}[5;H", "cursor positioning is not ours")
    }

    @Test func signalBarsAndGauge() {
        #expect(Glyphs.unicode.signalBar(SignalStrength(rssi: -100)) == "·····")
        #expect(Glyphs.unicode.signalBar(SignalStrength(rssi: -72)) == "▁▂···")
        #expect(Glyphs.unicode.signalBar(SignalStrength(rssi: -30)) == "▁▂▄▆█")
        #expect(Glyphs.ascii.signalBar(SignalStrength(rssi: -58)) == "|||..")
        #expect(Glyphs.unicode.gauge(0.5, columns: 10) == "█████░░░░░")
        #expect(Glyphs.ascii.gauge(1.2, columns: 4) == "####")
    }
}
