// The example of docs/gatt.md, compiled and run as a test: keep the two identical.
import Foundation
import BLECore
import BLEGATT
import BLETesting
import Testing

// docs/gatt.md: begin
/// A battery service whose level clients can read and subscribe to, and a name they can write.
func makeServer() throws(GATTError) -> GATTServer {
    let battery = GATTServiceDefinition(
        uuid: BluetoothUUID(0x180F),
        characteristics: [
            GATTCharacteristicDefinition(
                uuid: BluetoothUUID(0x2A19),               // Battery Level
                properties: [.read, .notify],
                value: [100],
                fixedLength: 1
            ),
        ]
    )
    let name: BluetoothUUID = "7A5A0201-D04B-48EB-B3FA-32EB4F0FFAC4"   // Child Name
    let settings = GATTServiceDefinition(
        uuid: "7A5A0200-D04B-48EB-B3FA-32EB4F0FFAC4",
        characteristics: [
            GATTCharacteristicDefinition(
                uuid: name,
                properties: [.read, .write],
                maximumLength: 20,
                descriptors: [.userDescription("Child Name")],
                validate: { write throws(GATTError) in
                    // Refuse anything that is not UTF-8; the old value stays.
                    guard String(validating: write.value, as: UTF8.self) != nil else {
                        throw .attError(.valueNotAllowed, handle: write.handle)
                    }
                }
            ),
        ]
    )
    return try GATTServer(services: [.genericAttribute(), battery, settings])
}

/// Connects a client to the server over an in-memory link and uses every kind of procedure.
func useServer() async throws {
    let link = InMemoryATTLink(clock: ContinuousClock())   // a radio link in real use
    let server = try makeServer()
    await server.attach(link.peripheral)
    let client = await GATTClient(bearer: link.central)

    try await client.exchangeMTU()
    let database = try await client.discoverAll()
    guard let level = database.characteristic(BluetoothUUID(0x2A19)),
          let name = database.characteristic("7A5A0201-D04B-48EB-B3FA-32EB4F0FFAC4")
    else { return }

    print("battery:", try await client.read(handle: level.valueHandle))   // [100]
    try await client.write(handle: name.valueHandle, value: Array("Mia".utf8))

    let levels = try await client.subscribe(to: level)
    try await server.updateValue([99], for: BluetoothUUID(0x2A19))
    for try await value in levels {
        print("battery now:", value)                                      // [99]
        break                                                             // unsubscribes
    }
    await link.disconnect()
}
// docs/gatt.md: end

@Suite struct DocsGATTGuideTests {
    @Test func theGuideExampleRuns() async throws {
        try await useServer()
    }

    @Test func theGuideQuotesTheExampleExactly() throws {
        let root = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let test = try String(contentsOf: URL(filePath: #filePath), encoding: .utf8)
        let guide = try String(contentsOf: root.appending(path: "docs/gatt.md"), encoding: .utf8)
        let begin = try #require(test.range(of: "// docs/gatt.md: begin\n"))
        let end = try #require(test.range(of: "// docs/gatt.md: end"))
        let example = String(test[begin.upperBound..<end.lowerBound])
        #expect(guide.contains(example), "docs/gatt.md must quote the example of this file exactly")
    }
}
