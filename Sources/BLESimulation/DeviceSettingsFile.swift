import BLEVirtual
import Foundation
import Logging
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a virtual device keeps its settings, as firmware keeps them in flash: one JSON file per
/// device (or memory only), written atomically.
///
/// A save writes a temporary file beside the settings file (mode 0600: only its owner may read
/// it), flushes it and renames it over the old one, so a process killed at any moment leaves the old or the new contents, never half of
/// them. A file that cannot be read, or whose record the device refuses, is logged as an error
/// and treated as missing: the device starts afresh and overwrites it at its next save.
///
/// ```swift
/// struct BulbSettings: Codable, Sendable { var color: UInt32 }
/// let flash = DeviceSettingsFile<BulbSettings>(directory: directory, name: "bulb-0.json")
/// let color = flash.load(logger: logger, fallback: "starting full white") { settings in
///     guard settings.color <= 0xFFFFFF else { throw VirtualError(.invalidArgument, "not a color") }
///     return settings.color
/// } ?? 0xFFFFFF
/// flash.save(BulbSettings(color: 0xFF8000), logger: logger)
/// ```
public final class DeviceSettingsFile<Record: Codable & Sendable>: Sendable {
    /// The file, or nil to keep the record in memory (it then lasts as long as this object:
    /// across simulated restarts of the device, not across processes).
    public let path: String?
    /// What the log calls the file: `settings` (`the settings file …`), `flash`, ….
    public let label: String
    private let memory = Mutex<Record?>(nil)

    /// Settings at `path` (nil: in memory), called `label` in the log.
    public init(path: String?, label: String = "settings") {
        self.path = path
        self.label = label
    }

    /// Settings named `name` in `directory` (nil: in memory), called `label` in the log.
    public convenience init(directory: String?, name: String, label: String = "settings") {
        self.init(path: directory.map { URL(fileURLWithPath: $0).appendingPathComponent(name).path }, label: label)
    }

    /// The record saved last, as `decode` makes it; nil when there is none, when the file is
    /// unreadable, or when `decode` throws (the device refuses what it holds). The last two are
    /// logged as errors that end with `fallback`, what the device does instead (e.g. `starting
    /// at factory settings`).
    public func load<Value>(logger: Logger?, fallback: String, _ decode: (Record) throws -> Value) -> Value? {
        let record: Record
        if let path {
            guard FileManager.default.fileExists(atPath: path) else { return nil }
            do {
                record = try JSONDecoder().decode(Record.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
            } catch {
                logger?.error("the \(place) is unreadable; \(fallback) and replacing it", metadata: ["error": "\(error)"])
                return nil
            }
        } else {
            guard let saved = memory.withLock({ $0 }) else { return nil }
            record = saved
        }
        do {
            return try decode(record)
        } catch {
            logger?.error("the \(place) holds an invalid value; \(fallback) and replacing it", metadata: ["error": "\(error)"])
            return nil
        }
    }

    /// The record saved last; nil when there is none or the file is unreadable (logged as an
    /// error that ends with `fallback`).
    public func load(logger: Logger?, fallback: String) -> Record? {
        load(logger: logger, fallback: fallback) { $0 }
    }

    /// Saves `record` (pretty-printed JSON, sorted keys); a failure is logged as a warning, and the
    /// device keeps running on what it has.
    public func save(_ record: Record, logger: Logger?) {
        guard let path else {
            memory.withLock { $0 = record }
            return
        }
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            try Self.writeAtomically(try encoder.encode(record), to: path)
        } catch {
            logger?.warning("could not write the \(place)", metadata: ["error": "\(error)"])
        }
    }

    /// `settings file PATH`, or `settings in memory`.
    private var place: String {
        path.map { "\(label) file \($0)" } ?? "\(label) in memory"
    }

    /// Writes `data` to a temporary file beside `path` (creating the directories on the way),
    /// flushes it to disk and renames it over `path`. The file is readable and writable by its
    /// owner only (0600): a device's flash may hold secrets (a SN keeps its bonds' keys there).
    ///
    /// Throws ``VirtualError/Code/settingsFile`` when the temporary file cannot be created or
    /// renamed, or the file system's error when it cannot be written.
    public static func writeAtomically(_ data: Data, to path: String) throws {
        let url = URL(fileURLWithPath: path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let temporary = path + ".tmp-\(getpid())"
        guard FileManager.default.createFile(atPath: temporary, contents: nil, attributes: [.posixPermissions: 0o600]) else {
            throw VirtualError(.settingsFile, "cannot create \(temporary)")
        }
        do {
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: temporary))
            defer { try? handle.close() }
            try handle.write(contentsOf: data)
            try handle.synchronize()
        } catch {
            try? FileManager.default.removeItem(atPath: temporary)
            throw error
        }
        guard rename(temporary, path) == 0 else {
            let code = errno
            try? FileManager.default.removeItem(atPath: temporary)
            throw VirtualError(.settingsFile, "cannot rename \(temporary) to \(path) (errno \(code))")
        }
    }
}
