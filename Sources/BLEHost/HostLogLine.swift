import Logging

/// One line for the log, produced by a layer without I/O and written by its adapter.
struct HostLogLine: Sendable, Hashable {
    /// The level.
    var level: Logger.Level
    /// The message.
    var message: String
    /// The metadata.
    var metadata: [String: String]

    /// Creates a line.
    init(_ level: Logger.Level, _ message: String, _ metadata: [String: String] = [:]) {
        self.level = level
        self.message = message
        self.metadata = metadata
    }
}

extension Logger {
    /// Writes a line a layer without I/O produced.
    func log(_ line: HostLogLine, handle: UInt16? = nil) {
        var metadata = line.metadata.mapValues { Logger.MetadataValue.string($0) }
        if let handle { metadata["handle"] = .string(HostFormat.hex(handle)) }
        log(level: line.level, "\(line.message)", metadata: metadata)
    }
}
