import BLECore
import BLEGATT
import BLEToolKit

/// What reading an attribute gave: its value, or the error text.
enum InspectedRead: Sendable, Hashable {
    /// The value that was read.
    case value([UInt8])
    /// Why the read failed, e.g. `Insufficient Authentication (0x05)`.
    case failed(String)
}

/// A descriptor found by `ble inspect` (created with the memberwise initializer).
struct InspectedDescriptor: Sendable, Hashable {
    /// The descriptor type.
    var uuid: BluetoothUUID
    /// The descriptor's attribute handle.
    var handle: UInt16
    /// The value read, the read error, or `nil` when it was not read.
    var read: InspectedRead? = nil
}

/// A characteristic found by `ble inspect` (created with the memberwise initializer).
struct InspectedCharacteristic: Sendable, Hashable {
    /// The characteristic type.
    var uuid: BluetoothUUID
    /// The handle of the characteristic declaration.
    var declarationHandle: UInt16
    /// The handle of the characteristic value (what `ble write-handle` takes).
    var valueHandle: UInt16
    /// The declared properties.
    var properties: GATTCharacteristicProperties
    /// The value read, the read error, or `nil` when it was not read (e.g. not readable).
    var read: InspectedRead? = nil
    /// The descriptors, in handle order.
    var descriptors: [InspectedDescriptor] = []
}

/// A service found by `ble inspect` (created with the memberwise initializer).
struct InspectedService: Sendable, Hashable {
    /// The service type.
    var uuid: BluetoothUUID
    /// The first handle of the service (its declaration).
    var startHandle: UInt16
    /// The last handle of the service.
    var endHandle: UInt16
    /// Whether it is a primary (rather than secondary) service.
    var isPrimary = true
    /// The characteristics, in handle order.
    var characteristics: [InspectedCharacteristic] = []

    /// The category the scanner colours the service by.
    var category: ServiceCategory { ServiceCategory(uuid) }
}

/// The category of a service (scanner specification, shared/seeds/003, "Services tab").
///
/// Rule: 0x1800 Generic Access and 0x1801 Generic Attribute are generic; 0x180F is battery;
/// 0x180A is device information; a vendor service is either a 128-bit UUID off the Bluetooth Base
/// UUID or a 16-bit UUID the SIG assigned to a member company (the 0xFCxx–0xFExx block, which the
/// seed calls "UUIDs starting with FE"); every other UUID is other.
enum ServiceCategory: String, Sendable, Hashable, Codable, CaseIterable {
    /// Generic Access, Generic Attribute.
    case generic
    /// Battery Service.
    case battery
    /// Device Information.
    case deviceInformation
    /// A vendor's own service.
    case vendor
    /// Any other service.
    case other

    /// Classifies a service UUID.
    init(_ uuid: BluetoothUUID) {
        switch uuid {
        case BluetoothUUID(0x1800), BluetoothUUID(0x1801): self = .generic
        case BluetoothUUID(0x180F): self = .battery
        case BluetoothUUID(0x180A): self = .deviceInformation
        default:
            let isVendor = uuid.size == .bits128 || AssignedNumbers.kind(of: uuid) == .memberService
            self = isVendor ? .vendor : .other
        }
    }

    /// `generic`, `battery`, `device information`, `vendor` or `other`.
    var label: String {
        self == .deviceInformation ? "device information" : rawValue
    }

    /// The scanner's colour: blue, green, orange, purple, gray.
    var color: ANSIStyle.Color {
        switch self {
        case .generic: .blue
        case .battery: .green
        case .deviceInformation: .yellow
        case .vendor: .magenta
        case .other: .gray
        }
    }
}

/// The property pills of a characteristic: `[read] [write] [write-no-rsp] [notify] [indicate] [auth]`.
///
/// One spelling everywhere, also in JSON. After the six the scanner shows come the two it does
/// not: `broadcast` and `ext-props` (the Extended Properties bit).
enum PropertyPill: String, Sendable, CaseIterable {
    /// Read.
    case read
    /// Write with response.
    case write
    /// Write without response.
    case writeWithoutResponse = "write-no-rsp"
    /// Notify.
    case notify
    /// Indicate.
    case indicate
    /// Authenticated signed writes.
    case auth
    /// Broadcast.
    case broadcast
    /// Extended properties.
    case extendedProperties = "ext-props"

    /// The property bit the pill stands for.
    var property: GATTCharacteristicProperties {
        switch self {
        case .read: .read
        case .write: .write
        case .writeWithoutResponse: .writeWithoutResponse
        case .notify: .notify
        case .indicate: .indicate
        case .auth: .authenticatedSignedWrites
        case .broadcast: .broadcast
        case .extendedProperties: .extendedProperties
        }
    }

    /// The scanner's colour for the pill.
    var color: ANSIStyle.Color {
        switch self {
        case .read: .blue
        case .write: .green
        case .writeWithoutResponse: .brightGreen
        case .notify: .yellow
        case .indicate: .brightYellow
        case .auth: .magenta
        case .broadcast, .extendedProperties: .gray
        }
    }

