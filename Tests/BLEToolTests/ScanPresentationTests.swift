import BLECore
@testable import BLETool
@testable import BLEToolKit
import Foundation
import Testing

/// Five advertisers: a named Apple device, an anonymous random one, two equal RSSIs, a long name
/// without RSSI.
enum PresentationScanFixtures {
    static let thermo = ScanRow(
        address: address("5C:31:3E:F2:16:13"), name: "Thermo", rssi: -43, txPower: 4, isConnectable: true,
        services: [BluetoothUUID(0x180F), BluetoothUUID(0x180A)],
        manufacturerData: ManufacturerData(companyID: 0x004C, data: [0x02, 0x15]),
        serviceData: [ServiceData(uuid: BluetoothUUID(0x180F), data: [0x57])]
    )
    static let anonymous = ScanRow(
        address: address("C0:FF:EE:00:00:01", isRandom: true), rssi: -97,
        manufacturerData: ManufacturerData(companyID: 0x1234, data: [])
    )
    static let longName = ScanRow(
        address: address("AA:BB:CC:DD:EE:FF"), name: "A very long device name that goes on", isConnectable: true,
        services: ["7A5A0201-D04B-48EB-B3FA-32EB4F0FFAC4"]
    )
    static let bulb = ScanRow(address: address("11:22:33:44:55:66"), name: "Bulb", rssi: -60, isConnectable: true)
    static let lamp = ScanRow(address: address("00:11:22:33:44:55"), name: "Lamp", rssi: -60)

    /// In no particular order.
    static let all = [longName, anonymous, bulb, thermo, lamp]

    static func address(_ text: String, isRandom: Bool = false) -> DeviceAddress {
        do { return try DeviceAddress(parsing: text, isRandom: isRandom) } catch { fatalError("\(error)") }
    }
}

@Suite struct ScanPresentationTests {
    @Test func tableIsSortedByRSSIWithNamesTruncatedAndNoRSSILast() {
        let expected = """
            NAME                      ADDRESS            RSSI           QUALITY    DISTANCE    CONN  SERVICES  MANUFACTURER
            Thermo                    5C:31:3E:F2:16:13  -43 dBm ▁▂▄▆█  Excellent  Very Close  yes          2  Apple, Inc.
            Lamp                      00:11:22:33:44:55  -60 dBm ▁▂▄··  Fair       Close       no           0  -
            Bulb                      11:22:33:44:55:66  -60 dBm ▁▂▄··  Fair       Close       yes          0  -
            [No Name]                 C0:FF:EE:00:00:01  -97 dBm ▁····  Very Poor  Very Far    no           0  0x1234
            A very long device name…  AA:BB:CC:DD:EE:FF  -              -          -           yes          1  -

            """
        #expect(ScanTable(rows: PresentationScanFixtures.all).text == expected)
    }

    @Test func asciiTable() {
        let expected = """
            NAME       ADDRESS            RSSI           QUALITY    DISTANCE    CONN  SERVICES  MANUFACTURER
            Thermo     5C:31:3E:F2:16:13  -43 dBm |||||  Excellent  Very Close  yes          2  Apple, Inc.
            [No Name]  C0:FF:EE:00:00:01  -97 dBm |....  Very Poor  Very Far    no           0  0x1234
            """
        #expect(ScanTable(rows: [PresentationScanFixtures.anonymous, PresentationScanFixtures.thermo], glyphs: .ascii).lines.joined(separator: "\n") == expected)
    }

    @Test func widthsFollowTheWidestCellAndCountWideCharacters() {
        var row = PresentationScanFixtures.bulb
        row.name = "温度计"
        row.rssi = -100
        let lines = ScanTable(rows: [row, PresentationScanFixtures.thermo]).lines
        // `温度计` takes 6 columns, like `Thermo`; -100 needs 4 digits, so -43 is padded.
        #expect(lines[1].hasPrefix("Thermo  5C:31:3E:F2:16:13   -43 dBm ▁▂▄▆█  "))
        #expect(lines[2].hasPrefix("温度计  11:22:33:44:55:66  -100 dBm ·····  Very Poor"))
        #expect(lines.allSatisfy { !$0.hasSuffix(" ") })
    }

    @Test func namesAreSanitizedAndEmptyNamesAreNoName() {
        var hostile = PresentationScanFixtures.bulb
        hostile.name = "Evil\u{1B}[2J"
        var empty = PresentationScanFixtures.lamp
        empty.name = ""
        #expect(hostile.displayName == "Evil\u{FFFD}[2J")
        #expect(empty.displayName == "[No Name]")
        #expect(!ScanTable(rows: [hostile]).text.contains("\u{1B}"))
    }

    @Test func sortingPutsStrongestFirstUnknownLastAndTiesByAddress() {
        let sorted = ScanTable.sorted(PresentationScanFixtures.all).map(\.address.description)
        #expect(sorted == ["5C:31:3E:F2:16:13", "00:11:22:33:44:55", "11:22:33:44:55:66", "C0:FF:EE:00:00:01", "AA:BB:CC:DD:EE:FF"])
    }

