import BLECore
import BLETesting
import Foundation
import Testing

@Suite("Assigned numbers")
struct AssignedNumbersTests {
    // MARK: - Well-known entries

    @Test(arguments: [
        (UInt16(0x1800), "Generic Access"),
        (0x1801, "Generic Attribute"),
        (0x1802, "Immediate Alert"),
        (0x180A, "Device Information"),
        (0x180D, "Heart Rate"),
        (0x180F, "Battery Service"),
        (0x1812, "Human Interface Device"),
        (0x181A, "Environmental Sensing"),
        (0x1860, "Tire Pressure Monitoring System"),
    ])
    func serviceNames(uuid: UInt16, name: String) {
        #expect(AssignedNumbers.name(forService: BluetoothUUID(uuid)) == name)
        #expect(AssignedNumbers.name(for: BluetoothUUID(uuid)) == name)
        #expect(AssignedNumbers.kind(of: BluetoothUUID(uuid)) == .service)
    }

    @Test(arguments: [
        (UInt16(0x2A00), "Device Name"),
        (0x2A01, "Appearance"),
        (0x2A05, "Service Changed"),
        (0x2A06, "Alert Level"),
        (0x2A19, "Battery Level"),
        (0x2A29, "Manufacturer Name String"),
        (0x2A37, "Heart Rate Measurement"),
        (0x2B29, "Client Supported Features"),
        (0x2B2A, "Database Hash"),
        (0x2B3A, "Server Supported Features"),
        (0x2BED, "Battery Level Status"),
        (0x2B8C, "CO2 Concentration"),
    ])
    func characteristicNames(uuid: UInt16, name: String) {
        #expect(AssignedNumbers.name(forCharacteristic: BluetoothUUID(uuid)) == name)
        #expect(AssignedNumbers.name(for: BluetoothUUID(uuid)) == name)
        #expect(AssignedNumbers.kind(of: BluetoothUUID(uuid)) == .characteristic)
    }

    @Test(arguments: [
        (UInt16(0x2900), "Characteristic Extended Properties"),
        (0x2901, "Characteristic User Description"),
        (0x2902, "Client Characteristic Configuration"),
        (0x2903, "Server Characteristic Configuration"),
        (0x2904, "Characteristic Presentation Format"),
        (0x2908, "Report Reference"),
    ])
    func descriptorNames(uuid: UInt16, name: String) {
        #expect(AssignedNumbers.name(forDescriptor: BluetoothUUID(uuid)) == name)
        #expect(AssignedNumbers.name(for: BluetoothUUID(uuid)) == name)
        #expect(AssignedNumbers.kind(of: BluetoothUUID(uuid)) == .descriptor)
    }

    @Test(arguments: [
        (UInt16(0x2800), "Primary Service"),
        (0x2801, "Secondary Service"),
        (0x2802, "Include"),
        (0x2803, "Characteristic"),
    ])
    func declarationNames(uuid: UInt16, name: String) {
        #expect(AssignedNumbers.name(forDeclaration: BluetoothUUID(uuid)) == name)
        #expect(AssignedNumbers.kind(of: BluetoothUUID(uuid)) == .declaration)
    }

    @Test(arguments: [
        (UInt16(0x2700), "unitless"),
        (0x2703, "time (second)"),
        (0x2728, "electric potential difference (volt)"),
        (0x272F, "Celsius temperature (degree Celsius)"),
        (0x27AD, "percentage"),
        (0x27AC, "thermodynamic temperature (degree Fahrenheit)"),
    ])
    func unitNames(unit: UInt16, name: String) {
        #expect(AssignedNumbers.unitName(for: unit) == name)
        #expect(AssignedNumbers.kind(of: BluetoothUUID(unit)) == .unit)
    }

    /// The companies named in the requirement documents, checked against the SIG list (the
    /// documents' 0x01D7 for Bosch is Squadrone Systems; Robert Bosch GmbH is 0x02A6).
    @Test(arguments: [
        (UInt16(0x0000), "Ericsson AB"),
        (0x0006, "Microsoft"),
        (0x000D, "Texas Instruments Inc."),
        (0x004C, "Apple, Inc."),
        (0x0059, "Nordic Semiconductor ASA"),
        (0x006B, "Polar Electro OY"),
        (0x0075, "Samsung Electronics Co. Ltd."),
        (0x0087, "Garmin International, Inc."),
        (0x00E0, "Google"),
        (0x012D, "Sony Corporation"),
        (0x0157, "Anhui Huami Information Technology Co., Ltd."),
        (0x018E, "Fitbit, Inc."),
        (0x01D7, "Squadrone Systems Inc."),
        (0x027D, "HUAWEI Technologies Co., Ltd."),
        (0x02A6, "Robert Bosch GmbH"),
        (0x038F, "Xiaomi Inc."),
        (0x060F, "Signify Netherlands B.V."),
        (0x067C, "Tile, Inc."),
        (0xFFFF, "Unregistered (test)"),
    ])
    func companyNames(identifier: UInt16, name: String) {
        #expect(AssignedNumbers.companyName(for: identifier) == name)
    }

