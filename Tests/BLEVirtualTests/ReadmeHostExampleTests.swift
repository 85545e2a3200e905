// The BLEHost snippet of README.md, run as a test: keep the two identical.
import BLECore
import BLEHost
import BLESimulation
import BLEVirtual
import Foundation
import Testing

@Suite struct ReadmeHostExampleTests {
    @Test(.timeLimit(.minutes(1))) func theSnippetScansAVirtualDevice() async throws {
        var found: [String] = []
        // README snippet: begin
        let link = VirtualLink(clock: ContinuousClock())
        let hub = VirtualController(publicAddress: try DeviceAddress(parsing: "00:1B:DC:00:00:01"))
        let lamp = VirtualController(publicAddress: try DeviceAddress(parsing: "00:1B:DC:00:00:02"))
        link.attach(hub)
        link.attach(lamp, distance: 2)

        let lampHost = BLEHost(transport: lamp.hostTransport, clock: ContinuousClock())   // peripheral
        try await lampHost.start()
        try await lampHost.startAdvertising(data: try AdvertisingData([.flags(.leGeneralDiscoverableOnly), .localName(LocalName("Lamp"))]))

        let hubHost = BLEHost(transport: hub.hostTransport, clock: ContinuousClock())     // central
        try await hubHost.start()
        for try await device in try await hubHost.scan() {
            print(device.address, device.name ?? "[No Name]", device.rssi ?? 0)   // 00:1B:DC:00:00:02 Lamp -65
            found.append("\(device.address) \(device.name ?? "")")
            break
        }
        // README snippet: end
        #expect(found == ["00:1B:DC:00:00:02 Lamp"])
        await hubHost.stop()
        await lampHost.stop()
    }

    @Test func theReadmeQuotesTheSnippet() throws {
        let root = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let readme = try String(contentsOf: root.appending(path: "README.md"), encoding: .utf8)
        let test = try String(contentsOf: URL(filePath: #filePath), encoding: .utf8)
        let snippet = test.components(separatedBy: "// README snippet: begin\n")[1].components(separatedBy: "        // README snippet: end")[0]
        let lines = snippet.components(separatedBy: "\n").filter { !$0.contains("found.append") }
        let unindented = lines.map { $0.hasPrefix("        ") ? String($0.dropFirst(8)) : $0 }.joined(separator: "\n")
        #expect(readme.contains(unindented), "README.md must quote the snippet of this test exactly")
    }
}
