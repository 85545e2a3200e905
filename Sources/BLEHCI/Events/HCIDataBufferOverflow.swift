import BLECore

/// HCI_Data_Buffer_Overflow: the host sent more data packets than the controller had buffers for.
///
/// Core 5.4, Vol 4, Part E, 7.7.26. Parameters, 1 octet: Link_Type (1: 0x00 synchronous,
/// 0x01 ACL, 0x02 ISO).
public struct HCIDataBufferOverflow: HCIEventParameters {
    /// 0x1A.
    public static let eventCode = HCIEventCode.dataBufferOverflow

    /// Link_Type (1 octet).
    public var linkType: UInt8

    /// Creates the event.
    public init(linkType: UInt8) {
        self.linkType = linkType
    }

    /// Decodes Link_Type.
    public init(parameters reader: inout ByteReader) throws(HCIDecodingError) {
        linkType = try reader.requireUInt8("Link_Type", of: Self.subject)
    }

    /// Encodes Link_Type.
    public func encodeParameters(into writer: inout ByteWriter) {
        writer.writeUInt8(linkType)
    }
}