    @Test(arguments: [
        (UInt16(0xFEE0), "Anhui Huami Information Technology Co., Ltd."),
        (0xFE59, "Nordic Semiconductor ASA"),
        (0xFE95, "Xiaomi Inc."),
        (0xFEAA, "Google LLC"),
        (0xFEED, "Tile, Inc."),
    ])
    func memberServiceNames(uuid: UInt16, name: String) {
        #expect(AssignedNumbers.name(forMemberService: BluetoothUUID(uuid)) == name)
        #expect(AssignedNumbers.name(for: BluetoothUUID(uuid)) == name)
        #expect(AssignedNumbers.kind(of: BluetoothUUID(uuid)) == .memberService)
        #expect(AssignedNumbers.name(forService: BluetoothUUID(uuid)) == nil)
    }

    @Test func uuidsWrittenIn128BitsAreFound() throws {
        let uuid = try BluetoothUUID(parsing: "0000180a-0000-1000-8000-00805f9b34fb")
        #expect(AssignedNumbers.name(forService: uuid) == "Device Information")
        #expect(uuid.assignedName == "Device Information")
        #expect(BluetoothUUID(0x2A19).assignedName == "Battery Level")
    }

    // MARK: - Appearance

    @Test(arguments: [
        (UInt16(0x0000), "Unknown"),
        (0x0040, "Phone"),
        (0x00C1, "Watch: Sports Watch"),
        (0x0340, "Heart Rate Sensor"),
        (0x0341, "Heart Rate Sensor: Heart Rate Belt"),
        (0x03C2, "Human Interface Device: Mouse"),
        (0x0580, "Light Fixtures"),
        (0x0597, "Light Fixtures: Bulb"),
        (0x07C2, "Light Source: LED Lamp"),
        (0x0D48, "Insulin Pump: Insulin Pen"),
        (0x1440, "Outdoor Sports Activity"),
    ])
    func appearanceNames(rawValue: UInt16, name: String) {
        #expect(Appearance(rawValue: rawValue).name == name)
        #expect(AssignedNumbers.appearanceName(for: rawValue) == name)
        #expect(Appearance(rawValue: rawValue).description == name)
    }

    @Test func appearanceFields() {
        let belt = Appearance(rawValue: 0x0341)
        #expect(belt.category == 0x00D)
        #expect(belt.subcategory == 1)
        #expect(belt.categoryName == "Heart Rate Sensor")
        #expect(belt.subcategoryName == "Heart Rate Belt")
        #expect(Appearance(category: 0x016) == .lightFixtures)
        #expect(Appearance(category: 0x016).rawValue == 0x0580)
        #expect(Appearance(category: 0x00D, subcategory: 1) == belt)
        #expect(Appearance.lightFixtures.subcategoryName == nil)
        #expect(AssignedNumbers.appearanceCategoryName(for: 0x016) == "Light Fixtures")
        #expect(AssignedNumbers.appearanceCategoryName(for: 0x400) == nil)
    }

    @Test func unassignedAppearances() {
        // A known category with an unassigned subcategory keeps the category's name.
        let oddBelt = Appearance(rawValue: 0x0345)
        #expect(oddBelt.name == nil)
        #expect(oddBelt.categoryName == "Heart Rate Sensor")
        #expect(oddBelt.description == "Heart Rate Sensor: subcategory 5 (0x0345)")
        // An unassigned category.
        let unknown = Appearance(rawValue: 0xFFC0)
        #expect(unknown.name == nil)
        #expect(unknown.categoryName == nil)
        #expect(unknown.description == "Appearance 0xFFC0")
    }

    // MARK: - Unknown values

    @Test func unknownValuesHaveNoName() throws {
        #expect(AssignedNumbers.name(forService: BluetoothUUID(0x1817)) == nil)
        #expect(AssignedNumbers.name(forService: BluetoothUUID(0x2A19)) == nil)
        #expect(AssignedNumbers.name(forCharacteristic: BluetoothUUID(0x180A)) == nil)
        #expect(AssignedNumbers.name(forDescriptor: BluetoothUUID(0x29FF)) == nil)
        #expect(AssignedNumbers.name(for: BluetoothUUID(0x0000)) == nil)
        #expect(AssignedNumbers.name(for: BluetoothUUID(0xFFFF)) == nil)
        #expect(AssignedNumbers.kind(of: BluetoothUUID(0x1817)) == nil)
        #expect(AssignedNumbers.unitName(for: 0x2708) == nil)
        #expect(AssignedNumbers.unitName(for: 0x180A) == nil)
        #expect(AssignedNumbers.companyName(for: 0xFFFE) == nil)
        #expect(AssignedNumbers.companyName(for: 0xF000) == nil)
        // A vendor 128-bit UUID (Mi Band 2) and a 32-bit UUID are not assigned numbers.
        let vendor = try BluetoothUUID(parsing: "00000007-0000-3512-2118-0009AF100700")
        #expect(AssignedNumbers.name(for: vendor) == nil)
        #expect(vendor.assignedName == nil)
        #expect(AssignedNumbers.name(for: BluetoothUUID(uuid32: 0x0001_180A)) == nil)
    }

