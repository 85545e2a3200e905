import BLECore

/// HCI_Disconnect: terminates a connection.
///
/// Core 5.4, Vol 4, Part E, 7.1.6. Parameters, 3 octets: Connection_Handle (2), Reason (1): one
/// of Authentication Failure (0x05), Remote User Terminated Connection (0x13), Remote Device
/// Terminated Connection due to Low Resources (0x14) or Power Off (0x15), Unsupported Remote
/// Feature (0x1A), Pairing With Unit Key Not Supported (0x29), Unacceptable Connection
/// Parameters (0x3B).
///
/// Answered by HCI_Command_Status; then by **Disconnection Complete** on the same handle (whose
/// Reason is Connection Terminated By Local Host, 0x16).
public struct HCIDisconnect: HCICommandWithStatus {
    /// 0x0406.
    public static let opcode = HCIOpcode.disconnect

    /// The Reason values 7.1.6 allows.
    public static let allowedReasons: Set<HCIStatus> = [
        .authenticationFailure, .remoteUserTerminatedConnection, .remoteDeviceTerminatedConnectionDueToLowResources,
        .remoteDeviceTerminatedConnectionDueToPowerOff, .unsupportedRemoteFeature, .pairingWithUnitKeyNotSupported,
        .unacceptableConnectionParameters,
    ]

    /// Connection_Handle (2 octets, 0x0000…0x0EFF).
    public var connectionHandle: UInt16
    /// Reason (1 octet): an error code sent to the peer.
    public var reason: HCIStatus

    /// Creates the command.
    public init(connectionHandle: UInt16, reason: HCIStatus = .remoteUserTerminatedConnection) {
        self.connectionHandle = connectionHandle
        self.reason = reason
    }

    /// Decodes the parameters.
    public init(parameters reader: inout ByteReader) throws(HCIDecodingError) {
        connectionHandle = try reader.requireUInt16("Connection_Handle", of: Self.subject)
        reason = HCIStatus(rawValue: try reader.requireUInt8("Reason", of: Self.subject))
    }

    /// Encodes the parameters.
    public func encodeParameters(into writer: inout ByteWriter) {
        writer.writeUInt16(connectionHandle)
        writer.writeUInt8(reason.rawValue)
    }

    /// Checks the handle range and that Reason is one of ``allowedReasons``.
    public func validate() throws(HCIDecodingError) {
        try Self.checkConnectionHandle(connectionHandle)
        try Self.check(Self.allowedReasons.contains(reason), "Reason", "\(reason) is not a reason a host may give")
    }

    /// Disconnection Complete on the same Connection_Handle.
    public func isCompleted(by event: HCIEvent) -> Bool {
        if case .disconnectionComplete(let complete) = event { return complete.connectionHandle == connectionHandle }
        return false
    }
}
