import BLECore

/// HCI_LE_Read_Remote_Features: asks the peer for its LE features.
///
/// Core 5.4, Vol 4, Part E, 7.8.21. Parameters, 2 octets: Connection_Handle (2).
///
/// Answered by HCI_Command_Status; then by **LE Read Remote Features Complete** on the same handle.
public struct HCILEReadRemoteFeatures: HCICommandWithStatus {
    /// 0x2016.
    public static let opcode = HCIOpcode.leReadRemoteFeatures

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

    /// LE Read Remote Features Complete on the same Connection_Handle.
    public func isCompleted(by event: HCIEvent) -> Bool {
        if case .leMeta(.readRemoteFeaturesComplete(let complete)) = event {
            return complete.connectionHandle == connectionHandle
        }
        return false
    }
}
