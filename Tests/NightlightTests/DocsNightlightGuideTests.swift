// The example of docs/nightlight.md, compiled and run as a test: keep the two identical.
import BLE
import BLERuntime
import BLESimulation
import Foundation
import Nightlight
import NightlightSimulation
import Testing

// docs/nightlight.md: begin
func setUpANightlight(flash: String) async throws {
    // A virtual SN at factory settings on the in-process radio (its settings kept under `flash`).
    let sn = try VirtualNightlight(index: 0, directory: flash)
    let central = try await Central.open(.sim, sim: SimWorld.transportFactory { world in
        try await world.add(sn, distance: 1.5)
    })

    // Find it by its LED Service, and read what it advertises without connecting.
    var found: Discovery?
    for try await discovery in try await central.scan() where NightlightClient.isNightlight(discovery.advertisement) {
        found = discovery
        break
    }
    guard let discovery = found else { return }
    if let status = NightlightClient.advertisedStatus(discovery.advertisement) {
        print(discovery.name ?? "SN", status.batteryLevel, "%", status.activeMode.name)   // SN-0001 100 % idle
    }

    // Pair: a factory SN needs a child name; then set its clock by the rules of §8.
    let client = NightlightClient(discovery.peripheral)
    let identity = try await client.pair(childName: "Leo")
    let clock = try await client.syncClock()
    print(identity.childName, identity.firmwareVersion, clock.check.decision)      // Leo 1.0.0 clock not set

    // A week schedule from its text form, validated here and again by the SN.
    let schedule = try WeekSchedule(text: """
        schedule "Bedtime"
        Mon-Fri "School" 00:00-07:00 #402000
        Mon-Fri "School" 19:30-24:00 #402000 fade 10
        Sat-Sun "Weekend" 20:00-24:00 #FF8040
        """)
    try await client.write(.weekSchedule, schedule)

    // What it shows now, and every change as it happens.
    for try await state in try await client.values(.activeState) {
        print(state.mode.name, state.colors[0].hex)
        break
    }
    try await client.peripheral.disconnect()
    await central.close()
}
// docs/nightlight.md: end

@Suite(.timeLimit(.minutes(1))) struct DocsNightlightGuideTests {
    @Test func theGuideExampleRuns() async throws {
        let flash = FileManager.default.temporaryDirectory.appending(path: "sn-guide-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: flash, withIntermediateDirectories: true)
        try await setUpANightlight(flash: flash)
        try? FileManager.default.removeItem(atPath: flash)
    }

    @Test func theGuideQuotesTheExampleExactly() throws {
        let root = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let test = try String(contentsOf: URL(filePath: #filePath), encoding: .utf8)
        let guide = try String(contentsOf: root.appending(path: "docs/nightlight.md"), encoding: .utf8)
        let begin = try #require(test.range(of: "// docs/nightlight.md: begin\n"))
        let end = try #require(test.range(of: "// docs/nightlight.md: end"))
        #expect(guide.contains(String(test[begin.upperBound..<end.lowerBound])), "docs/nightlight.md must quote the example exactly")
    }
}
