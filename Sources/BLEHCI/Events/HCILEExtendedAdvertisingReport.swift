import BLECore

/// HCI_LE_Extended_Advertising_Report: advertising PDUs (legacy or extended) received while
/// scanning. Bumble's virtual controllers answer legacy scans with it too.
///
/// Core 5.4, Vol 4, Part E, 7.7.65.13. Parameters after Subevent_Code (0x0D): Num_Reports (1),
/// then for each report (interleaved):
///
/// | Field | Octets |
/// |---|---|
/// | Event_Type (bit field) | 2 |
/// | Address_Type (0–3, 0xFF anonymous) | 1 |
/// | Address | 6 |
/// | Primary_PHY | 1 |
/// | Secondary_PHY (0 = none) | 1 |
/// | Advertising_SID (0xFF = none) | 1 |
/// | TX_Power (signed dBm, 127 = not available) | 1 |
/// | RSSI (signed dBm, 127 = not available) | 1 |
/// | Periodic_Advertising_Interval (× 1.25 ms, 0 = none) | 2 |
/// | Direct_Address_Type | 1 |
/// | Direct_Address | 6 |
/// | Data_Length | 1 |
/// | Data | Data_Length |
///
/// Decoding throws when a report's fields or data run past the end of the parameters.
public struct HCILEExtendedAdvertisingReport: HCILEMetaEventParameters {
    /// 0x0D.
    public static let subeventCode = HCILEMetaSubevent.extendedAdvertisingReport

    /// The size of a report without its data.
    static let fixedReportLength = 24

    /// `Event_Type`: what kind of PDU was received (2 octets, bit field). Unnamed bits are kept.
    public struct EventType: OptionSet, Hashable, Sendable {
        /// The 16-bit field.
        public let rawValue: UInt16
        /// Wraps the field.
        public init(rawValue: UInt16) { self.rawValue = rawValue }

        /// Bit 0: connectable advertising.
        public static let connectable = EventType(rawValue: 1 << 0)
        /// Bit 1: scannable advertising.
        public static let scannable = EventType(rawValue: 1 << 1)
        /// Bit 2: directed advertising.
        public static let directed = EventType(rawValue: 1 << 2)
        /// Bit 3: scan response.
        public static let scanResponse = EventType(rawValue: 1 << 3)
        /// Bit 4: legacy advertising PDU.
        public static let legacy = EventType(rawValue: 1 << 4)

        /// Legacy ADV_IND (0b0010011).
        public static let legacyAdvInd: EventType = [.legacy, .connectable, .scannable]
        /// Legacy ADV_DIRECT_IND (0b0010101).
        public static let legacyAdvDirectInd: EventType = [.legacy, .connectable, .directed]
        /// Legacy ADV_SCAN_IND (0b0010010).
        public static let legacyAdvScanInd: EventType = [.legacy, .scannable]
        /// Legacy ADV_NONCONN_IND (0b0010000).
        public static let legacyAdvNonconnInd: EventType = [.legacy]
        /// Legacy SCAN_RSP to an ADV_IND (0b0011011).
        public static let legacyScanResponseToAdvInd: EventType = [.legacy, .scanResponse, .connectable, .scannable]
        /// Legacy SCAN_RSP to an ADV_SCAN_IND (0b0011010).
        public static let legacyScanResponseToAdvScanInd: EventType = [.legacy, .scanResponse, .scannable]

        /// Data status, bits 5–6. An open code space.
        public struct DataStatus: RawRepresentable, Hashable, Sendable {
            /// The two bits, 0…3.
            public let rawValue: UInt8
            /// Wraps the two bits; only the low two bits are kept.
            public init(rawValue: UInt8) { self.rawValue = rawValue & 0b11 }

            /// 0b00: complete.
            public static let complete = DataStatus(rawValue: 0b00)
            /// 0b01: incomplete, more data to come.
            public static let incompleteMoreToCome = DataStatus(rawValue: 0b01)
            /// 0b10: incomplete, truncated, no more to come.
            public static let incompleteTruncated = DataStatus(rawValue: 0b10)
        }

        /// Bits 5–6: whether the data is complete.
        public var dataStatus: DataStatus {
            get { DataStatus(rawValue: UInt8(rawValue >> 5 & 0b11)) }
            set { self = EventType(rawValue: rawValue & ~(0b11 << 5) | UInt16(newValue.rawValue) << 5) }
        }

        /// The legacy report type this is, when ``legacy`` is set and the bits name one.
        public var legacyEventType: HCILEAdvertisingReport.EventType? {
            var bits = self
            bits.dataStatus = .complete
            switch bits {
            case .legacyAdvInd: return .advInd
            case .legacyAdvDirectInd: return .advDirectInd
            case .legacyAdvScanInd: return .advScanInd
            case .legacyAdvNonconnInd: return .advNonconnInd
            case .legacyScanResponseToAdvInd, .legacyScanResponseToAdvScanInd: return .scanRsp
            default: return nil
            }
        }
    }

