import BLECore

/// HCI_LE_Read_PHY: the PHYs in use on a connection.
///
/// Core 5.4, Vol 4, Part E, 7.8.47. Parameters, 2 octets: Connection_Handle (2). Return
/// parameters, 5 octets: Status (1), Connection_Handle (2), TX_PHY (1), RX_PHY (1).
public struct HCILEReadPHY: HCICommandCompleting {
    /// 0x2030.
    public static let opcode = HCIOpcode.leReadPHY

    /// Connection_Handle (2 octets).
    public var connectionHandle: UInt16

    /// Creates the command.
    public init(connectionHandle: UInt16) {
        self.connectionHandle = connectionHandle
    }

    /// Decodes Connection_Handle.
    public init(parameters reader: inout ByteReader) throws(HCIDecodingError) {
        connectionHandle = try reader.requireUInt16("Connection_Handle", of: Self.subject)
    }

    /// Encodes Connection_Handle.
    public func encodeParameters(into writer: inout ByteWriter) {
        writer.writeUInt16(connectionHandle)
    }

    /// Checks the handle range.
    public func validate() throws(HCIDecodingError) {
        try Self.checkConnectionHandle(connectionHandle)
    }

    /// Status, the handle and its PHYs.
    public struct ReturnParameters: HCIReturnParameters {
        /// Status (1 octet).
        public var status: HCIStatus
        /// Connection_Handle (2 octets).
        public var connectionHandle: UInt16
        /// TX_PHY (1 octet).
        public var txPHY: HCILEPHY
        /// RX_PHY (1 octet).
        public var rxPHY: HCILEPHY

        /// Creates return parameters.
        public init(status: HCIStatus, connectionHandle: UInt16, txPHY: HCILEPHY, rxPHY: HCILEPHY) {
            self.status = status
            self.connectionHandle = connectionHandle
            self.txPHY = txPHY
            self.rxPHY = rxPHY
        }

        /// A failure: `status`, every other field zero.
        public init(failedWith status: HCIStatus) {
            self.init(status: status, connectionHandle: 0, txPHY: .none, rxPHY: .none)
        }

        /// Decodes the fields after Status.
        public init(status: HCIStatus, fields reader: inout ByteReader) throws(HCIDecodingError) {
            let subject = HCIDecodingError.Subject.returnParameters(HCILEReadPHY.opcode)
            self.status = status
            connectionHandle = try reader.requireUInt16("Connection_Handle", of: subject)
            txPHY = HCILEPHY(rawValue: try reader.requireUInt8("TX_PHY", of: subject))
            rxPHY = HCILEPHY(rawValue: try reader.requireUInt8("RX_PHY", of: subject))
        }

        /// Encodes the fields after Status.
        public func encodeFields(into writer: inout ByteWriter) {
            writer.writeUInt16(connectionHandle)
            writer.writeUInt8(txPHY.rawValue)
            writer.writeUInt8(rxPHY.rawValue)
        }
    }
}
