import BLECore

/// The child button's state (SN profile §5, Button Status): 4 bytes, light on u8 (0/1), uses
/// today u8, remaining seconds u16.
public struct ButtonStatus: SNValue, CustomStringConvertible {
    /// Whether the child button light is on.
    public var isLightOn: Bool
    /// Presses counted today (reset at local midnight), 0…255.
    public var usesToday: Int
    /// Seconds until the light goes off, 0…65535 (0 when it is off).
    public var remainingSeconds: Int

    /// The wire size: 4 bytes.
    public static let byteCount = 4

    /// A status (not checked; see ``validate()``).
    public init(isLightOn: Bool, usesToday: Int, remainingSeconds: Int) {
        self.isLightOn = isLightOn
        self.usesToday = usesToday
        self.remainingSeconds = remainingSeconds
    }

    /// Light off, no use today.
    public static let idle = ButtonStatus(isLightOn: false, usesToday: 0, remainingSeconds: 0)

    /// `on, 540 s left, 1 use today` or `off, 2 uses today`.
    public var description: String {
        (isLightOn ? "on, \(remainingSeconds) s left" : "off") + ", \(usesToday) use\(usesToday == 1 ? "" : "s") today"
    }

    /// Decodes the 4 bytes (0x0D for another length; 0xFF when light on is not 0 or 1).
    public init(bytes: [UInt8]) throws(SNValueError) {
        try SNCheck.length(bytes, Self.byteCount, "button status")
        var reader = SNReader(bytes, code: .invalidLength)
        let on = try SNCheck.bool(try reader.u8("light on"), "light on")
        self.init(isLightOn: on, usesToday: Int(try reader.u8("uses today")), remainingSeconds: Int(try reader.u16("remaining seconds")))
    }

    /// light on, uses today, remaining seconds.
    public func encode() -> [UInt8] {
        var writer = ByteWriter(capacity: Self.byteCount)
        writer.writeUInt8(isLightOn ? 1 : 0)
        writer.writeUInt8(usesToday.wire())
        writer.writeUInt16(remainingSeconds.wire())
        return writer.bytes
    }

    /// Checks uses today 0…255 and remaining seconds 0…65535.
    public func validate() throws(SNValueError) {
        try SNCheck.range(usesToday, 0...255, "uses today")
        try SNCheck.range(remainingSeconds, 0...Int(UInt16.max), "remaining seconds")
    }
}
