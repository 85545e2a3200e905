import Foundation
import HTTPTypes
import HummingbirdTesting
import Nightlight
import NIOCore
import Testing
@testable import DashboardShell
@testable import DeviceExplorer
@testable import NightlightDashboard

@Suite("Dashboard: firmware routes on virtual nightlights")
struct FirmwareRouteTests {
    static let address = DashboardFixture.secondSN

    @Test func inspectReadsAnImageAndRefusesEverythingElse() async throws {
        try await DashboardFixture().test { client in
            let image = FirmwareImage.testImage(version: "1.2.0", payloadSize: 1000).encode()
            let good = try await client.upload("/api/firmware/inspect", image)
            #expect(good.status == .ok, "\(good.text)")
            #expect(good.string("version") == "1.2.0")
            #expect(good.string("model") == "SN-1")
            #expect(good["byteCount"] as? Int == image.count)
            #expect(good["payloadByteCount"] as? Int == 1000)
            #expect(good.string("crc32") == String(format: "0x%08X", CRC32.checksum(image)))

            let noise = try await client.upload("/api/firmware/inspect", [0xC6, 0x58, 0x4F, 0x24] + Array(repeating: 7, count: 60))
            #expect(noise.status == .badRequest)
            #expect(noise.string("error.code") == "invalidFirmware")
            #expect(noise.string("error.field") == "image")
            #expect(noise.string("error.message")?.hasPrefix("firmware image: magic c6584f24 is not \"SNFW\"") == true, "\(noise.text)")
            var truncated = image
            truncated.removeLast(100)
            let short = try await client.upload("/api/firmware/inspect", truncated)
            #expect(short.string("error.message")?.contains("payload length 1000 does not match the 964 bytes") == true, "\(short.text)")
            let cut = try await client.upload("/api/firmware/inspect", Array(image.dropLast(10)))
            #expect(cut.string("error.message")?.contains("signature is 54 bytes") == true, "\(cut.text)")

            // An unsigned image (profile 1.0): told at once that SN firmware 1.1 refuses it.
            for unsigned in [FirmwareImage.unsigned(version: "1.2.0", payload: Array(repeating: 1, count: 100)).encode(), Array(image.dropLast(64))] {
                let answer = try await client.upload("/api/firmware/inspect", unsigned)
                #expect(answer.status == .badRequest)
                #expect(answer.string("error.code") == "unsignedFirmware")
                #expect(answer.string("error.field") == "image")
                let message = answer.string("error.message") ?? ""
                #expect(message.hasPrefix("firmware image: this image is not signed"), "\(answer.text)")
                #expect(message.contains("SN firmware 1.1 accepts signed images only"), "\(answer.text)")
                #expect(message.hasSuffix("(nothing was sent to the nightlight)"), "\(answer.text)")
            }
            #expect(try await client.upload("/api/firmware/inspect", []).string("error.code") == "invalidFirmware")

            let json = try await client.call(.post, "/api/firmware/inspect", "{}")
            #expect(json.status == .unsupportedMediaType)
            let huge = try await client.upload("/api/firmware/inspect", Array(repeating: 0, count: FirmwareImage.maximumByteCount + 1))
            #expect(huge.status == .contentTooLarge)
            let anonymous = try await client.upload("/api/firmware/inspect", image, token: nil)
            #expect(anonymous.status == .unauthorized)
        }
    }

