import BLECore
@testable import BLETool
@testable import BLEToolKit
import Foundation
import Testing

@Suite struct RSSIPresentationTests {
    static let date = Date(timeIntervalSince1970: 1_777_636_800.123)

    @Test func smallChartGolden() {
        // Eighths filled of a 4-row chart: -80 → 9, -70 → 14, -60 → 18, -50 → 23, -40 → 27 of 32.
        var chart = RSSIChart(readings: [-80, -70, -60, -50, -40])
        chart.capacity = 5
        chart.height = 4
        let expected = """
            RSSI -40 dBm  ▁▂▄▆█  █████████████████░░░  86 %  Excellent  Very Close
             -30 │         ▃
                 │     ▂ ▇ █
                 │ ▁ ▆ █ █ █
            -100 │ █ █ █ █ █
                 └──────────
                   5 readings · min -80 · avg -60.0 · max -40 dBm

            """
        #expect(chart.text == expected)
    }

    @Test func historyChartShowsTheFilteredValueAndTheLastTwentyReadings() {
        var history = SignalHistory()
        let readings = [
            -80, -78, -75, -70, -71, -66, -64, -60, -58, -61, -55, -52, -50, -51, -48, -45, -47, -44, -42, -40, -41, -52,
        ]
        for rssi in readings { history.record(rssi: rssi) }
        let expected = """
            RSSI -52 dBm  ▁▂▄▆·  ██████████████░░░░░░  69 %  Good  Close
             -30 │
                 │                           ▂   ▃ ▅ ▇ ▆
                 │                 ▁ ▄ ▆ ▅ █ █ █ █ █ █ █ ▄
                 │         ▁ ▅ ▆ ▄ █ █ █ █ █ █ █ █ █ █ █ █
                 │   ▃ ▃ ▇ █ █ █ █ █ █ █ █ █ █ █ █ █ █ █ █
                 │ ▇ █ █ █ █ █ █ █ █ █ █ █ █ █ █ █ █ █ █ █
                 │ █ █ █ █ █ █ █ █ █ █ █ █ █ █ █ █ █ █ █ █
            -100 │ █ █ █ █ █ █ █ █ █ █ █ █ █ █ █ █ █ █ █ █
                 └────────────────────────────────────────
                   20 readings · min -75 · avg -54.6 · max -40 dBm
            """
        #expect(RSSIChart(history: history).lines.joined(separator: "\n") == expected)
    }

    @Test func filteredValueLagsSmallChanges() {
        var history = SignalHistory()
        history.record(rssi: -50)
        history.record(rssi: -51)
        #expect(RSSIChart(history: history).header.hasPrefix("RSSI -50 dBm"), "1 dB is below the noise filter")
        #expect(RSSIChart(readings: [-50, -51]).header.hasPrefix("RSSI -51 dBm"), "without a filtered value, the latest")
    }

    @Test func emptyChart() {
        let lines = RSSIChart(readings: []).lines
        #expect(lines.first == "RSSI waiting for a reading")
        #expect(lines.last == "       no readings yet")
        #expect(lines.count == 11)
        #expect(lines[1] == " -30 │")
    }

    @Test func asciiAndColour() {
        let ascii = RSSIChart(readings: [-30, -100], glyphs: .ascii)
        #expect(ascii.lines[0] == "RSSI -100 dBm  .....  --------------------  0 %  Very Poor  Very Far")
        #expect(ascii.lines[1] == " -30 |                                     #")
        #expect(ascii.lines[9] == "     +----------------------------------------")

        let coloured = RSSIChart(readings: [-50, -70, -90], style: ANSIStyle(isEnabled: true)).text
        #expect(coloured.contains("\u{1B}[32m█\u{1B}[0m"), "green at -60 dBm and stronger")
        #expect(coloured.contains("\u{1B}[33m█\u{1B}[0m"), "yellow to -75 dBm")
        #expect(coloured.contains("\u{1B}[31m█\u{1B}[0m"), "red below")
    }

    @Test func plainAndJSONLines() throws {
        #expect(RSSIChart.plainLine(rssi: -52, at: Self.date) == "2026-05-01T12:00:00.123Z  -52 dBm | 69 % | Good | Close")
        let line = try RSSIChart.jsonLine(rssi: -53, displayed: -52, at: Self.date)
        #expect(line == #"{"displayed":-52,"rssi":-53,"signal":{"distance":"Close","percent":69,"quality":"Good"},"timestamp":"2026-05-01T12:00:00.123Z"}"#)
        let record = try JSONDecoder().decode(RSSIReadingRecord.self, from: Data(RSSIChart.jsonLine(rssi: -90, at: Self.date).utf8))
        #expect(record.displayed == -90)
        #expect(record.signal == SignalRecord(SignalStrength(rssi: -90)))
        #expect(record.signal.quality == "Very Poor" && record.signal.distance == "Far" && record.signal.percent == 14)
    }
}
