import BLE
import BLECore
import BLESimulation
import BLEVirtual
import Foundation
import HummingbirdTesting
import Nightlight
import NightlightStore
import Testing
@testable import DashboardShell
@testable import DeviceExplorer
@testable import NightlightDashboard

/// A dashboard whose world also has a generic device: the two virtual nightlights and
/// BLEVirtual's "Nightlight Demo" (Device Information, Battery, Heart Rate, and a vendor service
/// with a message, a counter that notifies every second, and a sink).
struct ExplorerFixture {
    /// The demo peripheral's address.
    static let demo = "00:1B:DC:DE:00:01"

    let base: DashboardFixture
    var server: DashboardServer { base.server }

    init() async throws {
        base = try await DashboardFixture { world, directory in
            try await DashboardFixture.nightlights(world, directory: directory)
            try await world.add(DemoPeripheral(index: 0), distance: 1)
        }
    }

    /// Runs `body` against the router, then closes the radio and removes the folder.
    func test(_ body: @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        try await base.test(body)
    }

    /// Runs `body` with an Explorer of the server's radio (no routes), then cleans up.
    func explore(_ body: @Sendable (Explorer) async throws -> Void) async throws {
        try await base.cleaningUp { try await body(Explorer(link: server.link.radio, configuration: Explorer.Configuration(clock: ContinuousClock()))) }
    }
}

extension TestClientProtocol {
    /// Asks for the Explorer's list until `wanted` holds for it (scanning runs in the background),
    /// or fails after `limit`.
    func explorerDevices(until wanted: ([[String: Any]]) -> Bool, limit: Duration = .seconds(20)) async throws -> [[String: Any]] {
        let deadline = ContinuousClock.now + limit
        var devices: [[String: Any]] = []
        while ContinuousClock.now < deadline {
            let answer = try await call(.get, "/api/explorer/devices")
            devices = answer.array("devices").compactMap { $0 as? [String: Any] }
            if wanted(devices) { return devices }
            try await Task.sleep(for: .milliseconds(200))
        }
        Issue.record("the list never became what was wanted: \(devices.map { $0["address"] ?? "?" })")
        return devices
    }
}

/// The entry of `address` in a list.
func entry(_ devices: [[String: Any]], _ address: String) -> [String: Any]? {
    devices.first { $0["address"] as? String == address }
}

@Suite("Dashboard: Explorer routes")
struct ExplorerRouteTests {
    static let demo = ExplorerFixture.demo

    @Test func theScannerNamesFollowTheSeed() {
        // shared/seeds/003, "Recognized Services" and the Data tab's known manufacturer IDs.
        #expect(ExplorerUUID(BluetoothUUID(0x180F)).name == "Battery Service")
        #expect(ExplorerUUID(BluetoothUUID(0x180A)).name == "Device Information")
        #expect(ExplorerUUID(BluetoothUUID(0x1812)).name == "HID (Human Interface Device)")
        // The seed's two names that contradict the SIG's assignments are not used.
        #expect(ExplorerUUID(BluetoothUUID(0xFE59)).name == "Nordic Semiconductor ASA")
        #expect(ExplorerUUID(BluetoothUUID(0x2A50)).name == "PnP ID")
        let companies: [(UInt16, String)] = [(0x004C, "Apple"), (0x0006, "Microsoft"), (0x0075, "Samsung"), (0x038F, "Xiaomi"), (0x02A6, "Bosch")]
        for (id, name) in companies {
            let data = ExplorerManufacturerData(ManufacturerData(companyID: id, data: [1, 2]))
            #expect(data.company == name)
            #expect(data.companyLabel == name)
        }
        #expect(ExplorerManufacturerData(ManufacturerData(companyID: 0x01D7, data: [])).company == "Squadrone Systems Inc.")
        let unknown = ExplorerManufacturerData(ManufacturerData(companyID: 0xFFF0, data: [1]))
        #expect(unknown.company == nil)
        #expect(unknown.companyLabel == "ID: 0xFFF0")
    }

