import DashboardShell
import Foundation
import Hummingbird
import Nightlight
import NightlightStore
import NIOCore

/// `/api/firmware/inspect` and `/api/devices/{address}/firmware`: reading an image file and
/// updating a nightlight with it in the background (progress on the live socket).
struct FirmwareController {
    let store: NightlightStore
    let link: DeviceLink
    let updates: FirmwareUpdates
    let alerts: AlertMonitor

    /// The routes whose body is an image file (`application/octet-stream`), not JSON.
    static func takesImage(_ path: String) -> Bool {
        path == "/api/firmware/inspect" || (path.hasPrefix("/api/devices/") && path.hasSuffix("/firmware"))
    }

    /// What `inspect` tells about an image.
    struct ImageSummary: Codable, Sendable {
        var model: String
        var version: String
        var byteCount: Int
        var payloadByteCount: Int
        /// `0x1A2B3C4D`: the CRC-32 the Start request carries.
        var crc32: String
    }

    func add(to api: RouterGroup<DashboardContext>) {
        api.post("firmware/inspect") { request, _ in
            let image = try await Self.image(from: request)
            let bytes = image.encode()
            return JSONBody.response(ImageSummary(
                model: image.model, version: image.version, byteCount: bytes.count, payloadByteCount: image.payload.count,
                crc32: "0x" + String(CRC32.checksum(bytes), radix: 16, uppercase: true).leftPadded(to: 8)
            ))
        }
        api.get("devices/:address/firmware") { _, context in
            let address = try RequestInput.address(context)
            let device = try await pairedDevice(address)
            return JSONBody.response(updates.record(address) ?? FirmwareUpdateRecord(state: .idle, currentVersion: device.firmwareVersion))
        }
        api.post("devices/:address/firmware") { request, context in
            let address = try RequestInput.address(context)
            let device = try await pairedDevice(address)
            let image = try await Self.image(from: request)
            let record = try updates.start(image, address: address, previousVersion: device.firmwareVersion, link: link, store: store, alerts: alerts)
            return JSONBody.response(record, status: .accepted)
        }
    }

    private func pairedDevice(_ address: String) async throws -> PairedDevice {
        guard let device = try await store.device(address: address) else {
            throw DashboardError(.notFound, "deviceNotFound", "no paired nightlight has the address \(address); pair it first")
        }
        return device
    }

    /// The request's body as a signed nightlight firmware image (§7.1); 400 `invalidFirmware`
    /// naming what is wrong with it (an unsigned image: that it is not signed and SN firmware 1.1
    /// accepts signed images only), 413 over 1 MiB.
    static func image(from request: Request) async throws -> FirmwareImage {
        var request = request
        let buffer: ByteBuffer
        do {
            buffer = try await request.collectBody(upTo: FirmwareImage.maximumByteCount)
        } catch {
            throw DashboardError(.contentTooLarge, "tooLarge", "the image is over 1 MiB, the most a nightlight takes")
        }
        guard buffer.readableBytes > 0 else {
            throw DashboardError(.badRequest, "invalidFirmware", "the request has no image; send the file's bytes", field: "image")
        }
        do throws(SNValueError) {
            return try FirmwareImage(bytes: Array(buffer.readableBytesView))
        } catch where error.code == .unsignedImage {
            throw FirmwareUpdates.unsigned(error)
        } catch {
            throw DashboardError(.badRequest, "invalidFirmware", "\(error.description); this is not a nightlight firmware image (nothing was sent to the nightlight)", field: "image")
        }
    }
}
