import BLEHCI

/// Reassembles L2CAP basic frames from the ACL fragments of every connection.
///
/// Core 5.4, Vol 4, Part E, 5.4.2 and Vol 3, Part A, 7.2: a PDU starts with a fragment whose
/// Packet_Boundary_Flag is 0b00 or 0b10 and continues with 0b01 fragments on the same handle; the
/// basic header's Length says when it is complete. Fragments of different connections interleave
/// freely; each handle is reassembled on its own.
///
/// Nothing here throws or traps: a continuing fragment with nothing to continue, a frame longer
/// than its Length, a frame longer than ``maximumPayloadLength``, and a PDU cut short by the next
/// start are each reported as ``Output/dropped(handle:reason:)``.
public struct L2CAPReassembler: Sendable {
    /// What one fragment produced.
    public enum Output: Sendable, Hashable {
        /// A complete frame.
        case frame(handle: UInt16, L2CAPBasicFrame)
        /// Data was discarded, with a reason for the log.
        case dropped(handle: UInt16, reason: String)
    }

    /// A frame being reassembled on one connection: its basic header as it comes in, then the
    /// payload, in a buffer of the payload's size once the header says it.
    private struct Partial: Sendable {
        let handle: UInt16
        /// The header's octets received so far, little-endian (Length, then Channel ID).
        var header: UInt32 = 0
        var headerCount = 0
        var payload: [UInt8] = []
        /// The header's Length, once the header is in.
        var length: Int?

        /// Octets received so far, header included.
        var receivedCount: Int { headerCount + payload.count }
        /// Header + payload length, once the header is in.
        var expected: Int? { length.map { L2CAPBasicFrame.headerLength + $0 } }
    }

    /// The largest payload accepted; longer frames are dropped as they arrive.
    public let maximumPayloadLength: Int
    // A connection or a few reassemble at once: a list searched by handle costs less per fragment
    // than hashing the handle into a dictionary (four look-ups per fragment, issue 17).
    private var partials: [Partial] = []
    /// Handles whose current PDU is being discarded until the next first fragment.
    private var discarding: [UInt16] = []

    /// Creates a reassembler refusing payloads longer than `maximumPayloadLength`.
    public init(maximumPayloadLength: Int = 0xFFFF) {
        self.maximumPayloadLength = maximumPayloadLength
    }

    /// Whether a PDU is partly received on `handle`.
    public func isReassembling(_ handle: UInt16) -> Bool { partials.contains { $0.handle == handle } }

    /// Takes one ACL packet from the controller.
    public mutating func receive(_ packet: HCIACLDataPacket) -> [Output] {
        var output: [Output] = []
        receive(packet) { output.append($0) }
        return output
    }

    /// Takes one ACL packet from the controller and hands `body` what it yields (a frame once
    /// complete, a fragment dropped), without an array of its own: the host's path for every
    /// packet.
    public mutating func receive(_ packet: HCIACLDataPacket, _ body: (Output) -> Void) {
        let handle = packet.handle
        let data = packet.data
        var index = partials.firstIndex { $0.handle == handle }
        if packet.packetBoundaryFlag.isFirst {
            discarding.removeAll { $0 == handle }
            if let old = index {
                let partial = partials.remove(at: old)
                body(.dropped(handle: handle, reason: "truncated L2CAP frame: \(partial.receivedCount) of \(partial.expected.map(String.init) ?? "?") bytes received before the next frame started"))
            }
            // The whole frame in one fragment (the usual case): straight to the frame.
            if data.count >= L2CAPBasicFrame.headerLength {
                let length = Int(data[0]) | Int(data[1]) << 8
                if length <= maximumPayloadLength, data.count == L2CAPBasicFrame.headerLength + length {
                    let channel = UInt16(data[2]) | UInt16(data[3]) << 8
                    body(.frame(handle: handle, L2CAPBasicFrame(channelID: L2CAPChannelID(rawValue: channel), payload: Array(data[L2CAPBasicFrame.headerLength...]))))
                    return
                }
            }
            partials.append(Partial(handle: handle))
            index = partials.count - 1
        } else {
            if discarding.contains(handle) { return }
            guard index != nil else {
                body(.dropped(handle: handle, reason: "continuing ACL fragment (\(data.count) bytes) without a first fragment"))
                return
            }
        }
        if let index, let result = append(data, toPartialAt: index) { body(result) }
    }

    /// Forgets a connection's partial PDU (on disconnection).
    public mutating func removeConnection(_ handle: UInt16) {
        partials.removeAll { $0.handle == handle }
        discarding.removeAll { $0 == handle }
    }

    /// Adds a fragment's data to the partial frame at `index`; returns the frame once complete, or
    /// why it was dropped.
    private mutating func append(_ data: [UInt8], toPartialAt index: Int) -> Output? {
        let handle = partials[index].handle
        var offset = 0
        while partials[index].headerCount < L2CAPBasicFrame.headerLength, offset < data.count {
            partials[index].header |= UInt32(data[offset]) << (8 * partials[index].headerCount)
            partials[index].headerCount += 1
            offset += 1
        }
        if partials[index].length == nil, partials[index].headerCount == L2CAPBasicFrame.headerLength {
            let length = Int(partials[index].header & 0xFFFF)
            guard length <= maximumPayloadLength else {
                partials.remove(at: index)
                discarding.append(handle)
                return .dropped(handle: handle, reason: "oversized L2CAP frame: Length \(length) exceeds \(maximumPayloadLength)")
            }
            partials[index].length = length
            partials[index].payload.reserveCapacity(length)
        }
        if offset < data.count { partials[index].payload.append(contentsOf: data[offset...]) }
        guard let length = partials[index].length, partials[index].payload.count >= length else { return nil }
        let partial = partials.remove(at: index)
        guard partial.payload.count == length else {
            return .dropped(handle: handle, reason: "oversized L2CAP frame: \(partial.receivedCount) bytes received, Length says \(L2CAPBasicFrame.headerLength + length)")
        }
        let channel = UInt16(truncatingIfNeeded: partial.header >> 16)
        return .frame(handle: handle, L2CAPBasicFrame(channelID: L2CAPChannelID(rawValue: channel), payload: partial.payload))
    }
}
