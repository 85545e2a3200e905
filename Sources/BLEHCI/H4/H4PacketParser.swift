/// Splits an H4 byte stream into HCI packets, whatever the chunking of the reads.
///
/// Core 5.4, Vol 4, Part A, 2. Feed it each chunk read from the transport; it returns every
/// packet completed so far and keeps the bytes of an incomplete one for the next chunk. Several
/// packets in one chunk, and one packet split over many chunks, both work.
///
/// **Garbage and resynchronisation.** A byte that cannot start a packet (an unknown or unaccepted
/// packet indicator), or a header whose length is impossible (ISO RFU bits set, or above the
/// configured maximum), is garbage: the parser drops **one byte** and looks for a plausible header
/// at the next, so it regains sync after any corruption. Dropped bytes are reported as
/// ``Output/discarded(_:)`` (one report per run of dropped bytes in a chunk) and counted in
/// ``discardedByteCount``.
///
/// **Bounded memory.** After each call the parser holds at most one incomplete frame, whose
/// length is bounded by its header: ``maximumBufferedByteCount``. Set `maximumACLDataLength` to
/// the controller's buffer size (HCI_LE_Read_Buffer_Size) so a corrupted ACL header cannot make
/// the parser wait for 64 KiB.
public struct H4PacketParser: Sendable {
    /// What one call produced: a whole packet, or a run of bytes dropped while resynchronising.
    public enum Output: Sendable, Hashable {
        /// A whole packet.
        case packet(HCIPacket)
        /// Bytes that could not start a packet and were dropped.
        case discarded(Discard)
    }

    /// A run of dropped bytes and why the first of them was dropped.
    public struct Discard: Sendable, Hashable, CustomStringConvertible {
        /// How many bytes were dropped in this run.
        public var byteCount: Int
        /// Why the first byte was dropped, e.g. `unknown packet indicator 0x07`.
        public var reason: String

        /// Creates a report.
        public init(byteCount: Int, reason: String) {
            self.byteCount = byteCount
            self.reason = reason
        }

        /// `dropped 3 bytes: unknown packet indicator 0x07`.
        public var description: String { "dropped \(byteCount) bytes: \(reason)" }
    }

    /// The packet types this side accepts; any other indicator is garbage.
    public let acceptedPacketTypes: Set<HCIPacketType>
    /// The largest ACL Data_Total_Length accepted; a larger one is garbage.
    public let maximumACLDataLength: Int
    /// The largest ISO_Data_Load_Length accepted; a larger one is garbage.
    public let maximumISODataLength: Int

    /// How many bytes have been dropped since creation or ``reset()``.
    public private(set) var discardedByteCount = 0

    private var buffer: [UInt8] = []
    private var start = 0

    /// Creates a parser.
    ///
    /// - Parameters:
    ///   - acceptedPacketTypes: the indicators this side receives; by default all five.
    ///   - maximumACLDataLength: the largest ACL data length to accept (at most 65535).
    ///   - maximumISODataLength: the largest ISO data load length to accept (at most 16383).
    public init(
        acceptedPacketTypes: Set<HCIPacketType> = [.command, .aclData, .synchronousData, .event, .isoData],
        maximumACLDataLength: Int = HCIACLDataPacket.maximumDataLength,
        maximumISODataLength: Int = HCIISODataPacket.maximumDataLength
    ) {
        self.acceptedPacketTypes = acceptedPacketTypes
        self.maximumACLDataLength = min(max(maximumACLDataLength, 0), HCIACLDataPacket.maximumDataLength)
        self.maximumISODataLength = min(max(maximumISODataLength, 0), HCIISODataPacket.maximumDataLength)
    }

    /// A parser for a host: events, ACL, synchronous and ISO data (no commands).
    public static func forHost(maximumACLDataLength: Int = HCIACLDataPacket.maximumDataLength) -> H4PacketParser {
        H4PacketParser(
            acceptedPacketTypes: [.aclData, .synchronousData, .event, .isoData],
            maximumACLDataLength: maximumACLDataLength
        )
    }

    /// A parser for a controller: commands, ACL, synchronous and ISO data (no events).
    public static func forController(maximumACLDataLength: Int = HCIACLDataPacket.maximumDataLength) -> H4PacketParser {
        H4PacketParser(
            acceptedPacketTypes: [.command, .aclData, .synchronousData, .isoData],
            maximumACLDataLength: maximumACLDataLength
        )
    }

    /// How many bytes of an incomplete frame are held.
    public var bufferedByteCount: Int { buffer.count - start }

