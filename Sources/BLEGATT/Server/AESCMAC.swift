import Crypto
import _CryptoExtras

/// AES-CMAC with a 128-bit key, as RFC 4493 defines it.
///
/// Core 5.4, Vol 3, Part H, 2.2.5 uses it for the SMP functions and Part G, 7.3.1 for the Database
/// Hash. Bytes go in and come out in the RFC's order (the most significant octet first); Bluetooth
/// callers reverse where their fields are little-endian.
public enum AESCMAC {
    /// The block size: 16 octets.
    public static let blockSize = 16

    /// The 16-octet MAC of `message` under `key` (RFC 4493, 2.4).
    ///
    /// - Precondition: `key` is 16 octets.
    public static func mac(key: [UInt8], message: [UInt8]) -> [UInt8] {
        precondition(key.count == blockSize, "AES-CMAC keys are 16 octets")
        let symmetricKey = SymmetricKey(data: key)
        let (k1, k2) = subkeys(symmetricKey)
        let blockCount = max(1, (message.count + blockSize - 1) / blockSize)
        let lastIsComplete = !message.isEmpty && message.count % blockSize == 0

        var lastBlock = [UInt8](message[((blockCount - 1) * blockSize)...])
        if lastIsComplete {
            lastBlock = xor(lastBlock, k1)
        } else {
            lastBlock.append(0x80)
            lastBlock += [UInt8](repeating: 0, count: blockSize - lastBlock.count)
            lastBlock = xor(lastBlock, k2)
        }

        var x = [UInt8](repeating: 0, count: blockSize)
        for index in 0..<(blockCount - 1) {
            let start = index * blockSize
            x = encrypt(xor(x, Array(message[start..<start + blockSize])), symmetricKey)
        }
        return encrypt(xor(x, lastBlock), symmetricKey)
    }

    /// The subkeys K1 and K2 (RFC 4493, 2.3).
    static func subkeys(_ key: SymmetricKey) -> ([UInt8], [UInt8]) {
        let l = encrypt([UInt8](repeating: 0, count: blockSize), key)
        let k1 = doubled(l)
        return (k1, doubled(k1))
    }

    /// One AES-128 block encryption.
    static func encrypt(_ block: [UInt8], _ key: SymmetricKey) -> [UInt8] {
        var block = block
        do {
            try AES.permute(&block, key: key)
        } catch {
            // Only thrown for a block that is not 16 octets or an invalid key: both checked above.
            preconditionFailure("AES.permute failed on a 16-octet block: \(error)")
        }
        return block
    }

    /// Left shift by one bit, xor Rb (0x87) when the top bit was set.
    private static func doubled(_ block: [UInt8]) -> [UInt8] {
        var result = [UInt8](repeating: 0, count: blockSize)
        var carry: UInt8 = 0
        for index in stride(from: blockSize - 1, through: 0, by: -1) {
            result[index] = block[index] << 1 | carry
            carry = block[index] >> 7
        }
        if block[0] & 0x80 != 0 { result[blockSize - 1] ^= 0x87 }
        return result
    }

    private static func xor(_ a: [UInt8], _ b: [UInt8]) -> [UInt8] {
        zip(a, b).map { $0 ^ $1 }
    }
}