    // MARK: - The generated tables match the committed data files

    /// Every row of every data file is found through the public API, with the same name.
    @Test func generatedTablesMatchTheDataFiles() throws {
        let checks: [(file: String, lookUp: (UInt16) -> String?)] = [
            ("services.csv", { AssignedNumbers.name(forService: BluetoothUUID($0)) }),
            ("characteristics.csv", { AssignedNumbers.name(forCharacteristic: BluetoothUUID($0)) }),
            ("descriptors.csv", { AssignedNumbers.name(forDescriptor: BluetoothUUID($0)) }),
            ("declarations.csv", { AssignedNumbers.name(forDeclaration: BluetoothUUID($0)) }),
            ("units.csv", { AssignedNumbers.unitName(for: $0) }),
            ("member-uuids.csv", { AssignedNumbers.name(forMemberService: BluetoothUUID($0)) }),
            ("company-identifiers.csv", { AssignedNumbers.companyName(for: $0) }),
        ]
        for (file, lookUp) in checks {
            let rows = try Self.dataRows(file)
            #expect(rows.count > 3, "\(file) has too few rows")
            for row in rows {
                let key = try #require(UInt16(row[0], radix: 16), "\(file): bad key \(row[0])")
                #expect(lookUp(key) == row[1], "\(file): \(row[0])")
            }
        }
        let appearances = try Self.dataRows("appearance.csv")
        for row in appearances {
            let category = try #require(UInt16(row[0], radix: 16))
            if row[1].isEmpty {
                #expect(AssignedNumbers.appearanceCategoryName(for: category) == row[2], "appearance \(row[0])")
            } else {
                let subcategory = try #require(UInt16(row[1], radix: 16))
                #expect(
                    AssignedNumbers.appearanceSubcategoryName(for: category << 6 | subcategory) == row[2],
                    "appearance \(row[0])/\(row[1])")
            }
        }
    }

    /// The data files hold the whole tables: every SIG service, characteristic and descriptor, and
    /// the company list from 0x0000 up without gaps.
    @Test func dataFilesAreComplete() throws {
        #expect(try Self.dataRows("services.csv").count >= 70)
        #expect(try Self.dataRows("characteristics.csv").count >= 500)
        #expect(try Self.dataRows("descriptors.csv").count >= 20)
        #expect(try Self.dataRows("units.csv").count >= 120)
        #expect(try Self.dataRows("appearance.csv").count >= 300)
        let companies = try Self.dataRows("company-identifiers.csv").compactMap { UInt16($0[0], radix: 16) }
        #expect(companies.count >= 3800)
        let assigned = companies.filter { $0 != 0xFFFF }
        #expect(assigned == Array(0...UInt16(assigned.count - 1)))
    }

    /// The generator reproduces the committed Swift file byte for byte (needs `python3`).
    @Test(.enabled(if: Self.python3 != nil, "python3 is not installed"))
    func generatedFileIsUpToDate() async throws {
        guard let python3 = Self.python3 else { return }
        let script = Self.repositoryRoot.appendingPathComponent("scripts/generate-assigned-numbers.py").path
        let outcome = try await ChildProcess.run(python3, [script, "--check"], timeout: .seconds(120))
        #expect(outcome.succeeded, "\(outcome.output)")
    }

    // MARK: - Helpers

    /// The repository root, found from this file's path.
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // BLECoreTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()

    /// `python3` on the usual paths, if installed.
    static let python3: URL? = ["/usr/bin/python3", "/usr/local/bin/python3", "/opt/homebrew/bin/python3"]
        .map(URL.init(fileURLWithPath:))
        .first { FileManager.default.isExecutableFile(atPath: $0.path) }

    /// The rows of a data file after its header, split into fields (RFC 4180 quoting).
    static func dataRows(_ file: String) throws -> [[String]] {
        let url = repositoryRoot.appendingPathComponent("data/assigned-numbers").appendingPathComponent(file)
        let text = try String(contentsOf: url, encoding: .utf8)
        return Array(parseCSV(text).dropFirst())
    }

    /// A small CSV reader: comma-separated fields, double-quoted fields with `""` for a quote.
    static func parseCSV(_ text: String) -> [[String]] {
        var rows: [[String]] = []
        var row: [String] = []
        var field = ""
        var quoted = false
        var characters = Array(text)[...]
        while let character = characters.popFirst() {
            if quoted {
                if character == "\"" {
                    if characters.first == "\"" {
                        field.append("\"")
                        characters.removeFirst()
                    } else {
                        quoted = false
                    }
                } else {
                    field.append(character)
                }
            } else if character == "\"" {
                quoted = true
            } else if character == "," {
                row.append(field)
                field = ""
            } else if character == "\n" {
                row.append(field)
                rows.append(row)
                row = []
                field = ""
            } else if character != "\r" {
                field.append(character)
            }
        }
        if !field.isEmpty || !row.isEmpty {
            row.append(field)
            rows.append(row)
        }
        return rows
    }
}