    /// The most bytes held between calls: the longest acceptable frame minus one byte.
    public var maximumBufferedByteCount: Int {
        var longest = 0
        for type in acceptedPacketTypes {
            switch type {
            case .command: longest = max(longest, 1 + HCICommandPacket.headerLength + 255)
            case .aclData: longest = max(longest, 1 + HCIACLDataPacket.headerLength + maximumACLDataLength)
            case .synchronousData: longest = max(longest, 1 + HCISynchronousDataPacket.headerLength + 255)
            case .event: longest = max(longest, 1 + HCIEventPacket.headerLength + 255)
            case .isoData: longest = max(longest, 1 + HCIISODataPacket.headerLength + maximumISODataLength)
            default: break
            }
        }
        return max(longest - 1, 0)
    }

    /// Drops any held bytes and zeroes ``discardedByteCount``, e.g. after the transport reconnects.
    public mutating func reset() {
        buffer = []
        start = 0
        discardedByteCount = 0
    }

    /// Feeds one chunk; returns the packets it completed, in order. Dropped bytes are only counted.
    public mutating func feed(_ chunk: some Sequence<UInt8>) -> [HCIPacket] {
        parse(chunk).compactMap { output in
            if case .packet(let packet) = output { return packet }
            return nil
        }
    }

    /// Feeds one chunk; returns the packets it completed and the runs of bytes it dropped, in
    /// stream order.
    public mutating func parse(_ chunk: some Sequence<UInt8>) -> [Output] {
        buffer.append(contentsOf: chunk)
        var outputs: [Output] = []
        var pendingDiscard: Discard?

        func drop(_ reason: @autoclosure () -> String) {
            start += 1
            discardedByteCount += 1
            if pendingDiscard == nil {
                pendingDiscard = Discard(byteCount: 1, reason: reason())
            } else {
                pendingDiscard!.byteCount += 1
            }
        }

        while start < buffer.count {
            switch frameLength(at: start) {
            case .incomplete:
                break
            case .garbage(let reason):
                drop(reason)
                continue
            case .complete(let type, let length):
                if let discard = pendingDiscard {
                    outputs.append(.discarded(discard))
                    pendingDiscard = nil
                }
                let bytes = Array(buffer[(start + 1)..<(start + length)])
                start += length
                do {
                    outputs.append(.packet(try HCIPacket(type: type, decoding: bytes)))
                } catch {
                    // Unreachable: frameLength checked the header. Report rather than trap.
                    discardedByteCount += length
                    outputs.append(.discarded(Discard(byteCount: length, reason: error.description)))
                }
                continue
            }
            break
        }
        if let discard = pendingDiscard { outputs.append(.discarded(discard)) }
        compact()
        return outputs
    }

    private enum Frame {
        case incomplete
        case garbage(String)
        case complete(HCIPacketType, length: Int)
    }

    /// The whole frame length (indicator included) of the frame starting at `index`.
    private func frameLength(at index: Int) -> Frame {
        let type = HCIPacketType(rawValue: buffer[index])
        guard acceptedPacketTypes.contains(type) else {
            return .garbage("unexpected packet indicator \(HCIFormat.hex(type.rawValue))")
        }
        let available = buffer.count - index - 1
        let headerLength: Int
        switch type {
        case .command: headerLength = HCICommandPacket.headerLength
        case .aclData: headerLength = HCIACLDataPacket.headerLength
        case .synchronousData: headerLength = HCISynchronousDataPacket.headerLength
        case .event: headerLength = HCIEventPacket.headerLength
        default: headerLength = HCIISODataPacket.headerLength
        }
        guard available >= headerLength else { return .incomplete }
        let header = index + 1
        let payloadLength: Int
        switch type {
        case .command: payloadLength = Int(buffer[header + 2])
        case .synchronousData: payloadLength = Int(buffer[header + 2])
        case .event: payloadLength = Int(buffer[header + 1])
        case .aclData:
            payloadLength = Int(buffer[header + 2]) | Int(buffer[header + 3]) << 8
            guard payloadLength <= maximumACLDataLength else {
                return .garbage("ACL Data_Total_Length \(payloadLength) exceeds the maximum \(maximumACLDataLength)")
            }
        default:
            let field = Int(buffer[header + 2]) | Int(buffer[header + 3]) << 8
            guard field & 0xC000 == 0 else { return .garbage("ISO_Data_Load_Length has its RFU bits set") }
            payloadLength = field
            guard payloadLength <= maximumISODataLength else {
                return .garbage("ISO_Data_Load_Length \(payloadLength) exceeds the maximum \(maximumISODataLength)")
            }
        }
        guard available >= headerLength + payloadLength else { return .incomplete }
        return .complete(type, length: 1 + headerLength + payloadLength)
    }

    /// Moves the unread bytes to the front of the buffer.
    private mutating func compact() {
        if start == buffer.count {
            buffer.removeAll(keepingCapacity: buffer.capacity <= 4096)
            start = 0
        } else if start > 0 {
            buffer.removeFirst(start)
            start = 0
        }
    }
}
