import BLE
import BLESimulation
import BLETesting
import BLEVirtual
import Foundation
import HTTPTypes
import HummingbirdTesting
import NightlightSimulation
import NightlightStore
import Synchronization
import Testing
@testable import DashboardShell
@testable import DeviceExplorer
@testable import NightlightDashboard

@Suite("Dashboard: live updates")
struct LiveTests {
    static let address = DashboardFixture.factorySN

    @Test func theLiveRouteChecksTheAddressBeforeUpgrading() async throws {
        try await DashboardFixture().test { client in
            let bad = try await client.call(.get, "/api/live?address=kitchen")
            #expect(bad.status == .badRequest)
            #expect(bad.string("error.field") == "address")
            let unpaired = try await client.call(.get, "/api/live?address=\(Self.address)")
            #expect(unpaired.status == .notFound)
            _ = try await client.call(.post, "/api/devices/pair", ##"{"address": "\##(Self.address)", "childName": "Mia"}"##)
            let paired = try await client.call(.get, "/api/live?address=\(Self.address)")
            #expect(paired.status == .ok)
        }
    }

    /// The live sockets: the nightlight's, the Explorer's and the SensorTag, Bean and Mi Band panels'.
    static let sockets = [
        "/api/live?address=\(address)", "/api/explorer/live", "/api/panels/sensortag/live?address=BC:6A:29:AE:CC:04",
        "/api/panels/bean/live?address=D0:39:72:BE:A0:01", "/api/panels/miband/live?address=C8:0F:10:B2:00:01",
    ]

    /// A page of another site, or of another port of 127.0.0.1 (same site: the browser sends the
    /// cookie), cannot open a live socket; the dashboard's own page and a script can.
    @Test(arguments: sockets) func liveSocketsRefuseOtherOrigins(path: String) async throws {
        let cookie = "nightlight_token=\(DashboardFixture.token)"
        let upgrade: HTTPFields = [.upgrade: "websocket", .connection: "Upgrade", .cookie: cookie]
        try await DashboardFixture().test { client in
            for refused: HTTPFields in [
                [.origin: "http://evil.example"], [.origin: "http://127.0.0.1:9999"],
                [.origin: "http://127.0.0.1:8080", .secFetchSite: "same-site"], [:],
            ] {
                var headers = upgrade
                headers.append(contentsOf: refused)
                let answer = try await client.call(.get, path, headers: headers)
                #expect(answer.status == .forbidden, "\(refused)")
                #expect(answer.string("error.code") == "crossSite", "\(refused)")
            }
            var own = upgrade
            own[.origin] = "http://127.0.0.1:8080"
            own[.secFetchSite] = "same-origin"
            let page = try await client.call(.get, path, headers: own)
            #expect(page.status != .forbidden)
            let script = try await client.call(.get, path, headers: [.upgrade: "websocket", .connection: "Upgrade"])
            #expect(script.status != .forbidden)
        }
    }

    /// On the real server a refused upgrade gets the router's answer (not an empty 400), and an
    /// accepted one becomes a WebSocket that no HTTP deadline closes.
    @Test func refusedUpgradesGetTheRoutersAnswerOnTheWire() async throws {
        let handshake = "Host: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n"
        let bearer = "Authorization: Bearer \(DashboardFixture.token)\r\n"
        let cookie = "Cookie: nightlight_token=\(DashboardFixture.token)\r\n"
        let refused: [(request: String, status: Int, code: String)] = [
            ("GET /api/live?address=\(Self.address) HTTP/1.1\r\n\(handshake)\r\n", 401, "unauthorized"),
            ("GET /api/live?address=\(Self.address) HTTP/1.1\r\n\(handshake)\(bearer)\r\n", 404, "deviceNotFound"),
            ("GET /api/explorer/live?address=kitchen HTTP/1.1\r\n\(handshake)\(bearer)\r\n", 400, "invalidValue"),
            ("GET /api/explorer/live HTTP/1.1\r\n\(handshake)\(cookie)Origin: http://evil.example\r\n\r\n", 403, "crossSite"),
            ("GET /api/panels/sensortag/live?address=BC:6A:29:AE:CC:04 HTTP/1.1\r\n\(handshake)\(cookie)Origin: http://127.0.0.1:9999\r\n\r\n", 403, "crossSite"),
        ]
        // Short limits, so the live socket is seen to outlive the idle timeout; not shorter than
        // a loaded machine may take between opening a connection and sending on it.
        await QuietPool.waitUntilQuiet()  // the server's timeouts are measured in real time
        let limits = ConnectionLimits(requestHeadTimeout: .seconds(2), requestBodyTimeout: .seconds(2), idleTimeout: .seconds(2))
        try await DashboardFixture(port: 0, limits: limits, populate: { _, _ in }).serve { port in
            for (request, status, code) in refused {
                let connection = try await RawConnection.open(port: port)
                try await connection.send(request)
                #expect(await connection.waitForClose(within: .seconds(5)))
                #expect(connection.status == status, "\(request)\n\(connection.text)")
                #expect(connection.body.contains(#""code":"\#(code)""#), "\(request)\n\(connection.text)")
            }
            let accepted = try await RawConnection.open(port: port)
            try await accepted.send("GET /api/explorer/live HTTP/1.1\r\n\(handshake)\(bearer)\r\n")
            #expect(await accepted.waitForAnswer(within: .seconds(5)))
            #expect(accepted.status == 101, "\(accepted.text)")
            #expect(!(await accepted.waitForClose(within: .seconds(3))), "a live socket outlives the idle timeout")
            await accepted.close()
        }
    }

    /// A WebSocket close frame with status 1008 (policy violation), as the server sends it.
    static func sentPolicyClose(_ connection: RawConnection) -> Bool {
        let bytes = connection.bytes
        guard bytes.count >= 4 else { return false }
        return (0..<(bytes.count - 3)).contains { bytes[$0] == 0x88 && bytes[$0 + 2] == 0x03 && bytes[$0 + 3] == 0xF0 }
    }

    /// A phone's open live sockets (the nightlight's, the Explorer's) are closed by the server
    /// when the phone is revoked, whether through the API (at once) or by another process writing
    /// the store, as `nightlight phones revoke` does (within the poll), even while the nightlight
    /// sends nothing.
    @Test(.timeLimit(.minutes(2))) func aRevokedPhonesLiveSocketIsClosed() async throws {
        let fixture = try await DashboardFixture(port: 0)
        let store = fixture.store
        var phones: [(id: Int64, secret: String)] = []
        for name in ["Dad's phone", "Gran's phone"] {
            let (code, secret) = (PhoneSecret.generate(), PhoneSecret.generate())
            try await store.addPhoneInvitation(codeHash: PhoneSecret.hash(code), name: name, expiresAt: Date().addingTimeInterval(600))
            guard case .success(let phone) = try await store.acceptPhoneInvitation(codeHash: PhoneSecret.hash(code), name: name, secretHash: PhoneSecret.hash(secret)) else {
                Issue.record("the invitation was refused")
                return
            }
            phones.append((phone.id, secret))
        }
        let (viaAPI, viaStore) = (phones[0], phones[1])
        let bearer = "Authorization: Bearer \(DashboardFixture.token)\r\n"
        let handshake = "Host: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n"
        try await fixture.serve { port in
            let pair = try await RawConnection.open(port: port)
            let body = ##"{"address": "\##(Self.address)", "childName": "Mia"}"##
            try await pair.send("POST /api/devices/pair HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\(bearer)Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)")
            #expect(await pair.waitForClose(within: .seconds(30)))
            #expect(pair.status == 200 || pair.status == 201, "\(pair.text)")

            var sockets: [RawConnection] = []
            // The first phone has the nightlight's socket and the Explorer's; the second the nightlight's.
            for (phone, path) in [(viaAPI, "/api/live?address=\(Self.address)"), (viaStore, "/api/live?address=\(Self.address)"), (viaAPI, "/api/explorer/live")] {
                let socket = try await RawConnection.open(port: port)
                try await socket.send("GET \(path) HTTP/1.1\r\n\(handshake)Origin: http://127.0.0.1\r\nCookie: nightlight_phone=\(phone.secret)\r\n\r\n")
                #expect(await socket.waitForAnswer(within: .seconds(10)))
                #expect(socket.status == 101, "\(socket.text)")
                sockets.append(socket)
            }
            // Let the first burst of messages (connection, state, battery…) pass: then the feed is quiet.
            try await Task.sleep(for: .seconds(3))
            #expect(!sockets.contains { Self.sentPolicyClose($0) }, "a phone with access keeps its socket")

            let revoke = try await RawConnection.open(port: port)
            try await revoke.send("DELETE /api/phones/\(viaAPI.id) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\(bearer)\r\n")
            #expect(await revoke.waitForClose(within: .seconds(10)))
            #expect(revoke.status == 204, "\(revoke.text)")
            let (apiSocket, storeSocket, explorerSocket) = (sockets[0], sockets[1], sockets[2])
            let closedAtOnce = try await untilDeadline(.seconds(3), otherwise: false) {
                while !Self.sentPolicyClose(apiSocket) || !Self.sentPolicyClose(explorerSocket) { try await Task.sleep(for: .milliseconds(20)) }
                return true
            }
            #expect(closedAtOnce, "the revoked phone's sockets were not both closed: \(Self.sentPolicyClose(apiSocket)), Explorer \(Self.sentPolicyClose(explorerSocket))")
            #expect(!Self.sentPolicyClose(sockets[1]), "another phone's socket stays open")

            // Another process revokes the second phone in the database.
            _ = try await store.revokePhone(id: viaStore.id)
            let closedByPoll = try await untilDeadline(.seconds(8), otherwise: false) {
                while !Self.sentPolicyClose(storeSocket) { try await Task.sleep(for: .milliseconds(20)) }
                return true
            }
            #expect(closedByPoll, "the socket of a phone revoked in the store was not closed")
            for socket in sockets + [pair, revoke] { await socket.close() }
        }
    }

    @Test func theFeedSendsEveryKindOfUpdateAndHoldsTheConnection() async throws {
        let fixture = try await DashboardFixture()
        try await fixture.test { client in
            _ = try await client.call(.post, "/api/devices/pair", ##"{"address": "\##(Self.address)", "childName": "Mia"}"##)
            let wanted: Set<String> = ["connection", "activeState", "battery", "power", "clock", "button"]
            let seen = try await untilDeadline(.seconds(10), otherwise: Set<String>()) {
                    var seen: Set<String> = []
                    for try await message in LiveFeed(link: fixture.server.link, firmwareUpdates: fixture.server.firmwareUpdates, address: Self.address).messages() {
                        #expect(message.type != "error", "\(message.message ?? "")")
                        seen.insert(message.type)
                        if seen.isSuperset(of: wanted) { break }
                    }
                    return seen
            }
            #expect(seen.isSuperset(of: wanted), "\(seen)")
            #expect(await fixture.server.link.isConnected(Self.address))
            let proof = try await client.call(.put, "/api/devices/\(Self.address)/proof", ##"{"on": false}"##)
            #expect(proof.status == .ok)
        }
    }

    /// Several pages on one nightlight through a lost link: a press while it is down and one
    /// after it is back both reach every page (the soak test found pages that went deaf to the
    /// button after a loss: a subscription made again on the new link was refused, and the
    /// feed, waiting for all five with `waitForAll()`, never made it again; or one counted on
    /// another's refused CCCD write). A regression test: with 4 pages it does not reproduce
    /// the refusal, which took the soak's 10 pages a nightlight.
    @Test(.timeLimit(.minutes(2))) func whatChangedWhileTheLinkWasLostIsSentWhenItIsBack() async throws {
        let world = Mutex<SimWorld?>(nil)
        // Reconnecting waits 2 s: the press surely comes while the link is down.
        let fixture = try await DashboardFixture(reconnectPolicy: ReconnectPolicy(initialDelay: .seconds(2), maximumAttempts: 5)) { sim, directory in
            world.withLock { $0 = sim }
            try await DashboardFixture.nightlights(sim, directory: directory)
        }
        try await fixture.test { client in
            _ = try await client.call(.post, "/api/devices/pair", ##"{"address": "\##(Self.address)", "childName": "Mia"}"##)
            let button = ##"{"isEnabled": true, "color": "#FFA040", "onTime": 600, "dailyUsage": 0, "deactivationWindow": {"start": 0, "end": 0}, "shakeMode": false}"##
            #expect(try await client.call(.put, "/api/devices/\(Self.address)/button", button).status == .ok)
            let sim = try #require(world.withLock { $0 })
            let device = try #require(await sim.devices.first { $0.address.description == Self.address })
            let nightlight = try #require(device.device as? VirtualNightlight)
            let central = try #require(sim.link.controllers.first { $0.publicAddress == SimWorld.firstCentralAddress })
            let pages = 4
            let box = PageMessages(pages: pages)
            let (link, updates) = (fixture.server.link, fixture.server.firmwareUpdates)
            let feeds = (0..<pages).map { page in
                Task {
                    for try await message in LiveFeed(link: link, firmwareUpdates: updates, address: Self.address).messages() {
                        box.messages.withLock { $0[page].append(message) }
                    }
                }
            }
            defer { for feed in feeds { feed.cancel() } }
            /// Whether every page's messages from `from[page]` on satisfy `condition` within `limit`.
            func everyPage(within limit: Duration, from: [Int] = Array(repeating: 0, count: pages), _ condition: @escaping @Sendable (ArraySlice<LiveMessage>) -> Bool) async throws -> Bool {
                try await untilDeadline(limit, otherwise: false) {
                    while !box.messages.withLock({ all in all.indices.allSatisfy { condition(all[$0][from[$0]...]) } }) {
                        try await Task.sleep(for: .milliseconds(20))
                    }
                    return true
                }
            }
            #expect(try await everyPage(within: .seconds(15)) { $0.contains { $0.type == "button" } }, "the feeds' first values")
            sim.link.simulateLinkLoss(between: central, and: device.controller)
            #expect(try await everyPage(within: .seconds(10)) { $0.contains { $0.connection == "reconnecting" } })
            #expect(try await nightlight.press() == .turnOn)
            let lightOn = try await everyPage(within: .seconds(20)) { $0.contains { $0.button?.isLightOn == true } }
            #expect(lightOn, "the light turned on while the link was lost; the feeds sent \(box.messages.withLock { $0.map { $0.map(\.type) } })")
            // Back: a press now is notified to every page.
            let seen = box.messages.withLock { $0.map(\.count) }
            #expect(try await nightlight.press() == .turnOff)
            let lightOff = try await everyPage(within: .seconds(20), from: seen) { $0.contains { $0.button?.isLightOn == false } }
            #expect(lightOff, "the light turned off after the link was back; the feeds sent \(box.messages.withLock { $0.map { $0.map(\.type) } })")
        }
    }

    /// A request while the link is being made again waits for it (the reconnection is cancelled
    /// and a fresh attempt made) instead of failing with "is reconnecting; wait for it", which
    /// the soak test saw end a firmware update started then.
    @Test(.timeLimit(.minutes(2))) func aRequestDuringAReconnectionIsServed() async throws {
        let world = LiveWorld()
        // The reconnection waits 5 s: the request surely comes while it is under way.
        let fixture = try await DashboardFixture(reconnectPolicy: ReconnectPolicy(initialDelay: .seconds(5), maximumAttempts: 5)) { sim, directory in
            world.sim.withLock { $0 = sim }
            try await DashboardFixture.nightlights(sim, directory: directory)
        }
        try await fixture.test { client in
            _ = try await client.call(.post, "/api/devices/pair", ##"{"address": "\##(Self.address)", "childName": "Mia"}"##)
            let sim = try #require(world.sim.withLock { $0 })
            let device = try #require(await sim.devices.first { $0.address.description == Self.address })
            let central = try #require(sim.link.controllers.first { $0.publicAddress == SimWorld.firstCentralAddress })
            await fixture.server.link.hold(Self.address)
            defer { Task { await fixture.server.link.release(Self.address) } }
            let states = try await fixture.server.link.connectionStates(Self.address)
            sim.link.simulateLinkLoss(between: central, and: device.controller)
            let reconnecting = try await untilDeadline(.seconds(10), otherwise: false) {
                for await state in states { if case .reconnecting = state { return true } }
                return false
            }
            #expect(reconnecting)
            let answer = try await client.call(.get, "/api/devices/\(Self.address)/button")
            #expect(answer.status == .ok, "\(answer.text)")
        }
    }

    /// The sim world a fixture made.
    final class LiveWorld: Sendable {
        let sim = Mutex<SimWorld?>(nil)
    }

    /// What each page's feed received.
    final class PageMessages: Sendable {
        let messages: Mutex<[[LiveMessage]]>
        init(pages: Int) { messages = Mutex(Array(repeating: [], count: pages)) }
    }

    @Test func liveBatteryReadingsGoIntoTheHistoryOncePerChange() async throws {
        let store = try NightlightStore.inMemory()
        try await store.pair(address: Self.address, deviceName: "SN-0001", childName: "Mia")
        let clock = Mutex(Date(timeIntervalSince1970: 1_800_000_000))
        let recorder = BatteryHistoryRecorder(store: store, now: { clock.withLock { $0 } })
        let battery = { (level: Int) in LiveMessage(type: "battery", batteryLevel: level) }
        let power = { (charging: Bool) in LiveMessage(type: "power", isCharging: charging) }
        await recorder.observe(battery(80), address: Self.address)       // charging not known yet
        await recorder.observe(power(false), address: Self.address)      // 80 %, on battery: the baseline
        await recorder.observe(battery(80), address: Self.address)       // a second page: same
        await recorder.observe(LiveMessage(type: "clock"), address: Self.address)
        await recorder.observe(battery(79), address: Self.address)       // changed
        await recorder.observe(power(true), address: Self.address)       // changed
        clock.withLock { $0 += BatteryHistoryRecorder.interval + 1 }
        await recorder.observe(battery(79), address: Self.address)       // unchanged, but due again
        let range = Date(timeIntervalSince1970: 0)...Date(timeIntervalSince1970: 2_000_000_000)
        let entries = try await store.history(for: Self.address, in: range, kinds: [.battery])
        let events = entries.map { "\($0.event)" }
        #expect(entries.count == 3, "\(events)")
    }
}
