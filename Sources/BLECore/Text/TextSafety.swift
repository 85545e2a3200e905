/// Text that came from a device, a file, a request or the command line, and the scalars in it
/// that must never reach a terminal or a record as they are.
public enum TextSafety {
    /// Whether a scalar could change a terminal's state or the reading order of a line, or cut a
    /// C string short: C0 and C1 controls (NUL included), DEL, and the bidirectional embedding,
    /// override and isolate marks.
    public static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// The first unsafe scalar of `text` (see ``isUnsafe(_:)``), or nil when there is none.
    public static func firstUnsafe(in text: String) -> Unicode.Scalar? {
        text.unicodeScalars.first(where: isUnsafe)
    }

    /// How an unsafe scalar is named in an error: `U+0000`, `U+001B`.
    public static func name(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
