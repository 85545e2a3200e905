// The BLECore snippet of README.md, run as a test: keep the two identical.
import BLECore
import Foundation
import Testing

@Suite struct ReadmeExampleTests {
    @Test func theSnippetRunsAndPrintsWhatItSays() throws {
        // README snippet: begin
        let uuid = try BluetoothUUID(parsing: "0x180a")     // also 180A, 0000180a-0000-1000-8000-00805f9b34fb
        print(uuid, uuid.assignedName ?? "?")                 // 180A Device Information
        let address = try DeviceAddress(parsing: "C4:12:34:56:16:F3", isRandom: true)
        print(address, address.type.label)                    // C4:12:34:56:16:F3 random static
        let ad = try AdvertisingData(bytes: [0x02, 0x01, 0x06, 0x08, 0x09] + Array("SN-16F3".utf8))
        print(ad.name ?? "[No Name]")                         // SN-16F3
        let signal = SignalStrength(rssi: -62)
        print(Int(signal.percent), signal.quality.label, signal.proximity.label, signal.bars)   // 54 Fair Close 3
        #expect("\(uuid)" == "180A" && uuid.assignedName == "Device Information")
        #expect("\(address) \(address.type.label)" == "C4:12:34:56:16:F3 random static")
        #expect(ad.name == "SN-16F3")
        #expect(Int(signal.percent) == 54 && signal.quality.label == "Fair" && signal.proximity.label == "Close" && signal.bars == 3)
    }

    @Test func theReadmeQuotesTheSnippet() throws {
        let root = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let readme = try String(contentsOf: root.appending(path: "README.md"), encoding: .utf8)
        let test = try String(contentsOf: URL(filePath: #filePath), encoding: .utf8)
        let snippet = test.components(separatedBy: "// README snippet: begin\n")[1].components(separatedBy: "        #expect")[0]
        for line in snippet.components(separatedBy: "\n") where !line.isEmpty {
            #expect(readme.contains(line.dropFirst(8)), "README.md lacks: \(line)")
        }
    }
}
