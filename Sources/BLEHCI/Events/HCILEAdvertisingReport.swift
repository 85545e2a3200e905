import BLECore

/// HCI_LE_Advertising_Report: legacy advertising PDUs and scan responses received while scanning.
///
/// Core 5.4, Vol 4, Part E, 7.7.65.2. Parameters after Subevent_Code (0x02): Num_Reports (1),
/// then for each report (5.2: array parameters are interleaved):
///
/// | Field | Octets |
/// |---|---|
/// | Event_Type | 1 |
/// | Address_Type (0–3) | 1 |
/// | Address | 6 |
/// | Data_Length (0–31) | 1 |
/// | Data | Data_Length |
/// | RSSI (signed dBm, 127 = not available) | 1 |
///
/// Decoding throws when a report's fields or data run past the end of the parameters. A
/// Data_Length above 31 that fits is decoded as sent.
public struct HCILEAdvertisingReport: HCILEMetaEventParameters {
    /// 0x02.
    public static let subeventCode = HCILEMetaSubevent.advertisingReport

    /// The advertising PDU a report is about, `Event_Type`. An open code space.
    public struct EventType: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The octet on the wire.
        public let rawValue: UInt8
        /// Wraps an octet.
        public init(rawValue: UInt8) { self.rawValue = rawValue }

        /// 0x00: connectable and scannable undirected (ADV_IND).
        public static let advInd = EventType(rawValue: 0x00)
        /// 0x01: connectable directed (ADV_DIRECT_IND).
        public static let advDirectInd = EventType(rawValue: 0x01)
        /// 0x02: scannable undirected (ADV_SCAN_IND).
        public static let advScanInd = EventType(rawValue: 0x02)
        /// 0x03: non-connectable undirected (ADV_NONCONN_IND).
        public static let advNonconnInd = EventType(rawValue: 0x03)
        /// 0x04: scan response (SCAN_RSP).
        public static let scanRsp = EventType(rawValue: 0x04)

        /// Whether the advertiser accepts connections (ADV_IND, ADV_DIRECT_IND).
        public var isConnectable: Bool { self == .advInd || self == .advDirectInd }

        /// The PDU name, e.g. `ADV_IND`.
        public var description: String {
            switch rawValue {
            case 0x00: "ADV_IND"
            case 0x01: "ADV_DIRECT_IND"
            case 0x02: "ADV_SCAN_IND"
            case 0x03: "ADV_NONCONN_IND"
            case 0x04: "SCAN_RSP"
            default: HCIFormat.hex(rawValue)
            }
        }
    }

    /// One received advertising PDU.
    public struct Report: Sendable, Hashable {
        /// Event_Type (1 octet).
        public var eventType: EventType
        /// Address_Type (1 octet): 0 public, 1 random, 2 public identity, 3 random identity.
        public var addressType: HCIAddressType
        /// Address (6 octets).
        public var address: DeviceAddress
        /// Data (Data_Length octets): advertising data or scan response data.
        public var data: [UInt8]
        /// RSSI (1 octet, signed dBm, −127…20; 127 = not available).
        public var rssi: Int8

        /// Creates a report.
        public init(eventType: EventType, addressType: HCIAddressType, address: DeviceAddress, data: [UInt8], rssi: Int8) {
            self.eventType = eventType
            self.addressType = addressType
            self.address = address
            self.data = data
            self.rssi = rssi
        }

        /// RSSI in dBm, or `nil` when not available (127).
        public var rssiDBm: Int? { rssi == 127 ? nil : Int(rssi) }
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
        // Each report is at least 10 octets: refuse a count the parameters cannot hold before reading.
        guard reader.remainingCount >= count * 10 else {
            throw HCIDecodingError(
                .lengthMismatch, Self.subject, field: "Num_Reports",
                "\(count) reports need at least \(count * 10) bytes, \(reader.remainingCount) left"
            )
        }
        var reports: [Report] = []
        reports.reserveCapacity(count)
        for _ in 0..<count {
            let eventType = EventType(rawValue: try reader.requireUInt8("Event_Type", of: Self.subject))
            let addressType = HCIAddressType(rawValue: try reader.requireUInt8("Address_Type", of: Self.subject))
            let address = try reader.requireAddress("Address", isRandom: addressType.isRandom ?? false, of: Self.subject)
            let length = Int(try reader.requireUInt8("Data_Length", of: Self.subject))
            let data = try reader.requireBytes("Data", count: length, of: Self.subject)
            let rssi = try reader.requireInt8("RSSI", of: Self.subject)
            reports.append(Report(eventType: eventType, addressType: addressType, address: address, data: data, rssi: rssi))
        }
        self.reports = reports
    }

    /// Encodes Num_Reports and the reports.
    public func encodeParameters(into writer: inout ByteWriter) {
        precondition(reports.count <= 0xFF, "Num_Reports is one octet")
        writer.writeUInt8(UInt8(reports.count))
        for report in reports {
            precondition(report.data.count <= 0xFF, "Data_Length is one octet")
            writer.writeUInt8(report.eventType.rawValue)
            writer.writeUInt8(report.addressType.rawValue)
            report.address.write(to: &writer)
            writer.writeUInt8(UInt8(report.data.count))
            writer.writeBytes(report.data)
            writer.writeInt8(report.rssi)
        }
    }
}
