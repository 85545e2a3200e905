import BLECore

/// HCI_Host_Number_Of_Completed_Packets: the host returns buffer credits to the controller.
///
/// Core 5.4, Vol 4, Part E, 7.3.40. Parameters, 1 + 4 × n octets: Num_Handles (1), then for each
/// handle Connection_Handle (2) and Host_Num_Completed_Packets (2). It may be sent at any time,
/// spends no command credit, and normally gets **no** event in answer (a controller reports
/// errors with Command Complete), so it conforms to ``HCICommand`` only.
public struct HCIHostNumberOfCompletedPackets: HCICommand {
    /// 0x0C35.
    public static let opcode = HCIOpcode.hostNumberOfCompletedPackets

    /// The most entries one command carries: (255 − 1) / 4.
    public static let maximumEntryCount = HCIHandleCountList.maximumEntryCount

    /// One handle and its count.
    public struct Entry: Sendable, Hashable {
        /// Connection_Handle (2 octets).
        public var connectionHandle: UInt16
        /// Host_Num_Completed_Packets (2 octets).
        public var hostNumCompletedPackets: UInt16

        /// Creates an entry.
        public init(connectionHandle: UInt16, hostNumCompletedPackets: UInt16) {
            self.connectionHandle = connectionHandle
            self.hostNumCompletedPackets = hostNumCompletedPackets
        }
    }

    /// The entries, Num_Handles of them. Precondition when encoding: at most 63.
    public var entries: [Entry]

    /// Creates the command.
    public init(entries: [Entry]) {
        self.entries = entries
    }

    /// Decodes Num_Handles and the entries; throws when they overrun the parameters.
    public init(parameters reader: inout ByteReader) throws(HCIDecodingError) {
        entries = try HCIHandleCountList.decode(from: &reader, countField: "Host_Num_Completed_Packets", of: Self.subject) {
            Entry(connectionHandle: $0, hostNumCompletedPackets: $1)
        }
    }

    /// Encodes Num_Handles and the entries.
    public func encodeParameters(into writer: inout ByteWriter) {
        precondition(entries.count <= Self.maximumEntryCount, "at most 63 handles per command")
        HCIHandleCountList.encode(entries, into: &writer) { ($0.connectionHandle, $0.hostNumCompletedPackets) }
    }

    /// Checks every handle's range.
    public func validate() throws(HCIDecodingError) {
        for entry in entries {
            try Self.checkConnectionHandle(entry.connectionHandle)
        }
    }
}
