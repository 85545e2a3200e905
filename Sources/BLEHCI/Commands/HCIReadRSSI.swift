import BLECore

/// HCI_Read_RSSI: the received signal strength on a connection.
///
/// Core 5.4, Vol 4, Part E, 7.5.4. Parameters, 2 octets: Handle (2). Return parameters,
/// 4 octets: Status (1), Handle (2), RSSI (1, signed dBm; 127 when not available).
public struct HCIReadRSSI: HCICommandCompleting {
    /// 0x1405.
    public static let opcode = HCIOpcode.readRSSI

    /// Handle (2 octets): the Connection_Handle.
    public var handle: UInt16

    /// Creates the command.
    public init(handle: UInt16) {
        self.handle = handle
    }

    /// Decodes Handle.
    public init(parameters reader: inout ByteReader) throws(HCIDecodingError) {
        handle = try reader.requireUInt16("Handle", of: Self.subject)
    }

    /// Encodes Handle.
    public func encodeParameters(into writer: inout ByteWriter) {
        writer.writeUInt16(handle)
    }

    /// Checks the handle range.
    public func validate() throws(HCIDecodingError) {
        try Self.checkConnectionHandle(handle, field: "Handle")
    }

    /// Status, the handle and its RSSI.
    public struct ReturnParameters: HCIReturnParameters {
        /// Status (1 octet).
        public var status: HCIStatus
        /// Handle (2 octets).
        public var handle: UInt16
        /// RSSI (1 octet, signed): dBm, −127…20; 127 means not available.
        public var rssi: Int8

        /// Creates return parameters.
        public init(status: HCIStatus, handle: UInt16, rssi: Int8) {
            self.status = status
            self.handle = handle
            self.rssi = rssi
        }

        /// A failure: `status`, handle zero, RSSI not available.
        public init(failedWith status: HCIStatus) {
            self.init(status: status, handle: 0, rssi: 127)
        }

        /// Decodes the fields after Status.
        public init(status: HCIStatus, fields reader: inout ByteReader) throws(HCIDecodingError) {
            let subject = HCIDecodingError.Subject.returnParameters(HCIReadRSSI.opcode)
            self.status = status
            handle = try reader.requireUInt16("Handle", of: subject)
            rssi = try reader.requireInt8("RSSI", of: subject)
        }

        /// Encodes the fields after Status.
        public func encodeFields(into writer: inout ByteWriter) {
            writer.writeUInt16(handle)
            writer.writeInt8(rssi)
        }

        /// RSSI in dBm, or `nil` when the controller reports 127 (not available).
        public var rssiDBm: Int? { rssi == 127 ? nil : Int(rssi) }
    }
}
