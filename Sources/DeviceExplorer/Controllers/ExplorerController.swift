import DashboardShell
import Foundation
import Hummingbird
import HummingbirdWebSocket

/// `/api/explorer/…`: the Explorer page's scanner of every nearby device (``Explorer``): the
/// radio, scanning, the device list, connections, GATT databases, reads and writes, and the
/// live socket `/api/explorer/live`.
package struct ExplorerController {
    /// The scanner behind the routes.
    let explorer: Explorer

    /// The routes of `link`'s Explorer; `clock` times the scan and the RSSI readings, `now` dates
    /// what is shown.
    init(link: RadioLink, clock: any Clock<Duration>, now: @escaping @Sendable () -> Date) {
        explorer = Explorer(link: link, configuration: Explorer.Configuration(clock: clock, now: now))
    }

    /// The routes of an existing Explorer.
    package init(explorer: Explorer) {
        self.explorer = explorer
    }

    package func add(to api: RouterGroup<DashboardContext>) {
        let explorer = explorer
        let routes = api.group("explorer")
        routes.get("radio") { _, _ in
            await explorer.touch()
            return JSONBody.response(await explorer.radio())
        }
        routes.put("scan") { request, _ in
            let body = try await JSONBody.decode(ExplorerScanRequest.self, from: request)
            return JSONBody.response(await explorer.setScanning(body.on))
        }
        routes.get("devices") { _, _ in
            await explorer.touch()
            let snapshot = await explorer.snapshot()
            return JSONBody.response(ExplorerList(radio: snapshot.radio, devices: snapshot.devices))
        }
        routes.get("devices/:address") { _, context in
            JSONBody.response(try await explorer.detail(try RequestInput.address(context)))
        }
        routes.post("devices/:address/connect") { _, context in
            JSONBody.response(try await explorer.connect(try RequestInput.address(context)))
        }
        routes.post("devices/:address/disconnect") { _, context in
            JSONBody.response(try await explorer.disconnect(try RequestInput.address(context)))
        }
        routes.get("devices/:address/gatt") { _, context in
            let address = try RequestInput.address(context)
            return JSONBody.response(ExplorerGATT(address: address, services: try await explorer.gatt(address)))
        }
        routes.get("devices/:address/characteristics/:handle/value") { _, context in
            let address = try RequestInput.address(context)
            let handle = try ExplorerInput.handle(context.parameters.get("handle") ?? "")
            return JSONBody.response(try await explorer.read(address, handle: handle))
        }
        routes.put("devices/:address/characteristics/:handle/value") { request, context in
            let address = try RequestInput.address(context)
            let handle = try ExplorerInput.handle(context.parameters.get("handle") ?? "")
            let body = try await JSONBody.decode(ExplorerWriteRequest.self, from: request)
            let bytes = try ExplorerInput.hex(body.hex, field: "hex")
            return JSONBody.response(try await explorer.write(address, handle: handle, bytes: bytes, withResponse: body.withResponse ?? true))
        }
        routes.put("devices/:address/characteristics/:handle/subscription") { request, context in
            let address = try RequestInput.address(context)
            let handle = try ExplorerInput.handle(context.parameters.get("handle") ?? "")
            let body = try await JSONBody.decode(ExplorerSubscriptionRequest.self, from: request)
            return JSONBody.response(try await explorer.setSubscription(address, handle: handle, on: body.on))
        }
        routes.liveSocket(
            "live",
            shouldUpgrade: { request, _ in
                _ = try ExplorerInput.optionalAddress(request)
                return .upgrade([:])
            },
            onUpgrade: { inbound, outbound, context in
                let address: String?
                do {
                    address = try ExplorerInput.optionalAddress(context.request)
                } catch {
                    return
                }
                // A phone's socket closes as soon as the phone is revoked.
                let revocation = context.requestContext.closingOnRevocation(outbound)
                defer { revocation?.cancel() }
                let feed = Task {
                    let encoder = JSONBody.encoder()
                    for await message in ExplorerFeed(explorer: explorer, address: address).messages() {
                        try await outbound.write(.text(String(decoding: try encoder.encode(message), as: UTF8.self)))
                    }
                }
                defer { feed.cancel() }
                // The page sends nothing; the socket's end ends the feed.
                for try await _ in inbound {}
            }
        )
    }
}

