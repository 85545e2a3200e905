import BLECore

/// The daily time window in which the child button does nothing (SN profile §5, Deactivation Time).
///
/// Wire form, 4 bytes: start minute u16, end minute u16. `start == end` means no window;
/// `start > end` wraps past midnight (22:00–07:00 covers 22:00…23:59 and 00:00…06:59). Start is
/// 0…1439, end 0…1440. Factory: 08:00–18:00 (480, 1080).
public struct DeactivationWindow: SNValue, CustomStringConvertible {
    /// The first minute of the window, 0…1439.
    public var start: Int
    /// The minute the window ends (excluded), 0…1440.
    public var end: Int

    /// The wire size: 4 bytes.
    public static let byteCount = 4

    /// A window from minutes of the day (not checked; see ``validate()``).
    public init(start: Int, end: Int) {
        self.start = start
        self.end = end
    }

    /// No window: the button works all day (start = end = 0).
    public static let never = DeactivationWindow(start: 0, end: 0)
    /// The factory window: 08:00–18:00.
    public static let factory = DeactivationWindow(start: 480, end: 1080)

    /// Whether there is a window at all (`start != end`).
    public var isEnabled: Bool { start != end }

    /// Whether the window runs past midnight (`start > end`).
    public var wrapsMidnight: Bool { start > end }

    /// Whether a minute of the day falls in the window.
    public func contains(minute: Int) -> Bool {
        if start < end { return start <= minute && minute < end }
        if start > end { return minute >= start || minute < end }
        return false
    }

    /// `none`, or `08:00–18:00` (and ` (past midnight)` when it wraps).
    public var description: String {
        guard isEnabled else { return "none" }
        return MinuteOfDay.formatRange(start, end) + (wrapsMidnight ? " (past midnight)" : "")
    }

    // MARK: SNValue

    /// Decodes the 4 bytes and checks the minutes (0x0D for another length, 0xFF out of range).
    public init(bytes: [UInt8]) throws(SNValueError) {
        try SNCheck.length(bytes, Self.byteCount, "deactivation time")
        var reader = SNReader(bytes, code: .invalidLength)
        self.init(start: Int(try reader.u16("start")), end: Int(try reader.u16("end")))
        try validate()
    }

    /// start u16, end u16.
    public func encode() -> [UInt8] {
        var writer = ByteWriter(capacity: Self.byteCount)
        writer.writeUInt16(start.wire())
        writer.writeUInt16(end.wire())
        return writer.bytes
    }

    /// Checks start 0…1439 and end 0…1440.
    public func validate() throws(SNValueError) {
        do throws(SNValueError) {
            try SNCheck.range(start, 0...(MinuteOfDay.perDay - 1), "start")
            try SNCheck.range(end, 0...MinuteOfDay.perDay, "end")
        } catch {
            throw error.within("deactivation time")
        }
    }
}
