/// The dashboard's access token: 32 random bytes as 64 hex digits, compared in constant time.
public enum AccessToken {
    /// The number of random bytes in a generated token.
    public static let byteCount = 32

    /// A new random token.
    public static func generate() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<byteCount).map { _ in
            let byte = UInt8.random(in: .min ... .max, using: &generator)
            return String(byte, radix: 16).leftPadded(to: 2)
        }.joined()
    }

    /// Whether `given` equals `expected`, taking the same time for every `given` of the same
    /// length (so the time taken does not tell how many leading characters are right).
    public static func matches(_ given: String, _ expected: String) -> Bool {
        let a = Array(given.utf8)
        let b = Array(expected.utf8)
        guard a.count == b.count, !b.isEmpty else { return false }
        var difference: UInt8 = 0
        for index in 0..<a.count { difference |= a[index] ^ b[index] }
        return difference == 0
    }

    /// Whether `token` can be used: 16 to 256 characters, letters, digits, `-`, `_`, `.` or `~`
    /// (so it fits in a URL, a header and a cookie unchanged).
    public static func isUsable(_ token: String) -> Bool {
        (16...256).contains(token.utf8.count)
            && token.utf8.allSatisfy { byte in
                (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                    || byte == 0x2D || byte == 0x5F || byte == 0x2E || byte == 0x7E
            }
    }
}

extension String {
    /// The string with zeros in front up to `width` characters.
    package func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