    @Test func advertisingDataIsShownAsReceivedStructureByStructure() throws {
        // Flags 06, Complete Local Name "SN", Service Data 16-bit FE95 with 30 20.
        let bytes: [UInt8] = [0x02, 0x01, 0x06, 0x03, 0x09, 0x53, 0x4E, 0x05, 0x16, 0x95, 0xFE, 0x30, 0x20]
        let data = try AdvertisingData(bytes: bytes)
        let raw = ExplorerRawAdvertisingData(data)
        #expect(raw.hexDump == "02 01 06 03 09 53 4E 05 16 95 FE 30 20")
        #expect(raw.byteCount == 13)
        #expect(raw.structures.map(\.type) == ["0x01", "0x09", "0x16"])
        #expect(raw.structures.map(\.name) == ["Flags", "Complete Local Name", "Service Data - 16-bit UUID"])
        #expect(raw.structures.map(\.hexDump) == ["06", "53 4E", "95 FE 30 20"])
        let serviceData = AdvertisementView(advertisement: data).serviceData.map(ExplorerServiceData.init)
        #expect(serviceData.map(\.uuid) == ["FE95"])
        #expect(serviceData.map(\.hexDump) == ["30 20"])
        #expect(serviceData.first?.name == "Xiaomi Inc.")
        // An unknown AD type keeps its number and has no name; an empty structure shows no data.
        let odd = ExplorerRawAdvertisingData(AdvertisingData(structures: [ADStructure(type: ADType(rawValue: 0xE0), data: [])]))
        #expect(odd.structures.map(\.type) == ["0xE0"])
        #expect(odd.structures.first?.name == nil)
        #expect(odd.hexDump == "01 E0")
    }