    /// The pills for a set of properties, in the order above.
    static func pills(for properties: GATTCharacteristicProperties) -> [PropertyPill] {
        allCases.filter { properties.contains($0.property) }
    }

    /// `[read] [notify]`, coloured when `style` is enabled.
    static func text(for properties: GATTCharacteristicProperties, style: ANSIStyle = .init(isEnabled: false)) -> String {
        pills(for: properties).map { style.paint("[\($0.rawValue)]", $0.color) }.joined(separator: " ")
    }
}

/// A node of a text tree: a line, detail lines under it, and children.
struct TextTreeNode: Sendable {
    /// The node's own line.
    var text: String
    /// Lines shown under the node, before its children.
    var details: [String] = []
    /// The child nodes.
    var children: [TextTreeNode] = []

    /// The root line followed by its descendants drawn with `glyphs`' branches and guides.
    func lines(glyphs: Glyphs) -> [String] {
        var lines = [text]
        appendBody(prefix: "", glyphs: glyphs, to: &lines)
        return lines
    }

    private func appendBody(prefix: String, glyphs: Glyphs, to lines: inout [String]) {
        let blank = String(repeating: " ", count: TextLayout.width(glyphs.guide))
        for detail in details {
            lines.append(prefix + (children.isEmpty ? blank : glyphs.guide) + detail)
        }
        for (index, child) in children.enumerated() {
            let isLast = index == children.count - 1
            lines.append(prefix + (isLast ? glyphs.lastBranch : glyphs.branch) + child.text)
            child.appendBody(prefix: prefix + (isLast ? blank : glyphs.guide), glyphs: glyphs, to: &lines)
        }
    }
}

/// `ble inspect`'s tree: services, characteristics with their pills and values, descriptors.
///
/// ```
/// Thermo (5C:31:3E:F2:16:13)
/// └── Battery Service (180F) · battery · handles 0x0008-0x000B
///     └── Battery Level (2A19) [read] [notify] · handle 0x000A
///         │   hex: 57 | string: "W" | number: 87 | Battery Level: 87 %
///         └── Client Characteristic Configuration (2902) · handle 0x000B
///                 hex: 00 00 | number: 0 | Client Characteristic Configuration: off
/// 1 service, 1 characteristic, 1 descriptor
/// ```
/// Known UUIDs are named from the assigned numbers; a value is shown as ``ValueRendering/line``,
/// a failed read as `read failed: <reason>`. Created with the memberwise initializer
/// (`InspectTree(name:address:services:glyphs:style:)`, only `services` required).
struct InspectTree: Sendable {
    /// The device's name, if known.
    var name: String? = nil
    /// The device's address (or other identifier), if known.
    var address: String? = nil
    /// The services, in handle order.
    var services: [InspectedService]
    /// The characters to draw with.
    var glyphs: Glyphs = .unicode
    /// The colours to draw with.
    var style = ANSIStyle(isEnabled: false)

    /// `Thermo (5C:31:3E:F2:16:13)`, the name or address alone, or `[No Name]`.
    var title: String {
        let name = name.flatMap { $0.isEmpty ? nil : TextLayout.sanitized($0) }
        switch (name, address) {
        case let (name?, address?): return "\(name) (\(address))"
        case let (name?, nil): return name
        case let (nil, address?): return address
        case (nil, nil): return ScanRow.noName
        }
    }

    /// The tree and a summary line, without line ends.
    var lines: [String] {
        let root = TextTreeNode(text: style.bold(title), children: services.map(node(for:)))
        return root.lines(glyphs: glyphs) + [summary]
    }

    /// The tree as text, each line ended by a line feed.
    var text: String { lines.map { $0 + "\n" }.joined() }

    /// `3 services, 7 characteristics, 2 descriptors`.
    var summary: String {
        let characteristics = services.flatMap(\.characteristics)
        let counts = [
            (services.count, "service"), (characteristics.count, "characteristic"),
            (characteristics.reduce(0) { $0 + $1.descriptors.count }, "descriptor"),
        ]
        return counts.map { "\($0.0) \($0.1)\($0.0 == 1 ? "" : "s")" }.joined(separator: ", ")
    }

    private func node(for service: InspectedService) -> TextTreeNode {
        var facts = [style.paint(service.category.label, service.category.color)]
        if !service.isPrimary { facts.append("secondary") }
        facts.append("handles \(TextLayout.hex(service.startHandle))-\(TextLayout.hex(service.endHandle))")
        return TextTreeNode(
            text: ([service.uuid.presentationTitle] + facts).joined(separator: glyphs.separator),
            children: service.characteristics.map(node(for:))
        )
    }

