/// Reed–Solomon error correction codewords over GF(2⁸) with the prime polynomial
/// x⁸ + x⁴ + x³ + x² + 1 (ISO/IEC 18004 7.5.2).
enum ReedSolomon {
    /// The product of `a` and `b` in GF(2⁸) modulo 0x11D (Russian peasant multiplication).
    static func multiply(_ a: UInt8, _ b: UInt8) -> UInt8 {
        var result: UInt8 = 0
        var a = UInt16(a)
        var b = b
        while b != 0 {
            if b & 1 == 1 { result ^= UInt8(a & 0xFF) }
            a <<= 1
            if a & 0x100 != 0 { a ^= 0x11D }
            b >>= 1
        }
        return result
    }

    /// The generator polynomial of `degree` error correction codewords, (x − α⁰)(x − α¹)…(x − α^(degree−1)),
    /// its coefficients from the highest power down, the leading 1 left out.
    static func generator(degree: Int) -> [UInt8] {
        var coefficients = [UInt8](repeating: 0, count: degree)
        coefficients[degree - 1] = 1
        var root: UInt8 = 1
        for _ in 0..<degree {
            // Multiply by (x − root): shift up one power and add root × each coefficient.
            for index in 0..<degree {
                coefficients[index] = multiply(coefficients[index], root)
                if index + 1 < degree { coefficients[index] ^= coefficients[index + 1] }
            }
            root = multiply(root, 2)
        }
        return coefficients
    }

    /// The error correction codewords of `data`: the remainder of data × x^degree divided by
    /// `generator`.
    static func remainder(of data: [UInt8], generator: [UInt8]) -> [UInt8] {
        var remainder = [UInt8](repeating: 0, count: generator.count)
        for byte in data {
            let factor = byte ^ remainder.removeFirst()
            remainder.append(0)
            for index in 0..<generator.count { remainder[index] ^= multiply(generator[index], factor) }
        }
        return remainder
    }
}
