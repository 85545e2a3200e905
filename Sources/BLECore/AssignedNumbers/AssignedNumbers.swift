/// Names for Bluetooth SIG assigned numbers: GATT services, characteristics, descriptors and
/// declarations, units, SIG member service UUIDs, company identifiers and appearance values.
///
/// The numbers and names come from the Bluetooth SIG's Assigned Numbers document and its public
/// YAML files; they are kept in `data/assigned-numbers/` and compiled into
/// `AssignedNumbers+Generated.swift` by `scripts/generate-assigned-numbers.py`.
///
/// ```swift
/// AssignedNumbers.name(forService: BluetoothUUID(0x180A))   // "Device Information"
/// AssignedNumbers.name(for: BluetoothUUID(0x2A19))          // "Battery Level"
/// AssignedNumbers.companyName(for: 0x004C)                   // "Apple, Inc."
/// AssignedNumbers.unitName(for: 0x272F)                      // "Celsius temperature (degree Celsius)"
/// AssignedNumbers.appearanceName(for: 0x0341)               // "Heart Rate Sensor: Heart Rate Belt"
/// ```
///
/// Every lookup returns `nil` for a value the tables do not name, including any UUID that is not a
/// 16-bit UUID on the Bluetooth Base UUID (vendor 128-bit UUIDs are not assigned numbers).
public enum AssignedNumbers: Sendable {
    /// The table a 16-bit UUID was found in.
    public enum UUIDKind: String, Sendable, Hashable, CaseIterable {
        /// A GATT service (Assigned Numbers 3.4.2).
        case service
        /// A GATT characteristic (Assigned Numbers 3.8).
        case characteristic
        /// A GATT descriptor (Assigned Numbers 3.7).
        case descriptor
        /// A GATT declaration: primary or secondary service, include, characteristic (Assigned Numbers 3.6).
        case declaration
        /// A unit used in the Characteristic Presentation Format descriptor (Assigned Numbers 3.5).
        case unit
        /// A 16-bit UUID assigned to a SIG member company or a standards body (Assigned Numbers 3.11, 3.12);
        /// its name is the company or body.
        case memberService
    }

    /// The name of a GATT service with a SIG-assigned 16-bit UUID, e.g. "Device Information" for 0x180A.
    public static func name(forService uuid: BluetoothUUID) -> String? {
        uuid.uuid16.flatMap(services.name(for:))
    }

    /// The name of a GATT characteristic with a SIG-assigned 16-bit UUID, e.g. "Battery Level" for 0x2A19.
    public static func name(forCharacteristic uuid: BluetoothUUID) -> String? {
        uuid.uuid16.flatMap(characteristics.name(for:))
    }

    /// The name of a GATT descriptor, e.g. "Client Characteristic Configuration" for 0x2902.
    public static func name(forDescriptor uuid: BluetoothUUID) -> String? {
        uuid.uuid16.flatMap(descriptors.name(for:))
    }

    /// The name of a GATT declaration attribute type, e.g. "Primary Service" for 0x2800.
    public static func name(forDeclaration uuid: BluetoothUUID) -> String? {
        uuid.uuid16.flatMap(declarations.name(for:))
    }

    /// The SIG member or standards body a 16-bit service UUID is assigned to, e.g.
    /// "Anhui Huami Information Technology Co., Ltd." for 0xFEE0.
    ///
    /// Member UUIDs (0xFxxx) name the owner, not a service: the owner defines what the service is.
    public static func name(forMemberService uuid: BluetoothUUID) -> String? {
        uuid.uuid16.flatMap(memberServices.name(for:))
    }

    /// The name of a unit UUID from a Characteristic Presentation Format descriptor, e.g.
    /// "Celsius temperature (degree Celsius)" for 0x272F.
    public static func unitName(for unit: UInt16) -> String? {
        units.name(for: unit)
    }

    /// The company a Bluetooth SIG company identifier is assigned to, e.g. "Apple, Inc." for 0x004C.
    ///
    /// Company identifiers lead manufacturer-specific advertising data (little-endian) and appear in
    /// LMP version and Device ID records. 0xFFFF is not assigned to a company: it is reserved for
    /// tests before an identifier is assigned and as the Device ID default, and is named
    /// "Unregistered (test)".
    public static func companyName(for identifier: UInt16) -> String? {
        companies.name(for: identifier)
    }

    /// The name of an appearance value (Assigned Numbers 2.6): the category's name alone for
    /// subcategory 0, e.g. "Light Fixtures" for 0x0580, else "Category: Subcategory", e.g.
    /// "Heart Rate Sensor: Heart Rate Belt" for 0x0341; `nil` when the category or subcategory is
    /// not assigned.
    ///
    /// An appearance value holds a 10-bit category in bits 15–6 and a 6-bit subcategory in bits 5–0.
    public static func appearanceName(for rawValue: UInt16) -> String? {
        guard let categoryName = appearanceCategoryName(for: rawValue >> 6) else { return nil }
        if rawValue & 0x3F == 0 { return categoryName }
        return appearanceSubcategoryName(for: rawValue).map { "\(categoryName): \($0)" }
    }

    /// The name of an appearance category (the top 10 bits of an appearance value, 0...0x3FF),
    /// e.g. "Light Fixtures" for 0x016; `nil` when it is not assigned.
    public static func appearanceCategoryName(for category: UInt16) -> String? {
        guard category <= 0x3FF else { return nil }
        return appearances.name(for: category << 6)
    }

    /// The subcategory's own name within a full appearance value, e.g. "Heart Rate Belt" for 0x0341;
    /// `nil` for subcategory 0 (the generic device of the category) and for unassigned values.
    public static func appearanceSubcategoryName(for rawValue: UInt16) -> String? {
        rawValue & 0x3F == 0 ? nil : appearances.name(for: rawValue)
    }

    /// The table a UUID is assigned in, or `nil` when it is not a known SIG-assigned 16-bit UUID.
    public static func kind(of uuid: BluetoothUUID) -> UUIDKind? {
        lookUp(uuid)?.kind
    }

    /// The name of any SIG-assigned 16-bit UUID: a service, characteristic, descriptor, declaration,
    /// unit, or a member service UUID (then the member's name).
    public static func name(for uuid: BluetoothUUID) -> String? {
        lookUp(uuid)?.name
    }

    /// Finds a 16-bit UUID in the tables; their ranges do not overlap, so at most one matches.
    private static func lookUp(_ uuid: BluetoothUUID) -> (kind: UUIDKind, name: String)? {
        guard let value = uuid.uuid16 else { return nil }
        let tables: [(UUIDKind, AssignedNameTable)] = [
            (.service, services),
            (.characteristic, characteristics),
            (.descriptor, descriptors),
            (.declaration, declarations),
            (.unit, units),
            (.memberService, memberServices),
        ]
        for (kind, table) in tables {
            if let name = table.name(for: value) { return (kind, name) }
        }
        return nil
    }
}

extension BluetoothUUID {
    /// The SIG name of this UUID when it is an assigned 16-bit UUID (see ``AssignedNumbers/name(for:)``).
    public var assignedName: String? {
        AssignedNumbers.name(for: self)
    }
}
