import BLEGATT

/// The Bond Management Service as a SN offers it (SN profile §9.3, after the SIG's Bond
/// Management Service 1.0): the Feature value, the Control Point op codes and its ATT errors.
/// Both the app and the virtual SN use these.
public enum SNBondManagement {
    /// Bond Management Feature (0x2AA5), 3 bytes little-endian: 0x010410 — delete the requesting
    /// device's bond (LE, bit 4), delete all bonds (LE, bit 10), delete all but the active bond
    /// (LE, bit 16); no authorization codes.
    public static let feature: [UInt8] = [0x10, 0x04, 0x01]

    /// Op Code Not Supported (ATT error 0x80): the Control Point was written an op code the SN
    /// does not offer.
    public static let opCodeNotSupported = ATTErrorCode(rawValue: 0x80)
    /// Operation Failed (ATT error 0x81): an op code was followed by an authorization code, which
    /// the SN does not take.
    public static let operationFailed = ATTErrorCode(rawValue: 0x81)

    /// Checks a Control Point write: the op code it asks for, or the ATT error the SN answers
    /// (0x80 for an empty write or another op code, 0x81 when bytes follow the op code).
    public static func request(_ bytes: [UInt8]) -> Result<BondManagementOpcode, BondManagementRefusal> {
        guard let first = bytes.first, BondManagementOpcode.supported.contains(BondManagementOpcode(rawValue: first)) else {
            return .failure(BondManagementRefusal(code: opCodeNotSupported))
        }
        guard bytes.count == 1 else { return .failure(BondManagementRefusal(code: operationFailed)) }
        return .success(BondManagementOpcode(rawValue: first))
    }
}

/// Why the SN refused a Bond Management Control Point write: the ATT error it answers with.
public struct BondManagementRefusal: Error, Sendable, Hashable {
    /// 0x80 Op Code Not Supported or 0x81 Operation Failed.
    public var code: ATTErrorCode
}

/// A Bond Management Control Point op code (Bond Management Service 1.0, 3.2.2.1); an open set.
public struct BondManagementOpcode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The op code byte.
    public let rawValue: UInt8
    /// Wraps an op code byte.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// 0x03: delete the bond of the requesting device (LE); the SN then disconnects.
    public static let deleteRequestingDeviceBond = BondManagementOpcode(rawValue: 0x03)
    /// 0x06: delete all bonds (LE); the SN's pairing window opens.
    public static let deleteAllBonds = BondManagementOpcode(rawValue: 0x06)
    /// 0x09: delete all bonds but the requesting device's (LE).
    public static let deleteAllButActiveBond = BondManagementOpcode(rawValue: 0x09)

    /// The op codes a SN carries out (§9.3).
    public static let supported: [BondManagementOpcode] = [.deleteRequestingDeviceBond, .deleteAllBonds, .deleteAllButActiveBond]

    /// `delete the requesting device's bond (0x03)`.
    public var description: String {
        let hex = "0x" + (rawValue < 0x10 ? "0" : "") + String(rawValue, radix: 16, uppercase: true)
        switch rawValue {
        case 0x03: return "delete the requesting device's bond (\(hex))"
        case 0x06: return "delete all bonds (\(hex))"
        case 0x09: return "delete all bonds but the requesting device's (\(hex))"
        default: return "op code \(hex)"
        }
    }
}
