import BLECore
import BLEToolKit

/// `ble scan`'s device table: strongest signal first, one line per device.
///
/// ```
/// NAME       ADDRESS            RSSI           QUALITY    DISTANCE    CONN  SERVICES  MANUFACTURER
/// Thermo     5C:31:3E:F2:16:13  -43 dBm ▁▂▄▆█  Excellent  Very Close  yes          2  Apple, Inc.
/// [No Name]  C0:FF:EE:00:00:01  -97 dBm ▁····  Very Poor  Very Far    no           0  0x1234
/// ```
/// Column widths follow the widest cell; names longer than ``maximumNameWidth`` columns and
/// manufacturers longer than ``maximumManufacturerWidth`` are cut with an ellipsis. A device whose
/// RSSI is not known sorts last and shows `-` for RSSI, quality and distance. On a terminal, redraw
/// the table in place with ``LiveFrame``; for a pipe, print ``ScanLog`` lines instead.
struct ScanTable: Sendable {
    /// The rows in display order (see ``sorted(_:)``).
    let rows: [ScanRow]
    /// The characters to draw with.
    var glyphs: Glyphs
    /// The widest a name may be, in columns.
    var maximumNameWidth = 24
    /// The widest a manufacturer may be, in columns.
    var maximumManufacturerWidth = 24

    /// Creates the table for some rows in any order.
    init(rows: [ScanRow], glyphs: Glyphs = .unicode) {
        self.rows = Self.sorted(rows)
        self.glyphs = glyphs
    }

    /// Strongest RSSI first, unknown RSSI last; equal RSSIs by address so the order is stable.
    static func sorted(_ rows: [ScanRow]) -> [ScanRow] {
        rows.sorted { lhs, rhs in
            switch (lhs.rssi, rhs.rssi) {
            case let (left?, right?) where left != right: left > right
            case (.some, nil): true
            case (nil, .some): false
            default: lhs.address < rhs.address
            }
        }
    }

    /// The header line and one line per row, without line ends.
    var lines: [String] {
        let rssiDigits = rows.compactMap(\.rssi).map { String($0).count }.max() ?? 0
        let cells = rows.map { row in
            [
                TextLayout.truncated(row.displayName, to: maximumNameWidth, ellipsis: glyphs.ellipsis),
                row.address.description,
                row.signal.map {
                    TextLayout.padded(String($0.rssi), to: rssiDigits, alignment: .right) + " dBm " + glyphs.signalBar($0)
                } ?? "-",
                row.signal?.quality.label ?? "-",
                row.signal?.proximity.label ?? "-",
                row.isConnectable ? "yes" : "no",
                String(row.services.count),
                row.manufacturerLabel.map {
                    TextLayout.truncated(TextLayout.sanitized($0), to: maximumManufacturerWidth, ellipsis: glyphs.ellipsis)
                } ?? "-",
            ]
        }
        let columns: [TextTable.Column] = [
            .init(header: "NAME"), .init(header: "ADDRESS"), .init(header: "RSSI"), .init(header: "QUALITY"),
            .init(header: "DISTANCE"), .init(header: "CONN"), .init(header: "SERVICES", alignment: .right),
            .init(header: "MANUFACTURER"),
        ]
        return TextTable(columns: columns, rows: cells).lines
    }

    /// The table as text, each line ended by a line feed.
    var text: String { lines.map { $0 + "\n" }.joined() }

    /// `ble scan --json`: one array of ``ScanRecord`` objects in table order.
    func json() throws -> String {
        try PresentationJSON.encode(rows.map(\.record))
    }
}

/// `ble scan` into a pipe: one line whenever a device is new or has changed.
///
/// ```
/// new | 5C:31:3E:F2:16:13 | Thermo | -43 dBm | Excellent | Very Close | connectable | 2 services | Apple, Inc.
/// changed | 5C:31:3E:F2:16:13 | Thermo | -50 dBm | Good | Very Close | connectable | 2 services | Apple, Inc.
/// ```
/// A device counts as changed when anything but its RSSI changed, or when its RSSI moved by at
/// least ``rssiThreshold`` dB (2, the scanner's noise filter) from the line last printed for it,
/// so a steady device prints once.
struct ScanLog: Sendable {
    /// The smallest RSSI change in dB that prints a line.
    var rssiThreshold = 2
    /// The row last printed for each device.
    private var printed: [DeviceAddress: ScanRow] = [:]

    /// Creates a log that has printed nothing yet.
    init(rssiThreshold: Int = 2) {
        self.rssiThreshold = rssiThreshold
    }

    /// The line for one discovery, or `nil` when nothing worth a line changed.
    mutating func line(for row: ScanRow) -> String? {
        let event: String
        if let previous = printed[row.address] {
            guard hasChanged(from: previous, to: row) else { return nil }
            event = "changed"
        } else {
            event = "new"
        }
        printed[row.address] = row
        return Self.line(for: row, event: event)
    }

    /// The lines for several discoveries, in the order given.
    mutating func lines(for rows: [ScanRow]) -> [String] {
        rows.compactMap { line(for: $0) }
    }

    private func hasChanged(from previous: ScanRow, to row: ScanRow) -> Bool {
        var unchangedRSSI = row
        unchangedRSSI.rssi = previous.rssi
        if unchangedRSSI != previous { return true }
        switch (previous.rssi, row.rssi) {
        case let (old?, new?): return abs(new - old) >= rssiThreshold
        case (nil, nil): return false
        default: return true
        }
    }

    /// One device as a line: event, address, name, RSSI, quality, distance, connectable, service
    /// count and manufacturer, separated by ` | `.
    static func line(for row: ScanRow, event: String) -> String {
        var fields = [event, row.address.description, row.displayName]
        if let signal = row.signal {
            fields += [signal.description, signal.quality.label, signal.proximity.label]
        } else {
            fields.append("no RSSI")
        }
        fields.append(row.isConnectable ? "connectable" : "not connectable")
        fields.append(row.services.count == 1 ? "1 service" : "\(row.services.count) services")
        if let manufacturer = row.manufacturerLabel { fields.append(TextLayout.sanitized(manufacturer)) }
        return fields.joined(separator: " | ")
    }
}