    @Test func anUpdateRunsInTheBackgroundAndReportsItsProgress() async throws {
        let fixture = try await DashboardFixture()
        try await fixture.test { client in
            let unpaired = try await client.upload("/api/devices/\(Self.address)/firmware", FirmwareImage.testImage(version: "1.2.0").encode())
            #expect(unpaired.status == .notFound)
            _ = try await client.call(.post, "/api/devices/pair", ##"{"address": "\##(Self.address)"}"##)
            let idle = try await client.call(.get, "/api/devices/\(Self.address)/firmware")
            #expect(idle.string("state") == "idle")
            #expect(idle.string("currentVersion") == "1.0.0")

            // A damaged image is refused before anything reaches the nightlight.
            var damaged = FirmwareImage.testImage(version: "1.2.0").encode()
            damaged[0] = 0x58
            let refused = try await client.upload("/api/devices/\(Self.address)/firmware", damaged)
            #expect(refused.status == .badRequest)
            #expect(refused.string("error.message")?.contains("nothing was sent to the nightlight") == true)
            #expect(try await client.call(.get, "/api/devices/\(Self.address)/firmware").string("state") == "idle")
            let unsigned = FirmwareImage.unsigned(version: "1.2.0", payload: Array(repeating: 1, count: 100)).encode()
            let notSigned = try await client.upload("/api/devices/\(Self.address)/firmware", unsigned)
            #expect(notSigned.status == .badRequest)
            #expect(notSigned.string("error.code") == "unsignedFirmware")
            #expect(notSigned.string("error.message")?.contains("this image is not signed (header version 1, SN-1 1.2.0); SN firmware 1.1 accepts signed images only") == true, "\(notSigned.text)")
            #expect(try await client.call(.get, "/api/devices/\(Self.address)/firmware").string("state") == "idle", "nothing was sent")

            let saved = try await client.call(.post, "/api/schedules", ##"{"name": "Library", "schedule": \##(ScheduleRouteTests.schedule)}"##)
            #expect(saved.status == .created, "\(saved.text)")

            let progress = fixture.server.firmwareUpdates.updates(Self.address)
            let started = try await client.upload("/api/devices/\(Self.address)/firmware", FirmwareImage.testImage(version: "1.2.0", payloadSize: 8000).encode())
            #expect(started.status == .accepted, "\(started.text)")
            #expect(started.string("state") == "running")
            #expect(started.string("previousVersion") == "1.0.0")
            let again = try await client.upload("/api/devices/\(Self.address)/firmware", FirmwareImage.testImage(version: "1.3.0").encode())
            #expect(again.status == .conflict)
            #expect(again.string("error.code") == "busy")
            let blocked = try await client.call(.get, "/api/devices/\(Self.address)/status")
            #expect(blocked.status == .conflict)
            // Every write takes the same guard, applying a saved schedule too.
            let apply = try await client.call(.post, "/api/schedules/Library/apply", ##"{"address": "\##(Self.address)"}"##)
            #expect(apply.status == .conflict, "\(apply.text)")
            #expect(apply.string("error.code") == "busy")
            let fromDevice = try await client.call(.post, "/api/schedules", ##"{"name": "Copy", "fromDevice": "\##(Self.address)"}"##)
            #expect(fromDevice.string("error.code") == "busy")

            var phases: [FirmwareUpdateProgress.Phase] = []
            var last: FirmwareUpdateRecord?
            for await record in progress {
                if let phase = record.phase, phases.last != phase { phases.append(phase) }
                last = record
                if record.state != .running { break }
            }
            #expect(last?.state == .done, "\(String(describing: last))")
            #expect(last?.currentVersion == "1.2.0")
            #expect(phases.first == .starting)
            #expect(phases.contains(.sending) && phases.contains(.validating) && phases.contains(.activating) && phases.contains(.verifying))
            #expect(phases.last == .done)

            let done = try await client.call(.get, "/api/devices/\(Self.address)/firmware")
            #expect(done.string("state") == "done")
            #expect(done.string("finishedAt") != nil)
            let status = try await client.call(.get, "/api/devices/\(Self.address)/status")
            #expect(status.string("identity.firmwareVersion") == "1.2.0", "\(status.text)")
            let stored = try await client.call(.get, "/api/devices")
            #expect(stored.string("0.firmwareVersion") == "1.2.0")
        }
    }

    @Test func theLiveFeedCarriesFirmwareProgress() async throws {
        let fixture = try await DashboardFixture()
        try await fixture.test { client in
            _ = try await client.call(.post, "/api/devices/pair", ##"{"address": "\##(Self.address)"}"##)
            let feed = LiveFeed(link: fixture.server.link, firmwareUpdates: fixture.server.firmwareUpdates, address: Self.address).messages()
            let records = try await untilDeadline(.seconds(30), otherwise: [FirmwareUpdateRecord]()) {
                    var records: [FirmwareUpdateRecord] = []
                    var started = false
                    for try await message in feed {
                        if message.type == "connection", !started {
                            started = true
                            let answer = try await client.upload("/api/devices/\(Self.address)/firmware", FirmwareImage.testImage(version: "2.0.0", payloadSize: 3000).encode())
                            #expect(answer.status == .accepted)
                        }
                        if let record = message.firmware {
                            records.append(record)
                            if record.state != .running { break }
                        }
                    }
                    return records
            }
            #expect(records.last?.state == .done, "\(records)")
            #expect(records.contains { $0.phase == .sending })
        }
    }
}

extension TestClientProtocol {
    /// Sends `bytes` as `application/octet-stream` with the bearer token (unless nil).
    func upload(_ uri: String, _ bytes: [UInt8], token: String? = DashboardFixture.token) async throws -> Answer {
        var fields: HTTPFields = [.contentType: "application/octet-stream"]
        if let token { fields[.authorization] = "Bearer \(token)" }
        return try await execute(uri: uri, method: .post, headers: fields, body: ByteBuffer(bytes: bytes)) { Answer($0) }
    }
}
