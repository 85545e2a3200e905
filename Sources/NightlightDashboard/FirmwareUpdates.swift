import DashboardShell
import Foundation
import Nightlight
import NightlightStore
import Synchronization

/// Where a nightlight's firmware update is, as `GET /api/devices/{address}/firmware` and the live
/// `firmware` messages show it.
struct FirmwareUpdateRecord: Codable, Sendable, Hashable {
    /// `idle` (no update since the dashboard started), `running`, `done` or `failed`.
    enum State: String, Codable, Sendable {
        case idle, running, done, failed
    }

    var state: State
    /// The step (``FirmwareUpdateProgress/Phase``), while running or where it ended.
    var phase: FirmwareUpdateProgress.Phase?
    /// Image bytes the nightlight has.
    var sent: Int?
    /// The image's size.
    var total: Int?
    /// Percent of the image the nightlight has.
    var percent: Double?
    /// Resumes after lost links.
    var resumes: Int?
    /// The image's version.
    var version: String?
    /// The version the nightlight ran before.
    var previousVersion: String?
    /// The version the nightlight runs now, as far as the dashboard knows.
    var currentVersion: String?
    /// On failure: what went wrong, and that the old firmware still runs.
    var message: String?
    var startedAt: Date?
    var finishedAt: Date?
}

/// The firmware updates the dashboard runs, one at a time per nightlight, in the background: the
/// request that starts one returns at once; the page follows it through ``updates(_:)``.
final class FirmwareUpdates: Sendable {
    private struct State {
        var records: [String: FirmwareUpdateRecord] = [:]
        var observers: [String: [UUID: AsyncStream<FirmwareUpdateRecord>.Continuation]] = [:]
        var tasks: [String: Task<Void, Never>] = [:]
    }

    private let state = Mutex(State())

    /// The current or last update of the nightlight, nil when there was none.
    func record(_ address: String) -> FirmwareUpdateRecord? {
        state.withLock { $0.records[DeviceLink.key(address)] }
    }

    /// Whether an update of the nightlight runs now.
    func isRunning(_ address: String) -> Bool {
        record(address)?.state == .running
    }

    /// Every change of the nightlight's update record from now on.
    func updates(_ address: String) -> AsyncStream<FirmwareUpdateRecord> {
        let key = DeviceLink.key(address)
        let (stream, continuation) = AsyncStream.makeStream(of: FirmwareUpdateRecord.self, bufferingPolicy: .bufferingNewest(16))
        let id = UUID()
        state.withLock { $0.observers[key, default: [:]][id] = continuation }
        continuation.onTermination = { [weak self] _ in
            _ = self?.state.withLock { $0.observers[key]?.removeValue(forKey: id) }
        }
        return stream
    }

    /// The 400 `unsignedFirmware` of an image that is not signed (§7.1): SN firmware 1.1 rejects
    /// it, so it is not sent.
    static func unsigned(_ error: SNValueError) -> DashboardError {
        DashboardError(.badRequest, "unsignedFirmware", "\(error.description) (nothing was sent to the nightlight)", field: "image")
    }

    /// Starts updating the nightlight with `image` through `link`; returns the first record.
    /// - Throws: ``DashboardError`` `unsignedFirmware` (400) for an image that is not signed,
    ///   `invalidFirmware` (400) for one that breaks a rule of the format, before anything is sent; `busy` (409) when an update of it
    ///   already runs.
    func start(_ image: FirmwareImage, address: String, previousVersion: String?, link: DeviceLink, store: NightlightStore, alerts: AlertMonitor) throws -> FirmwareUpdateRecord {
        do throws(SNValueError) {
            try image.validate()
        } catch where error.code == .unsignedImage {
            throw Self.unsigned(error)
        } catch {
            throw DashboardError(.badRequest, "invalidFirmware", "\(error.description) (nothing was sent to the nightlight)", field: "image")
        }
        let key = DeviceLink.key(address)
        let first = FirmwareUpdateRecord(
            state: .running, phase: .starting, sent: 0, total: image.encode().count, percent: 0, resumes: 0, version: image.version,
            previousVersion: previousVersion, currentVersion: previousVersion, startedAt: Date()
        )
        try state.withLock { state in
            if state.records[key]?.state == .running {
                throw DashboardError(.conflict, "busy", "a firmware update of \(key) is already running; wait for it to finish")
            }
            state.records[key] = first
        }
        publish(key, first)
        let task = Task { [self] in
            do {
                let running = try await link.withClient(key) { client in
                    // The update reconnects by itself (resumes, the restart into the new image).
                    let policy = client.peripheral.reconnectPolicy
                    client.peripheral.setReconnectPolicy(nil)
                    defer { client.peripheral.setReconnectPolicy(policy) }
                    return try await client.updateFirmware(image) { progress in self.progressed(key, progress) }
                }
                _ = try? await store.updateDevice(key, DeviceUpdate(firmwareVersion: running))
                change(key) { record in
                    record.state = .done
                    record.phase = .done
                    record.currentVersion = running
                }
                await alerts.observeFirmware(key, failed: false)
            } catch {
                // The nightlight keeps the old image unless it activated the new one: ask it.
                let described = DashboardError.from(error).message
                let current = try? await link.withClient(key) { client in try await client.read(.firmwareRevision) }
                change(key) { record in
                    record.state = .failed
                    if let current { record.currentVersion = current }
                    let runs = current ?? record.previousVersion ?? "its old firmware"
                    record.message = "\(described). The nightlight still runs \(current.map { "firmware \($0)" } ?? runs)."
                }
                // An update cut short by the dashboard's own shutdown is not the nightlight's failure.
                if !Task.isCancelled { await alerts.observeFirmware(key, failed: true) }
            }
            _ = state.withLock { $0.tasks.removeValue(forKey: key) }
        }
        state.withLock { $0.tasks[key] = task }
        return first
    }

    /// Stops every running update (the server is shutting down).
    func cancelAll() {
        for task in state.withLock({ Array($0.tasks.values) }) { task.cancel() }
    }

    private func progressed(_ key: String, _ progress: FirmwareUpdateProgress) {
        change(key) { record in
            record.phase = progress.phase
            record.sent = progress.sent
            record.total = progress.total
            record.percent = (progress.percent * 10).rounded() / 10
            record.resumes = progress.resumes
        }
    }

    private func change(_ key: String, _ body: (inout FirmwareUpdateRecord) -> Void) {
        let record: FirmwareUpdateRecord? = state.withLock { state in
            guard var record = state.records[key] else { return nil }
            body(&record)
            if record.state != .running, record.finishedAt == nil { record.finishedAt = Date() }
            state.records[key] = record
            return record
        }
        if let record { publish(key, record) }
    }

    private func publish(_ key: String, _ record: FirmwareUpdateRecord) {
        let observers = state.withLock { Array(($0.observers[key] ?? [:]).values) }
        for observer in observers { observer.yield(record) }
    }
}