    /// One received advertising PDU (or a fragment of an extended advertisement's data).
    public struct Report: Sendable, Hashable {
        /// Event_Type (2 octets).
        public var eventType: EventType
        /// Address_Type (1 octet): 0–3 as in legacy reports, 0xFF anonymous.
        public var addressType: HCIAddressType
        /// Address (6 octets); meaningless when anonymous.
        public var address: DeviceAddress
        /// Primary_PHY (1 octet): LE 1M or LE Coded.
        public var primaryPHY: HCILEPHY
        /// Secondary_PHY (1 octet): ``HCILEPHY/none`` for legacy PDUs.
        public var secondaryPHY: HCILEPHY
        /// Advertising_SID (1 octet): 0x00–0x0F, 0xFF when none.
        public var advertisingSID: UInt8
        /// TX_Power (1 octet, signed dBm; 127 = not available).
        public var txPower: Int8
        /// RSSI (1 octet, signed dBm; 127 = not available).
        public var rssi: Int8
        /// Periodic_Advertising_Interval (2 octets, × 1.25 ms; 0 = no periodic advertising).
        public var periodicAdvertisingInterval: UInt16
        /// Direct_Address_Type (1 octet): for directed advertising (0xFE = unresolved RPA).
        public var directAddressType: HCIAddressType
        /// Direct_Address (6 octets): for directed advertising.
        public var directAddress: DeviceAddress
        /// Data (Data_Length octets).
        public var data: [UInt8]

        /// Creates a report.
        public init(
            eventType: EventType,
            addressType: HCIAddressType,
            address: DeviceAddress,
            primaryPHY: HCILEPHY,
            secondaryPHY: HCILEPHY,
            advertisingSID: UInt8,
            txPower: Int8,
            rssi: Int8,
            periodicAdvertisingInterval: UInt16,
            directAddressType: HCIAddressType,
            directAddress: DeviceAddress,
            data: [UInt8]
        ) {
            self.eventType = eventType
            self.addressType = addressType
            self.address = address
            self.primaryPHY = primaryPHY
            self.secondaryPHY = secondaryPHY
            self.advertisingSID = advertisingSID
            self.txPower = txPower
            self.rssi = rssi
            self.periodicAdvertisingInterval = periodicAdvertisingInterval
            self.directAddressType = directAddressType
            self.directAddress = directAddress
            self.data = data
        }

        /// RSSI in dBm, or `nil` when not available (127).
        public var rssiDBm: Int? { rssi == 127 ? nil : Int(rssi) }
        /// TX power in dBm, or `nil` when not available (127).
        public var txPowerDBm: Int? { txPower == 127 ? nil : Int(txPower) }
    }

    /// The reports, Num_Reports of them. Precondition when encoding: they fit one event (255 octets).
    public var reports: [Report]

    /// Creates the event.
    public init(reports: [Report]) {
        self.reports = reports
    }

    /// Decodes Num_Reports and the reports.
    public init(parameters reader: inout ByteReader) throws(HCIDecodingError) {
        let count = Int(try reader.requireUInt8("Num_Reports", of: Self.subject))
        guard reader.remainingCount >= count * Self.fixedReportLength else {
            throw HCIDecodingError(
                .lengthMismatch, Self.subject, field: "Num_Reports",
                "\(count) reports need at least \(count * Self.fixedReportLength) bytes, \(reader.remainingCount) left"
            )
        }
        var reports: [Report] = []
        reports.reserveCapacity(count)
        for _ in 0..<count {
            reports.append(try Self.readReport(&reader))
        }
        self.reports = reports
    }

    private static func readReport(_ reader: inout ByteReader) throws(HCIDecodingError) -> Report {
        let eventType = EventType(rawValue: try reader.requireUInt16("Event_Type", of: subject))
        let addressType = HCIAddressType(rawValue: try reader.requireUInt8("Address_Type", of: subject))
        let address = try reader.requireAddress("Address", isRandom: addressType.isRandom ?? false, of: subject)
        let primaryPHY = HCILEPHY(rawValue: try reader.requireUInt8("Primary_PHY", of: subject))
        let secondaryPHY = HCILEPHY(rawValue: try reader.requireUInt8("Secondary_PHY", of: subject))
        let advertisingSID = try reader.requireUInt8("Advertising_SID", of: subject)
        let txPower = try reader.requireInt8("TX_Power", of: subject)
        let rssi = try reader.requireInt8("RSSI", of: subject)
        let interval = try reader.requireUInt16("Periodic_Advertising_Interval", of: subject)
        let directAddressType = HCIAddressType(rawValue: try reader.requireUInt8("Direct_Address_Type", of: subject))
        let directAddress = try reader.requireAddress(
            "Direct_Address", isRandom: directAddressType.isRandom ?? false, of: subject
        )
        let length = Int(try reader.requireUInt8("Data_Length", of: subject))
        let data = try reader.requireBytes("Data", count: length, of: subject)
        return Report(
            eventType: eventType, addressType: addressType, address: address, primaryPHY: primaryPHY,
            secondaryPHY: secondaryPHY, advertisingSID: advertisingSID, txPower: txPower, rssi: rssi,
            periodicAdvertisingInterval: interval, directAddressType: directAddressType,
            directAddress: directAddress, data: data
        )
    }

    /// Encodes Num_Reports and the reports.
    public func encodeParameters(into writer: inout ByteWriter) {
        precondition(reports.count <= 0xFF, "Num_Reports is one octet")
        writer.writeUInt8(UInt8(reports.count))
        for report in reports {
            precondition(report.data.count <= 0xFF, "Data_Length is one octet")
            writer.writeUInt16(report.eventType.rawValue)
            writer.writeUInt8(report.addressType.rawValue)
            report.address.write(to: &writer)
            writer.writeUInt8(report.primaryPHY.rawValue)
            writer.writeUInt8(report.secondaryPHY.rawValue)
            writer.writeUInt8(report.advertisingSID)
            writer.writeInt8(report.txPower)
            writer.writeInt8(report.rssi)
            writer.writeUInt16(report.periodicAdvertisingInterval)
            writer.writeUInt8(report.directAddressType.rawValue)
            report.directAddress.write(to: &writer)
            writer.writeUInt8(UInt8(report.data.count))
            writer.writeBytes(report.data)
        }
    }
}
