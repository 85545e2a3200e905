import BLECore

/// One of the Bean's five scratch characteristics: 20 bytes a sketch and a central share,
/// readable, writable and notified (Bean SDK, Scratch service).
///
/// Bank `n` is the characteristic `A495FF2n-C5B1-4B44-B512-1370F02D74DE` of the scratch service
/// `A495FF20-…`; the sketch reads it with `Bean.readScratchData(n)`.
public struct ScratchBank: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The most bytes a bank holds.
    public static let maximumLength = 20
    /// The bank numbers.
    public static let numbers = 1...5

    /// The bank number, 1…5.
    public let number: Int

    /// Bank `number` (1…5).
    ///
    /// Throws ``ProfileError/Code/invalidArgument`` for another number.
    public init(_ number: Int) throws(ProfileError) {
        guard Self.numbers.contains(number) else {
            throw ProfileError(.invalidArgument, "scratch bank \(number) does not exist; the Bean has banks 1…5")
        }
        self.number = number
    }

    private init(checked number: Int) {
        self.number = number
    }

    /// Bank 1: where the seed's sketch reads the light (on, R, G, B).
    public static let one = ScratchBank(checked: 1)
    /// Every bank, 1 to 5.
    public static let all = numbers.map { ScratchBank(checked: $0) }

    /// The bank's characteristic UUID, `A495FF2n-C5B1-4B44-B512-1370F02D74DE`.
    public var uuid: BluetoothUUID { Self.uuids[number - 1] }

    private static let uuids: [BluetoothUUID] = [
        "A495FF21-C5B1-4B44-B512-1370F02D74DE", "A495FF22-C5B1-4B44-B512-1370F02D74DE", "A495FF23-C5B1-4B44-B512-1370F02D74DE",
        "A495FF24-C5B1-4B44-B512-1370F02D74DE", "A495FF25-C5B1-4B44-B512-1370F02D74DE",
    ]

    /// The bank whose characteristic has `uuid`, if any.
    public init?(uuid: BluetoothUUID) {
        guard let bank = Self.all.first(where: { $0.uuid == uuid }) else { return nil }
        self = bank
    }

    /// Orders banks by number.
    public static func < (lhs: ScratchBank, rhs: ScratchBank) -> Bool { lhs.number < rhs.number }

    /// `scratch bank 1`.
    public var description: String { "scratch bank \(number)" }
}
