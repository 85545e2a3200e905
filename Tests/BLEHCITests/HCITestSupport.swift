import BLECore
import BLEHCI

/// Bytes from spec hex with spaces, e.g. `"030c 00"`; traps on a typo in a test table.
func hex(_ text: String) -> [UInt8] {
    guard let bytes = [UInt8](hex: text) else { fatalError("bad hex in test table: \(text)") }
    return bytes
}

/// `n` zero octets as hex.
func zeros(_ count: Int) -> String { String(repeating: "00", count: count) }

/// 5C:31:3E:F2:16:13, public; on the wire `1316f23e315c`.
let publicAddress = try! DeviceAddress(value: 0x5C31_3EF2_1613, isRandom: false)
/// C0:11:22:33:44:55, random static; on the wire `5544332211c0`.
let staticAddress = try! DeviceAddress(value: 0xC011_2233_4455, isRandom: true)
/// 00:11:22:33:44:55 as Bumble's tests use it, public; on the wire `554433221100`.
let bumblePublicAddress = try! DeviceAddress(value: 0x0011_2233_4455, isRandom: false)
/// 00:11:22:33:44:55 as a random (non-resolvable private) address.
let bumbleRandomAddress = try! DeviceAddress(value: 0x0011_2233_4455, isRandom: true)
/// 00:00:00:00:00:00, public.
let zeroPublicAddress = try! DeviceAddress(value: 0, isRandom: false)
/// 00:00:00:00:00:00 as a random address (an unused resolvable private address field).
let zeroRandomAddress = try! DeviceAddress(value: 0, isRandom: true)

/// The 30 bytes of advertising data in Bumble's report tests.
let bumbleAdvertisingData = "0201061106ba5689a6fabfa2bd01467d6e00fbabad08160a181604659b03"

/// Whether two commands of possibly different types are equal.
func sameCommand<Command: HCICommand>(_ command: Command, _ other: any HCICommand) -> Bool {
    (other as? Command) == command
}

/// Decodes a packet as the command's own type (the existential is opened).
func decodeAsOwnType<Command: HCICommand>(_ command: Command, _ packet: HCICommandPacket) throws -> any HCICommand {
    try Command(packet: packet)
}

/// A small deterministic generator for chunk sizes and random bytes.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
