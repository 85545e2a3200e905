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

    private struct Partial: Sendable {
        var bytes: [UInt8]
        /// Header + payload length, once the header is in.
        var expected: Int?
    }

    /// The largest payload accepted; longer frames are dropped as they arrive.
    public let maximumPayloadLength: Int
    private var partials: [UInt16: Partial] = [:]
    /// Handles whose current PDU is being discarded until the next first fragment.
    private var discarding: Set<UInt16> = []

    /// Creates a reassembler refusing payloads longer than `maximumPayloadLength`.
    public init(maximumPayloadLength: Int = 0xFFFF) {
        self.maximumPayloadLength = maximumPayloadLength
    }

    /// Whether a PDU is partly received on `handle`.
    public func isReassembling(_ handle: UInt16) -> Bool { partials[handle] != nil }

    /// Takes one ACL packet from the controller.
    public mutating func receive(_ packet: HCIACLDataPacket) -> [Output] {
        let handle = packet.handle
        var output: [Output] = []
        if packet.packetBoundaryFlag.isFirst {
            discarding.remove(handle)
            if let old = partials.removeValue(forKey: handle) {
                output.append(.dropped(handle: handle, reason: "truncated L2CAP frame: \(old.bytes.count) of \(old.expected.map(String.init) ?? "?") bytes received before the next frame started"))
            }
            partials[handle] = Partial(bytes: [])
        } else {
            if discarding.contains(handle) { return output }
            guard partials[handle] != nil else {
                output.append(.dropped(handle: handle, reason: "continuing ACL fragment (\(packet.data.count) bytes) without a first fragment"))
                return output
            }
        }
        partials[handle]!.bytes += packet.data
        output += complete(handle)
        return output
    }

    /// Forgets a connection's partial PDU (on disconnection).
    public mutating func removeConnection(_ handle: UInt16) {
        partials[handle] = nil
        discarding.remove(handle)
    }

    private mutating func complete(_ handle: UInt16) -> [Output] {
        guard var partial = partials[handle] else { return [] }
        if partial.expected == nil, partial.bytes.count >= L2CAPBasicFrame.headerLength {
            let length = Int(partial.bytes[0]) | Int(partial.bytes[1]) << 8
            guard length <= maximumPayloadLength else {
                partials[handle] = nil
                discarding.insert(handle)
                return [.dropped(handle: handle, reason: "oversized L2CAP frame: Length \(length) exceeds \(maximumPayloadLength)")]
            }
            partial.expected = L2CAPBasicFrame.headerLength + length
        }
        guard let expected = partial.expected, partial.bytes.count >= expected else {
            partials[handle] = partial
            return []
        }
        partials[handle] = nil
        guard partial.bytes.count == expected else {
            return [.dropped(handle: handle, reason: "oversized L2CAP frame: \(partial.bytes.count) bytes received, Length says \(expected)")]
        }
        let channel = UInt16(partial.bytes[2]) | UInt16(partial.bytes[3]) << 8
        let frame = L2CAPBasicFrame(channelID: L2CAPChannelID(rawValue: channel), payload: Array(partial.bytes[4...]))
        return [.frame(handle: handle, frame)]
    }
}