    private func node(for characteristic: InspectedCharacteristic) -> TextTreeNode {
        let pills = PropertyPill.text(for: characteristic.properties, style: style)
        let title = characteristic.uuid.presentationTitle + (pills.isEmpty ? "" : " " + pills)
        return TextTreeNode(
            text: title + glyphs.separator + "handle \(TextLayout.hex(characteristic.valueHandle))",
            details: Self.details(characteristic.read, uuid: characteristic.uuid),
            children: characteristic.descriptors.map { descriptor in
                TextTreeNode(
                    text: descriptor.uuid.presentationTitle + glyphs.separator + "handle \(TextLayout.hex(descriptor.handle))",
                    details: Self.details(descriptor.read, uuid: descriptor.uuid)
                )
            }
        )
    }

    private static func details(_ read: InspectedRead?, uuid: BluetoothUUID) -> [String] {
        switch read {
        case .value(let bytes): [ValueRendering(bytes, uuid: uuid).line]
        case .failed(let reason): ["read failed: " + TextLayout.singleLine(reason)]
        case nil: []
        }
    }

    /// `ble inspect --json`: the tree as one ``InspectRecord`` object.
    func json() throws -> String {
        try PresentationJSON.encode(InspectRecord(self))
    }
}

/// `ble inspect --json`.
///
/// ```json
/// {"name": "Thermo", "address": "5C:31:3E:F2:16:13", "services": [
///   {"uuid": "180F", "name": "Battery Service", "category": "battery", "primary": true,
///    "startHandle": 8, "endHandle": 11, "characteristics": [
///      {"uuid": "2A19", "name": "Battery Level", "declarationHandle": 9, "valueHandle": 10,
///       "properties": ["read", "notify"], "value": {…ValueRecord…}, "error": null,
///       "descriptors": [{"uuid": "2902", "name": "Client Characteristic Configuration",
///                        "handle": 11, "value": {…}, "error": null}]}]}]}
/// ```
/// `category` is a ``ServiceCategory`` raw value; `properties` are ``PropertyPill`` spellings;
/// `value` is `null` when the attribute was not read or the read failed (then `error` says why).
struct InspectRecord: Codable, Hashable, Sendable {
    /// A service.
    struct Service: Codable, Hashable, Sendable {
        /// The UUID.
        var uuid: String
        /// The assigned name.
        @JSONNullable var name: String?
        /// The ``ServiceCategory`` raw value.
        var category: String
        /// Whether it is a primary service.
        var primary: Bool
        /// The first handle.
        var startHandle: Int
        /// The last handle.
        var endHandle: Int
        /// The characteristics.
        var characteristics: [Characteristic]
    }

    /// A characteristic.
    struct Characteristic: Codable, Hashable, Sendable {
        /// The UUID.
        var uuid: String
        /// The assigned name.
        @JSONNullable var name: String?
        /// The declaration handle.
        var declarationHandle: Int
        /// The value handle.
        var valueHandle: Int
        /// The property pills.
        var properties: [String]
        /// The value read.
        @JSONNullable var value: ValueRecord?
        /// Why the read failed.
        @JSONNullable var error: String?
        /// The descriptors.
        var descriptors: [Descriptor]
    }

    /// A descriptor.
    struct Descriptor: Codable, Hashable, Sendable {
        /// The UUID.
        var uuid: String
        /// The assigned name.
        @JSONNullable var name: String?
        /// The handle.
        var handle: Int
        /// The value read.
        @JSONNullable var value: ValueRecord?
        /// Why the read failed.
        @JSONNullable var error: String?
    }

    /// The device's name.
    @JSONNullable var name: String?
    /// The device's address.
    @JSONNullable var address: String?
    /// The services.
    var services: [Service]

    /// Describes a tree.
    init(_ tree: InspectTree) {
        name = tree.name
        address = tree.address
        services = tree.services.map { service in
            Service(
                uuid: service.uuid.description, name: AssignedNumbers.name(for: service.uuid),
                category: service.category.rawValue, primary: service.isPrimary,
                startHandle: Int(service.startHandle), endHandle: Int(service.endHandle),
                characteristics: service.characteristics.map { characteristic in
                    let (value, error) = Self.outcome(characteristic.read, uuid: characteristic.uuid)
                    return Characteristic(
                        uuid: characteristic.uuid.description, name: AssignedNumbers.name(for: characteristic.uuid),
                        declarationHandle: Int(characteristic.declarationHandle), valueHandle: Int(characteristic.valueHandle),
                        properties: PropertyPill.pills(for: characteristic.properties).map(\.rawValue),
                        value: value, error: error,
                        descriptors: characteristic.descriptors.map { descriptor in
                            let (value, error) = Self.outcome(descriptor.read, uuid: descriptor.uuid)
                            return Descriptor(
                                uuid: descriptor.uuid.description, name: AssignedNumbers.name(for: descriptor.uuid),
                                handle: Int(descriptor.handle), value: value, error: error
                            )
                        }
                    )
                }
            )
        }
    }

    private static func outcome(_ read: InspectedRead?, uuid: BluetoothUUID) -> (ValueRecord?, String?) {
        switch read {
        case .value(let bytes): (ValueRendering(bytes, uuid: uuid).record, nil)
        case .failed(let reason): (nil, reason)
        case nil: (nil, nil)
        }
    }
}