    @Test func rowFromAdvertisingData() throws {
        let advertisement = try AdvertisingData([
            .flags([.leGeneralDiscoverable]), .localName(LocalName("Thermo")), .txPowerLevel(4),
            .serviceUUIDs(ServiceUUIDList(uuids: [BluetoothUUID(0x180F)], size: .bits16, isComplete: true)),
            .manufacturerData(ManufacturerData(companyID: 0x004C, data: [0x02])),
        ])
        let row = ScanRow(address: PresentationScanFixtures.thermo.address, advertisement: advertisement, rssi: -50, isConnectable: true)
        #expect(row.name == "Thermo")
        #expect(row.txPower == 4)
        #expect(row.services == [BluetoothUUID(0x180F)])
        #expect(row.manufacturerLabel == "Apple, Inc.")
    }

    @Test func jsonHasTheIssueShape() throws {
        let text = try ScanTable(rows: PresentationScanFixtures.all).json()
        let objects = try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
        #expect(objects.count == 5)
        let keys: Set<String> = [
            "address", "addressType", "name", "rssi", "txPower", "connectable", "services", "manufacturer",
            "serviceData", "signal",
        ]
        #expect(objects.allSatisfy { Set($0.keys) == keys })

        let thermo = objects[0]
        #expect(thermo["address"] as? String == "5C:31:3E:F2:16:13")
        #expect(thermo["addressType"] as? String == "public")
        #expect(thermo["name"] as? String == "Thermo")
        #expect(thermo["rssi"] as? Int == -43)
        #expect(thermo["txPower"] as? Int == 4)
        #expect(thermo["connectable"] as? Bool == true)
        #expect(thermo["services"] as? [String] == ["180F", "180A"])
        let manufacturer = try #require(thermo["manufacturer"] as? [String: Any])
        #expect(manufacturer["companyId"] as? Int == 0x004C)
        #expect(manufacturer["companyName"] as? String == "Apple, Inc.")
        #expect(manufacturer["data"] as? String == "0215")
        #expect(thermo["serviceData"] as? [[String: String]] == [["uuid": "180F", "data": "57"]])
        let signal = try #require(thermo["signal"] as? [String: Any])
        #expect(signal["percent"] as? Int == 81)
        #expect(signal["quality"] as? String == "Excellent")
        #expect(signal["distance"] as? String == "Very Close")

        // Unknown values are null, not missing.
        let anonymous = objects[3]
        #expect(anonymous["name"] is NSNull)
        #expect(anonymous["addressType"] as? String == "randomStatic")
        #expect((anonymous["manufacturer"] as? [String: Any])?["companyName"] is NSNull)
        #expect(objects[4]["rssi"] is NSNull)
        #expect(objects[4]["signal"] is NSNull)
    }

    @Test func jsonIsStableAndRoundTrips() throws {
        let text = try ScanTable(rows: PresentationScanFixtures.all).json()
        #expect(try ScanTable(rows: PresentationScanFixtures.all.reversed()).json() == text)
        #expect(text.contains("\"address\" : \"5C:31:3E:F2:16:13\",\n    \"addressType\" : \"public\""))
        let records = try JSONDecoder().decode([ScanRecord].self, from: Data(text.utf8))
        #expect(records == ScanTable(rows: PresentationScanFixtures.all).rows.map(\.record))
    }

    @Test func plainLogPrintsNewAndChangedDevicesOnly() {
        var log = ScanLog()
        #expect(log.line(for: PresentationScanFixtures.thermo)
            == "new | 5C:31:3E:F2:16:13 | Thermo | -43 dBm | Excellent | Very Close | connectable | 2 services | Apple, Inc.")
        var thermo = PresentationScanFixtures.thermo
        thermo.rssi = -44
        #expect(log.line(for: thermo) == nil, "1 dB is below the noise filter")
        thermo.rssi = -45
        #expect(log.line(for: thermo)?.hasPrefix("changed | 5C:31:3E:F2:16:13 | Thermo | -45 dBm") == true)
        thermo.isConnectable = false
        #expect(log.line(for: thermo)?.contains("| not connectable |") == true)
        #expect(log.line(for: thermo) == nil)
        #expect(log.lines(for: [PresentationScanFixtures.longName, PresentationScanFixtures.anonymous]) == [
            "new | AA:BB:CC:DD:EE:FF | A very long device name that goes on | no RSSI | connectable | 1 service",
            "new | C0:FF:EE:00:00:01 | [No Name] | -97 dBm | Very Poor | Very Far | not connectable | 0 services | 0x1234",
        ])
    }

    @Test func liveFrameRedrawsInPlace() {
        var frame = LiveFrame()
        let table = ScanTable(rows: [PresentationScanFixtures.thermo, PresentationScanFixtures.bulb])
        let first = frame.redraw(table.text)
        #expect(first == table.text)
        #expect(frame.lineCount == 3)
        let second = frame.redraw(ScanTable(rows: [PresentationScanFixtures.thermo]).text)
        #expect(second.hasPrefix("\u{1B}[3A\r\u{1B}[J"))
        #expect(second.dropFirst("\u{1B}[3A\r\u{1B}[J".utf8.count).hasPrefix("NAME"))
        #expect(frame.lineCount == 2)
    }

    @Test func liveFrameClipsLinesToTheTerminal() {
        var frame = LiveFrame(columns: 10)
        #expect(frame.redraw(["0123456789ABC", "short"]) == "0123456789\nshort\n")
    }
}
