/// The external appearance of a device: a 16-bit value made of a 10-bit category and a 6-bit
/// subcategory (an open code space: unassigned values are kept).
///
/// Assigned Numbers 2.6 "Appearance Values"; carried in the GAP Appearance characteristic (0x2A01,
/// GSS 3.10) and the Appearance AD type (0x19, CSS Part A, 1.12), 2 bytes little-endian.
/// Bits 15–6 hold the category and bits 5–0 the subcategory; subcategory 0 is the generic device
/// of its category, so 0x0580 is "Light Fixtures" and 0x0341 is "Heart Rate Sensor: Heart Rate Belt".
public struct Appearance: RawRepresentable, Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The 16-bit value on the wire.
    public let rawValue: UInt16

    /// Wraps a 16-bit appearance value; unassigned values are kept.
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    /// Builds the value from a category (0...0x3FF) and a subcategory (0...0x3F); bits above those
    /// ranges are dropped.
    public init(category: UInt16, subcategory: UInt8 = 0) {
        rawValue = (category & 0x3FF) << 6 | UInt16(subcategory & 0x3F)
    }

    /// The category: the top 10 bits.
    public var category: UInt16 { rawValue >> 6 }

    /// The subcategory: the low 6 bits (0 is the generic device of the category).
    public var subcategory: UInt8 { UInt8(truncatingIfNeeded: rawValue & 0x3F) }

    /// The category's assigned name, e.g. "Heart Rate Sensor", or `nil` when the category is not assigned.
    public var categoryName: String? {
        AssignedNumbers.appearanceCategoryName(for: category)
    }

    /// The subcategory's own assigned name, e.g. "Heart Rate Belt"; `nil` for subcategory 0 (the
    /// generic device of the category) and for unassigned values.
    public var subcategoryName: String? {
        AssignedNumbers.appearanceSubcategoryName(for: rawValue)
    }

    /// The full assigned name: "Light Fixtures" (0x0580) for subcategory 0, else
    /// "Category: Subcategory", e.g. "Heart Rate Sensor: Heart Rate Belt" (0x0341); `nil` when the
    /// value is not assigned. (`Appearance.name`, the static one, is the characteristic's name.)
    public var name: String? {
        AssignedNumbers.appearanceName(for: rawValue)
    }

    /// The assigned name, else the category's name with the subcategory number, else the value in hex.
    public var description: String {
        let hex = String(rawValue, radix: 16, uppercase: true)
        let value = "0x" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        if let name { return name }
        if let categoryName { return "\(categoryName): subcategory \(subcategory) (\(value))" }
        return "Appearance \(value)"
    }

    /// Orders appearances by their 16-bit value.
    public static func < (lhs: Appearance, rhs: Appearance) -> Bool { lhs.rawValue < rhs.rawValue }

    /// 0x0000 Unknown.
    public static let unknown = Appearance(rawValue: 0x0000)
    /// 0x0040 Phone.
    public static let phone = Appearance(rawValue: 0x0040)
    /// 0x0080 Computer.
    public static let computer = Appearance(rawValue: 0x0080)
    /// 0x00C0 Watch.
    public static let watch = Appearance(rawValue: 0x00C0)
    /// 0x0200 Tag.
    public static let tag = Appearance(rawValue: 0x0200)
    /// 0x0340 Heart Rate Sensor.
    public static let heartRateSensor = Appearance(rawValue: 0x0340)
    /// 0x03C0 Human Interface Device.
    public static let humanInterfaceDevice = Appearance(rawValue: 0x03C0)
    /// 0x0540 Sensor.
    public static let sensor = Appearance(rawValue: 0x0540)
    /// 0x0580 Light Fixtures.
    public static let lightFixtures = Appearance(rawValue: 0x0580)
    /// 0x07C0 Light Source.
    public static let lightSource = Appearance(rawValue: 0x07C0)
}