/// Checking what an Explorer request names: handles, hex values, the live socket's address.
enum ExplorerInput {
    /// The most bytes a characteristic value holds (Core 5.4, Vol 3, Part F, 3.2.9).
    static let maximumValueLength = 512

    /// An attribute handle: `42`, `0x2A` or `0x002A`, 0x0001…0xFFFF.
    static func handle(_ text: String) throws -> UInt16 {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let value: UInt16? = if trimmed.lowercased().hasPrefix("0x") {
            UInt16(trimmed.dropFirst(2), radix: 16)
        } else {
            UInt16(trimmed)
        }
        guard let value, value != 0 else {
            throw DashboardError.invalid("handle", "'\(trimmed)' is not an attribute handle; expected 1…65535 or 0x0001…0xFFFF")
        }
        return value
    }

    /// Bytes in hex: `48 69`, `48:69`, `0x4869` or `4869`, 1…512 bytes.
    static func hex(_ text: String, field: String) throws -> [UInt8] {
        var digits = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if digits.lowercased().hasPrefix("0x") { digits.removeFirst(2) }
        digits.removeAll { $0 == " " || $0 == ":" || $0 == "-" }
        guard !digits.isEmpty else { throw DashboardError.invalid(field, "is empty; give the bytes in hex, like 48 69") }
        guard digits.allSatisfy(\.isHexDigit), digits.allSatisfy(\.isASCII) else {
            throw DashboardError.invalid(field, "'\(text)' is not hex; use the digits 0-9 and A-F, two per byte, like 48 69")
        }
        guard digits.count.isMultiple(of: 2) else {
            throw DashboardError.invalid(field, "has \(digits.count) hex digits; each byte takes two")
        }
        let characters = Array(digits)
        let bytes = stride(from: 0, to: characters.count, by: 2).map { UInt8(String(characters[$0...$0 + 1]), radix: 16) ?? 0 }
        guard bytes.count <= maximumValueLength else {
            throw DashboardError.invalid(field, "is \(bytes.count) bytes long; a characteristic value holds at most \(maximumValueLength)")
        }
        return bytes
    }

    /// The live socket's `?address=`, checked, or nil when absent.
    static func optionalAddress(_ request: Request) throws -> String? {
        guard let text = request.uri.queryParameters.get("address"), !text.isEmpty else { return nil }
        return try RequestInput.address(text, field: "address")
    }
}

/// The messages of one `/api/explorer/live` socket: the radio and the whole list first, then
/// each second the devices that changed (the whole list again when the list started over) and
/// the radio when it changed; for the device the socket names (`?address=`), its connection
/// states, RSSI readings and values as they come.
struct ExplorerFeed: Sendable {
    let explorer: Explorer
    /// The device on show, if any.
    let address: String?
    /// How often the list is compared.
    var interval: Duration = .seconds(1)

    func messages() -> AsyncStream<ExplorerMessage> {
        AsyncStream { continuation in
            let task = Task {
                let (events, input) = AsyncStream<ExplorerMessage>.makeStream(bufferingPolicy: .bufferingNewest(1024))
                let id = await explorer.addListener(input)
                let clock = explorer.configuration.clock
                let interval = interval
                let ticker = Task {
                    while !Task.isCancelled {
                        input.yield(ExplorerMessage(type: "tick"))
                        try? await clock.sleep(for: interval, tolerance: nil)
                    }
                }
                var sent: [String: ExplorerDevice] = [:]
                var radio: ExplorerRadio?
                var session: UInt64?
                for await event in events {
                    if event.type == "tick" {
                        let snapshot = await explorer.snapshot()
                        if snapshot.radio != radio {
                            radio = snapshot.radio
                            continuation.yield(ExplorerMessage(type: "radio", radio: snapshot.radio))
                        }
                        let current = Dictionary(snapshot.devices.map { ($0.address, $0) }, uniquingKeysWith: { a, _ in a })
                        if session != snapshot.session || sent.keys.contains(where: { current[$0] == nil }) {
                            session = snapshot.session
                            continuation.yield(ExplorerMessage(type: "devices", devices: snapshot.devices))
                        } else {
                            let changed = snapshot.devices.filter { sent[$0.address] != $0 }
                            if !changed.isEmpty { continuation.yield(ExplorerMessage(type: "update", devices: changed)) }
                        }
                        sent = current
                    } else if let address, event.address == address {
                        continuation.yield(event)
                    }
                }
                ticker.cancel()
                await explorer.removeListener(id)
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}
