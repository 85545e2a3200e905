import BLECore

/// HCI_Number_Of_Completed_Packets: the controller returns ACL buffer credits, per connection.
///
/// Core 5.4, Vol 4, Part E, 7.7.19. Parameters, 1 + 4 × n octets: Num_Handles (1), then for each
/// handle Connection_Handle (2) and Num_Completed_Packets (2), pairwise (5.2: array parameters
/// are interleaved). Decoding throws when Num_Handles overruns the parameters.
public struct HCINumberOfCompletedPackets: HCIEventParameters {
    /// 0x13.
    public static let eventCode = HCIEventCode.numberOfCompletedPackets

    /// The most entries one event carries: (255 − 1) / 4.
    public static let maximumEntryCount = HCIHandleCountList.maximumEntryCount

    /// One handle and its count.
    public struct Entry: Sendable, Hashable {
        /// Connection_Handle (2 octets).
        public var connectionHandle: UInt16
        /// Num_Completed_Packets (2 octets): packets sent or flushed since the last event.
        public var numCompletedPackets: UInt16

        /// Creates an entry.
        public init(connectionHandle: UInt16, numCompletedPackets: UInt16) {
            self.connectionHandle = connectionHandle
            self.numCompletedPackets = numCompletedPackets
        }
    }

    /// The entries, Num_Handles of them. Precondition when encoding: at most 63.
    public var entries: [Entry]

    /// Creates the event.
    public init(entries: [Entry]) {
        self.entries = entries
    }

    /// Decodes Num_Handles and the entries.
    public init(parameters reader: inout ByteReader) throws(HCIDecodingError) {
        entries = try HCIHandleCountList.decode(from: &reader, countField: "Num_Completed_Packets", of: Self.subject) {
            Entry(connectionHandle: $0, numCompletedPackets: $1)
        }
    }

    /// Encodes Num_Handles and the entries.
    public func encodeParameters(into writer: inout ByteWriter) {
        precondition(entries.count <= Self.maximumEntryCount, "at most 63 handles per event")
        HCIHandleCountList.encode(entries, into: &writer) { ($0.connectionHandle, $0.numCompletedPackets) }
    }
}
