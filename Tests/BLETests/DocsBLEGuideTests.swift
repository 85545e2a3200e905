// The example of docs/ble.md, compiled and run as a test: keep the two identical.
import BLE
import BLECore
import BLEGATT
import BLERuntime
import BLESimulation
import BLEVirtual
import Foundation
import Testing

// docs/ble.md: begin
/// A thermometer on the virtual radio: our own host in the peripheral role, whose firmware
/// notifies a new temperature (Health Thermometer, 0.01 °C) every 100 ms.
struct Thermometer: VirtualDevice {
    let name = "Thermometer"
    let address = try! DeviceAddress(parsing: "00:1B:DC:44:00:01")

    func run(_ context: VirtualDeviceContext) async throws {
        let temperature = BluetoothUUID(0x2A6E)
        let server = try GATTServer(services: [
            GATTServiceDefinition(uuid: BluetoothUUID(0x1809), characteristics: [
                GATTCharacteristicDefinition(uuid: temperature, properties: [.read, .notify], value: [0x2E, 0x09]),
            ]),
        ])
        await context.host.setGATTServer(server)
        try await context.host.startAdvertising(
            data: try AdvertisingData([.flags(.leGeneralDiscoverableOnly), .localName(LocalName(name))])
        )
        var centidegrees: UInt16 = 2350
        while true {
            try await context.clock.sleep(for: .milliseconds(100))
            centidegrees += 1
            try await server.updateValue([UInt8(centidegrees & 0xFF), UInt8(centidegrees >> 8)], for: temperature)
        }
    }
}

func readTheThermometer() async throws {
    // The in-process radio with one device on it; `.tcpClient(host:port:)` and the other
    // transports work the same way.
    let central = try await Central.open(.sim, sim: SimWorld.transportFactory { world in
        try await world.add(Thermometer(), distance: 2)
    })
    print("radio:", await central.state)                                    // powered on

    // Scan until a device whose name contains "thermo" (any case) is heard.
    var found: Peripheral?
    for try await discovery in try await central.scan(filter: ScanFilter(nameContains: "thermo")) {
        print("heard", discovery.name ?? "[No Name]", discovery.rssi ?? 0, "dBm")
        found = discovery.peripheral
        break                                                               // stops scanning
    }
    guard let peripheral = found else { return }

    // Connect, discover, read.
    try await peripheral.connect(timeout: .seconds(5))
    let services = try await peripheral.discoverServices([BluetoothUUID(0x1809)])
    let temperature = try await services[0].discoverCharacteristics([BluetoothUUID(0x2A6E)])[0]
    let value = try await temperature.read()                                // [0x2E, 0x09] and up
    print("temperature:", Double(UInt16(value[0]) | UInt16(value[1]) << 8) / 100, "°C")  // 23.5 °C, rising

    // Subscribe: each notification as it comes; leaving the loop unsubscribes.
    for try await update in try await temperature.subscribe() {
        print("now:", update)                                               // the next reading
        break
    }

    // Errors say what failed and what to do; `code` is what a program acts on.
    do {
        try await temperature.write([0])
    } catch {
        print(error.code, error.message)                                    // unsupported …
    }
    try await peripheral.disconnect()
    await central.close()
}
// docs/ble.md: end

@Suite(.timeLimit(.minutes(1))) struct DocsBLEGuideTests {
    @Test func theGuideExampleRuns() async throws {
        try await readTheThermometer()
    }

    @Test func theGuideQuotesTheExampleExactly() throws {
        let root = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let test = try String(contentsOf: URL(filePath: #filePath), encoding: .utf8)
        let guide = try String(contentsOf: root.appending(path: "docs/ble.md"), encoding: .utf8)
        let begin = try #require(test.range(of: "// docs/ble.md: begin\n"))
        let end = try #require(test.range(of: "// docs/ble.md: end"))
        let example = String(test[begin.upperBound..<end.lowerBound])
        #expect(guide.contains(example), "docs/ble.md must quote the example of this file exactly")
    }
}
