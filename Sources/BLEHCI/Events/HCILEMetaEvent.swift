import BLECore

/// Any LE Meta subevent: one case per subevent this module decodes, plus
/// ``unknown(subevent:parameters:)``.
///
/// Core 5.4, Vol 4, Part E, 7.7.65. The parameters of HCI_LE_Meta_Event (0x3E) start with
/// Subevent_Code (1 octet). A known subevent with malformed parameters throws; an unknown one
/// keeps its parameters and re-encodes byte for byte.
public enum HCILEMetaEvent: Sendable, Hashable {
    /// HCI_LE_Connection_Complete (0x01).
    case connectionComplete(HCILEConnectionComplete)
    /// HCI_LE_Advertising_Report (0x02).
    case advertisingReport(HCILEAdvertisingReport)
    /// HCI_LE_Connection_Update_Complete (0x03).
    case connectionUpdateComplete(HCILEConnectionUpdateComplete)
    /// HCI_LE_Read_Remote_Features_Complete (0x04).
    case readRemoteFeaturesComplete(HCILEReadRemoteFeaturesComplete)
    /// HCI_LE_Long_Term_Key_Request (0x05).
    case longTermKeyRequest(HCILELongTermKeyRequest)
    /// HCI_LE_Data_Length_Change (0x07).
    case dataLengthChange(HCILEDataLengthChange)
    /// HCI_LE_Enhanced_Connection_Complete [v1] (0x0A).
    case enhancedConnectionComplete(HCILEEnhancedConnectionComplete)
    /// HCI_LE_PHY_Update_Complete (0x0C).
    case phyUpdateComplete(HCILEPHYUpdateComplete)
    /// HCI_LE_Extended_Advertising_Report (0x0D).
    case extendedAdvertisingReport(HCILEExtendedAdvertisingReport)
    /// HCI_LE_Enhanced_Connection_Complete [v2] (0x29).
    case enhancedConnectionCompleteV2(HCILEEnhancedConnectionCompleteV2)
    /// A subevent this module does not decode: its code and the octets after it.
    case unknown(subevent: HCILEMetaSubevent, parameters: [UInt8])

    /// Decodes the parameters of an HCI_LE_Meta_Event: Subevent_Code, then the subevent.
    public init(parameters bytes: [UInt8]) throws(HCIDecodingError) {
        var reader = ByteReader(bytes)
        let code = HCILEMetaSubevent(rawValue: try reader.requireUInt8("Subevent_Code", of: .event(.leMeta)))
        switch code {
        case .connectionComplete: self = .connectionComplete(try Self.decode(&reader))
        case .advertisingReport: self = .advertisingReport(try Self.decode(&reader))
        case .connectionUpdateComplete: self = .connectionUpdateComplete(try Self.decode(&reader))
        case .readRemoteFeaturesComplete: self = .readRemoteFeaturesComplete(try Self.decode(&reader))
        case .longTermKeyRequest: self = .longTermKeyRequest(try Self.decode(&reader))
        case .dataLengthChange: self = .dataLengthChange(try Self.decode(&reader))
        case .enhancedConnectionComplete: self = .enhancedConnectionComplete(try Self.decode(&reader))
        case .phyUpdateComplete: self = .phyUpdateComplete(try Self.decode(&reader))
        case .extendedAdvertisingReport: self = .extendedAdvertisingReport(try Self.decode(&reader))
        case .enhancedConnectionCompleteV2: self = .enhancedConnectionCompleteV2(try Self.decode(&reader))
        default: self = .unknown(subevent: code, parameters: reader.readRemainingBytes())
        }
    }

    private static func decode<Subevent: HCILEMetaEventParameters>(
        _ reader: inout ByteReader
    ) throws(HCIDecodingError) -> Subevent {
        let subevent = try Subevent(parameters: &reader)
        try reader.requireEnd(of: Subevent.subject)
        return subevent
    }

    /// The subevent's parameters, or `nil` for ``unknown(subevent:parameters:)``.
    public var parameters: (any HCILEMetaEventParameters)? {
        switch self {
        case .connectionComplete(let subevent): subevent
        case .advertisingReport(let subevent): subevent
        case .connectionUpdateComplete(let subevent): subevent
        case .readRemoteFeaturesComplete(let subevent): subevent
        case .longTermKeyRequest(let subevent): subevent
        case .dataLengthChange(let subevent): subevent
        case .enhancedConnectionComplete(let subevent): subevent
        case .phyUpdateComplete(let subevent): subevent
        case .extendedAdvertisingReport(let subevent): subevent
        case .enhancedConnectionCompleteV2(let subevent): subevent
        case .unknown: nil
        }
    }

    /// Subevent_Code.
    public var subeventCode: HCILEMetaSubevent {
        if case .unknown(let code, _) = self { return code }
        return type(of: parameters!).subeventCode
    }

    /// The event packet: code 0x3E, length, Subevent_Code, parameters.
    public var packet: HCIEventPacket {
        if case .unknown(let code, let parameters) = self {
            return HCIEventPacket(eventCode: .leMeta, parameters: [code.rawValue] + parameters)
        }
        return parameters!.packet
    }

    /// Wraps typed subevent parameters in their case (a subevent type defined outside this
    /// module becomes ``unknown(subevent:parameters:)`` holding its encoded parameters).
    @inlinable
    public init(_ subevent: some HCILEMetaEventParameters) {
        if let subevent = subevent as? HCILEConnectionComplete {
            self = .connectionComplete(subevent)
        } else if let subevent = subevent as? HCILEAdvertisingReport {
            self = .advertisingReport(subevent)
        } else if let subevent = subevent as? HCILEConnectionUpdateComplete {
            self = .connectionUpdateComplete(subevent)
        } else if let subevent = subevent as? HCILEReadRemoteFeaturesComplete {
            self = .readRemoteFeaturesComplete(subevent)
        } else if let subevent = subevent as? HCILELongTermKeyRequest {
            self = .longTermKeyRequest(subevent)
        } else if let subevent = subevent as? HCILEDataLengthChange {
            self = .dataLengthChange(subevent)
        } else if let subevent = subevent as? HCILEEnhancedConnectionComplete {
            self = .enhancedConnectionComplete(subevent)
        } else if let subevent = subevent as? HCILEPHYUpdateComplete {
            self = .phyUpdateComplete(subevent)
        } else if let subevent = subevent as? HCILEExtendedAdvertisingReport {
            self = .extendedAdvertisingReport(subevent)
        } else if let subevent = subevent as? HCILEEnhancedConnectionCompleteV2 {
            self = .enhancedConnectionCompleteV2(subevent)
        } else {
            self = .unknown(subevent: type(of: subevent).subeventCode, parameters: Array(subevent.packet.parameters.dropFirst()))
        }
    }
}