    @Test func everyRouteNeedsTheToken() async throws {
        try await ExplorerFixture().test { client in
            for path in ["/api/explorer/radio", "/api/explorer/devices", "/api/explorer/devices/\(Self.demo)", "/api/explorer/live"] {
                let answer = try await client.call(.get, path, token: nil)
                #expect(answer.status == .unauthorized, "\(path)")
                #expect(answer.string("error.code") == "unauthorized")
            }
            let scan = try await client.call(.put, "/api/explorer/scan", #"{"on": true}"#, token: nil)
            #expect(scan.status == .unauthorized)
        }
    }

    @Test func badInputIsRefusedNamingTheField() async throws {
        try await ExplorerFixture().test { client in
            let address = try await client.call(.get, "/api/explorer/devices/kitchen")
            #expect(address.status == .badRequest)
            #expect(address.string("error.field") == "address")
            let connect = try await client.call(.post, "/api/explorer/devices/12:34/connect", "{}")
            #expect(connect.string("error.field") == "address")
            for handle in ["0", "abc", "0x10000", "70000", "-1"] {
                let read = try await client.call(.get, "/api/explorer/devices/\(Self.demo)/characteristics/\(handle)/value")
                #expect(read.status == .badRequest, "\(handle)")
                #expect(read.string("error.field") == "handle", "\(handle)")
            }
            for hex in ["", "4", "zz", "48 6", "0x", String(repeating: "00", count: 513)] {
                let write = try await client.call(.put, "/api/explorer/devices/\(Self.demo)/characteristics/0x0020/value", #"{"hex": "\#(hex)"}"#)
                #expect(write.status == .badRequest, "\(hex)")
                #expect(write.string("error.field") == "hex", "\(hex)")
            }
            let missing = try await client.call(.put, "/api/explorer/devices/\(Self.demo)/characteristics/32/value", #"{"withResponse": true}"#)
            #expect(missing.string("error.field") == "hex")
            let scan = try await client.call(.put, "/api/explorer/scan", #"{"on": "yes"}"#)
            #expect(scan.status == .badRequest)
            #expect(scan.string("error.field") == "on")
            let notJSON = try await client.call(.put, "/api/explorer/scan", "on", headers: [.contentType: "text/plain"])
            #expect(notJSON.status == .unsupportedMediaType)
            let live = try await client.call(.get, "/api/explorer/live?address=kitchen")
            #expect(live.status == .badRequest)
            #expect(live.string("error.field") == "address")
            let unheard = try await client.call(.get, "/api/explorer/devices/AA:BB:CC:DD:EE:FF")
            #expect(unheard.status == .notFound)
            #expect(unheard.string("error.code") == "deviceNotHeard")
        }
    }

    @Test func theScanListsEveryDeviceStrongestFirstAndStops() async throws {
        try await ExplorerFixture().test { client in
            let radio = try await client.call(.get, "/api/explorer/radio")
            #expect(radio.string("state") == "poweredOn")
            #expect(radio.string("label") == "Powered On")
            #expect(radio["scanning"] as? Bool == false)
            let started = try await client.call(.put, "/api/explorer/scan", #"{"on": true}"#)
            #expect(started.status == .ok)
            #expect(started["scanning"] as? Bool == true)
            let addresses = [Self.demo, DashboardFixture.factorySN, DashboardFixture.secondSN]
            let devices = try await client.explorerDevices { list in addresses.allSatisfy { entry(list, $0) != nil } }
            let rssis = devices.map { $0["rssi"] as? Int ?? Int.min }
            #expect(rssis == rssis.sorted(by: >), "strongest first: \(rssis)")
            let demo = try #require(entry(devices, Self.demo))
            #expect(demo["name"] as? String == "Nightlight Demo")
            #expect(demo["connectable"] as? Bool == true)
            #expect(demo["txPower"] as? Int == 0)
            #expect(demo["connection"] as? String == "disconnected")
            let services = (demo["services"] as? [[String: Any]] ?? []).map { "\($0["uuid"] ?? "") \($0["name"] ?? "")" }
            #expect(services == ["180D Heart Rate", "180F Battery Service"])
            let manufacturer = try #require((demo["manufacturerData"] as? [[String: Any]])?.first)
            #expect(manufacturer["companyID"] as? Int == 0xFFFF)
            #expect(manufacturer["companyIDHex"] as? String == "0xFFFF")
            #expect(manufacturer["hex"] as? String == "ffff4e4c0101000000")
            #expect(manufacturer["hexDump"] as? String == "FF FF 4E 4C 01 01 00 00 00")
            let signal = try #require(demo["signal"] as? [String: Any])
            #expect(["Very Close", "Close", "Medium", "Far", "Very Far"].contains(signal["distance"] as? String ?? ""))
            #expect((0...5).contains(signal["bars"] as? Int ?? -1))
            #expect(demo["firstSeen"] is String && demo["lastSeen"] is String)

            let detail = try await client.call(.get, "/api/explorer/devices/\(Self.demo.lowercased())")
            #expect(detail.status == .ok)
            #expect(detail.string("device.address") == Self.demo)
            #expect(detail["services"] == nil, "no GATT database before connecting")
            #expect(!detail.array("history").isEmpty, "readings from the advertisements")

            let stopped = try await client.call(.put, "/api/explorer/scan", #"{"on": false}"#)
            #expect(stopped["scanning"] as? Bool == false)
            let after = try await client.call(.get, "/api/explorer/devices")
            #expect(after["radio.scanning"] as? Bool == false)
            #expect(!after.array("devices").isEmpty, "the list stays after stopping")
        }
    }

    @Test func theNightlightRoutesShareTheRadioWithTheScan() async throws {
        try await ExplorerFixture().test { client in
            _ = try await client.call(.put, "/api/explorer/scan", #"{"on": true}"#)
            _ = try await client.explorerDevices { entry($0, DashboardFixture.secondSN) != nil }
            let scan = try await client.call(.get, "/api/scan?seconds=1")
            #expect(scan.status == .ok)
            #expect(scan.array().count == 2, "the nightlights, not the demo")
            let paired = try await client.call(.post, "/api/devices/pair", ##"{"address": "\##(DashboardFixture.secondSN)"}"##)
            #expect(paired.status == .created, "\(paired.text)")
            let status = try await client.call(.get, "/api/devices/\(DashboardFixture.secondSN)/status")
            #expect(status.status == .ok)
        }
    }

    @Test func connectingReadsWritesAndDisconnects() async throws {
        try await ExplorerFixture().test { client in
            let notYet = try await client.call(.post, "/api/explorer/devices/\(Self.demo)/connect", "{}")
            #expect(notYet.string("error.code") == "deviceNotHeard")
            _ = try await client.call(.put, "/api/explorer/scan", #"{"on": true}"#)
            _ = try await client.explorerDevices { entry($0, Self.demo) != nil }
            let notConnected = try await client.call(.get, "/api/explorer/devices/\(Self.demo)/gatt")
            #expect(notConnected.status == .conflict)
            #expect(notConnected.string("error.code") == "notConnected")

            let connected = try await client.call(.post, "/api/explorer/devices/\(Self.demo)/connect", "{}")
            #expect(connected.status == .ok, "\(connected.text)")
            #expect(connected.string("device.connection") == "connected")
            let services = connected.array("services").compactMap { $0 as? [String: Any] }
            let categories = Dictionary(services.map { ($0["uuid"] as? String ?? "", $0["category"] as? String ?? "") }, uniquingKeysWith: { a, _ in a })
            #expect(categories["1800"] == "generic")
            #expect(categories["1801"] == "generic")
            #expect(categories["180A"] == "deviceInformation")
            #expect(categories["180F"] == "battery")
            #expect(categories["180D"] == "other")
            #expect(categories[DemoPeripheral.serviceUUID.description] == "other")
            let characteristics = services.flatMap { $0["characteristics"] as? [[String: Any]] ?? [] }
            func characteristic(_ uuid: String) -> [String: Any]? { characteristics.first { $0["uuid"] as? String == uuid } }

            let battery = try #require(characteristic("2A19"))
            #expect(battery["name"] as? String == "Battery Level")
            #expect(battery["properties"] as? [String] == ["read", "notify"])
            #expect(battery["subscribed"] as? Bool == true)
            #expect((battery["value"] as? [String: Any])?["uint8"] as? Int == 100)
            let manufacturer = try #require(characteristic("2A29"))
            #expect((manufacturer["value"] as? [String: Any])?["utf8"] as? String == "Nightlight")
            let message = try #require(characteristic(DemoPeripheral.messageUUID.description))
            #expect(message["userDescription"] as? String == "Message")
            #expect(message["properties"] as? [String] == ["read", "write"])
            let messageHandle = try #require(message["handle"] as? Int)
            let counter = try #require(characteristic(DemoPeripheral.counterUUID.description))
            #expect(counter["properties"] as? [String] == ["read", "notify", "indicate"])
            #expect(counter["subscribed"] as? Bool == true)
            let counterHandle = try #require(counter["handle"] as? Int)
            let sinkHandle = try #require(characteristic(DemoPeripheral.sinkUUID.description)?["handle"] as? Int)
            let heartRate = try #require(characteristic("2A37"))
            #expect(heartRate["properties"] as? [String] == ["notify"])
            #expect((heartRate["descriptors"] as? [[String: Any]])?.contains { $0["uuid"] as? String == "2902" } == true)

            let read = try await client.call(.get, "/api/explorer/devices/\(Self.demo)/characteristics/\(messageHandle)/value")
            #expect(read.status == .ok)
            #expect(read.string("value.utf8") == "Hello from Nightlight")
            #expect(read.string("value.rendering") == "text")
            let count = try await client.call(.get, "/api/explorer/devices/\(Self.demo)/characteristics/0x\(String(counterHandle, radix: 16))/value")
            #expect(count.status == .ok)
            #expect(count["value.byteCount"] as? Int == 4)
            #expect(count["value.uint32"] is Int)
            #expect(count.string("value.float32") != nil)
            #expect(count.array("value.bars").count == 4)

            let written = try await client.call(.put, "/api/explorer/devices/\(Self.demo)/characteristics/\(messageHandle)/value", #"{"hex": "48 69"}"#)
            #expect(written.status == .ok, "\(written.text)")
            #expect(written.string("value.utf8") == "Hi")
            #expect(written["withResponse"] as? Bool == true)
            let again = try await client.call(.get, "/api/explorer/devices/\(Self.demo)/characteristics/\(messageHandle)/value")
            #expect(again.string("value.hex") == "4869")
            let sunk = try await client.call(.put, "/api/explorer/devices/\(Self.demo)/characteristics/\(sinkHandle)/value", #"{"hex": "0x010203", "withResponse": false}"#)
            #expect(sunk.status == .ok, "\(sunk.text)")

            let wrongWay = try await client.call(.put, "/api/explorer/devices/\(Self.demo)/characteristics/\(messageHandle)/value", #"{"hex": "00", "withResponse": false}"#)
            #expect(wrongWay.status == .badRequest)
            #expect(wrongWay.string("error.field") == "withResponse")
            let unreadable = try await client.call(.get, "/api/explorer/devices/\(Self.demo)/characteristics/\(sinkHandle)/value")
            #expect(unreadable.status == .unprocessableContent)
            #expect(unreadable.string("error.code") == "notReadable")
            let nowhere = try await client.call(.get, "/api/explorer/devices/\(Self.demo)/characteristics/0xFFF0/value")
            #expect(nowhere.status == .notFound)
            #expect(nowhere.string("error.code") == "characteristicNotFound")
            let refused = try await client.call(.put, "/api/explorer/devices/\(Self.demo)/characteristics/\(try #require(characteristic("2A39")?["handle"] as? Int))/value", #"{"hex": "02"}"#)
            #expect(refused.status == .unprocessableContent, "the control point answers 0x80")
            #expect(refused.string("error.code") == "refused")

            let gatt = try await client.call(.get, "/api/explorer/devices/\(Self.demo)/gatt")
            #expect(gatt.status == .ok)
            #expect(gatt.array("services").count == services.count)

            // The counter's notifications switched off (no value follows) and on again.
            let subscription = "/api/explorer/devices/\(Self.demo)/characteristics/\(counterHandle)/subscription"
            let off = try await client.call(.put, subscription, #"{"on": false}"#)
            #expect(off.status == .ok, "\(off.text)")
            #expect(off["subscribed"] as? Bool == false)
            func counterState() async throws -> [String: Any]? {
                let answer = try await client.call(.get, "/api/explorer/devices/\(Self.demo)/gatt")
                return answer.array("services").compactMap { $0 as? [String: Any] }.flatMap { $0["characteristics"] as? [[String: Any]] ?? [] }
                    .first { $0["uuid"] as? String == DemoPeripheral.counterUUID.description }
            }
            #expect(try await counterState()?["subscribed"] as? Bool == false)
            let before = (try await counterState()?["value"] as? [String: Any])?["hex"] as? String
            try await Task.sleep(for: .milliseconds(2_500))  // two of the counter's periods
            #expect((try await counterState()?["value"] as? [String: Any])?["hex"] as? String == before, "no notification after unsubscribing")
            let on = try await client.call(.put, subscription, #"{"on": true}"#)
            #expect(on.status == .ok, "\(on.text)")
            #expect(on["subscribed"] as? Bool == true)
            let twice = try await client.call(.put, subscription, #"{"on": true}"#)
            #expect(twice["subscribed"] as? Bool == true, "subscribing again changes nothing")
            let notNotifying = try await client.call(.put, "/api/explorer/devices/\(Self.demo)/characteristics/\(messageHandle)/subscription", #"{"on": true}"#)
            #expect(notNotifying.status == .unprocessableContent)
            #expect(notNotifying.string("error.code") == "notSubscribable")
            let noBody = try await client.call(.put, subscription, #"{"on": "yes"}"#)
            #expect(noBody.status == .badRequest, "\(noBody.text)")

            let disconnected = try await client.call(.post, "/api/explorer/devices/\(Self.demo)/disconnect", "{}")
            #expect(disconnected.status == .ok, "\(disconnected.text)")
            #expect(disconnected.string("device.connection") == "disconnected")
            #expect(disconnected["services"] == nil)
            let gone = try await client.call(.get, "/api/explorer/devices/\(Self.demo)/characteristics/\(messageHandle)/value")
            #expect(gone.string("error.code") == "notConnected")
            let goneSubscription = try await client.call(.put, subscription, #"{"on": true}"#)
            #expect(goneSubscription.string("error.code") == "notConnected")
        }
    }

    /// A nightlight the Explorer connected (the dashboard started afresh, its first page the
    /// Explorer) serves its own dashboard on that connection: the SN's services are found then.
    @Test func aNightlightConnectedInTheExplorerServesItsDashboard() async throws {
        let fixture = try await ExplorerFixture()
        let address = DashboardFixture.secondSN
        _ = try await fixture.base.store.pair(address: address, deviceName: "SN-0002", childName: "Mia")
        try await fixture.explore { explorer in
            try await Self.scanUntilHeard(address, explorer)
            #expect(try await explorer.connect(address).device.connection == "connected")
            try await fixture.server.buildApplication().test(.router) { client in
                let status = try await client.call(.get, "/api/devices/\(address)/status")
                #expect(status.status == .ok, "\(status.text)")
                #expect(status.string("identity.childName") == "Mia")
            }
            #expect(await fixture.server.link.radio.useCount(address) == 1, "the Explorer's hold stays")
        }
    }

    @Test func aRadioThatCannotOpenIsPoweredOffWithTheReason() async throws {
        let link = DeviceLink(DeviceLink.Configuration(
            transport: .unix(path: "/nonexistent/nightlight-explorer-test.sock"), clock: ContinuousClock(), logger: DashboardFixture.quietLogger
        ))
        let explorer = Explorer(link: link.radio, configuration: Explorer.Configuration(clock: ContinuousClock()))
        let radio = await explorer.radio()
        #expect(radio.state == "poweredOff")
        #expect(radio.label == "Powered Off")
        #expect(radio.message?.isEmpty == false)
        #expect(await explorer.devices().isEmpty)
        await link.close()
    }

    @Test func theLiveFeedSendsTheListReadingsAndNotifiedValues() async throws {
        let fixture = try await ExplorerFixture()
        try await fixture.explore { explorer in
            try await Self.scanUntilHeard(Self.demo, explorer)
            let detail = try await explorer.connect(Self.demo)
            #expect(detail.device.connection == "connected")
            let counter = try #require(detail.services?.flatMap(\.characteristics).first { $0.uuid == DemoPeripheral.counterUUID.description })
            let wanted: Set<String> = ["radio", "devices", "rssi", "value"]
            let seen = try await untilDeadline(.seconds(15), otherwise: Set<String>()) {
                var seen: Set<String> = []
                var counterValues = 0
                for await message in ExplorerFeed(explorer: explorer, address: Self.demo).messages() {
                    seen.insert(message.type)
                    if message.type == "value", message.handle == counter.handle { counterValues += 1 }
                    if message.type == "rssi" { #expect(message.reading?.source == "connection") }
                    if seen.isSuperset(of: wanted), counterValues >= 2 { break }
                }
                return seen
            }
            #expect(seen.isSuperset(of: wanted), "\(seen)")
            // The feed's listener goes when its stream ends (a task of its own): until then the
            // Explorer is not idle, and the idle timer does nothing.
            for _ in 0..<250 {
                await explorer.idleExpired()
                if await !explorer.radio().scanning { break }
                try await Task.sleep(for: .milliseconds(20))
            }
            #expect(await explorer.radio().scanning == false, "idle: the scan stops")
            #expect(try await explorer.detail(Self.demo).device.connection == "disconnected", "idle: the connection is released")
        }
    }

    @Test func stoppingTheExplorerEndsItsScanConnectionsAndFeeds() async throws {
        // The server stops it on shutdown (it was built per router, out of the server's reach).
        let fixture = try await ExplorerFixture()
        try await fixture.explore { explorer in
            try await Self.scanUntilHeard(Self.demo, explorer)
            #expect(try await explorer.connect(Self.demo).device.connection == "connected")
            #expect(await fixture.server.link.radio.useCount(Self.demo) == 1)
            let feed = Task {
                var count = 0
                for await _ in ExplorerFeed(explorer: explorer, address: Self.demo).messages() { count += 1 }
                return count
            }
            try await Task.sleep(for: .milliseconds(300))
            await explorer.stop()
            #expect(await feed.value > 0, "the feed ended")
            #expect(await explorer.radio().scanning == false)
            #expect(await fixture.server.link.radio.useCount(Self.demo) == 0, "the Explorer's hold is released")
            #expect(try await explorer.detail(Self.demo).device.connection == "disconnected")
        }
    }

    /// Scans until `address` is in the list (at most 20 s).
    static func scanUntilHeard(_ address: String, _ explorer: Explorer) async throws {
        _ = await explorer.setScanning(true)
        let deadline = ContinuousClock.now + .seconds(60)  // returns once heard; the run's start-up can hold a sim world's advertising up for long
        while await explorer.devices().first(where: { $0.address == address }) == nil, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(100))
        }
    }
}
