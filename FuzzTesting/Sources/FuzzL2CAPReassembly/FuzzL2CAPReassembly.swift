import BLEHCI
import BLEHost

/// libFuzzer entry: feeds the L2CAP reassembler a stream of ACL fragments described by the input.
///
/// Each fragment is 3 bytes of header (handle selector, packet boundary flag, length) and that
/// many data bytes. Whatever arrives, every frame that comes out must agree with its own Length
/// field and respect the payload limit; the reassembler never traps. Then an oracle: the input
/// taken as one frame's payload, cut into fragments at input-chosen sizes, must come back whole.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzL2CAPReassembly(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
    let limit = 512
    var reassembler = L2CAPReassembler(maximumPayloadLength: limit)
    var index = 0
    while index + 3 <= bytes.count {
        let handle = UInt16(bytes[index] % 3)
        let flag = HCIACLDataPacket.PacketBoundaryFlag(rawValue: bytes[index + 1])
        let length = min(Int(bytes[index + 2]), bytes.count - index - 3)
        let data = Array(bytes[(index + 3)..<(index + 3 + length)])
        index += 3 + length
        let packet = HCIACLDataPacket(handle: handle, packetBoundaryFlag: flag, broadcastFlag: .pointToPoint, data: data)
        for output in reassembler.receive(packet) {
            if case .frame(_, let frame) = output, frame.payload.count > limit {
                fatalError("a frame over the payload limit came out: \(frame.payload.count) bytes")
            }
        }
    }

    // Oracle: fragmenting a frame anywhere and reassembling it gives the frame back.
    let payload = Array(bytes.prefix(limit))
    let frame = L2CAPBasicFrame(channelID: L2CAPChannelID(rawValue: 0x0004), payload: payload)
    let encoded = frame.encode()
    var clean = L2CAPReassembler(maximumPayloadLength: limit)
    var offset = 0
    var sizes = bytes.makeIterator()
    var outputs: [L2CAPReassembler.Output] = []
    while offset < encoded.count {
        let size = max(1, Int(sizes.next() ?? 27) % 64)
        let end = min(encoded.count, offset + size)
        let flag: HCIACLDataPacket.PacketBoundaryFlag = offset == 0 ? .firstAutomaticallyFlushable : .continuing
        outputs += clean.receive(HCIACLDataPacket(handle: 1, packetBoundaryFlag: flag, broadcastFlag: .pointToPoint, data: Array(encoded[offset..<end])))
        offset = end
    }
    guard outputs == [.frame(handle: 1, frame)] else {
        fatalError("fragmented frame did not reassemble: \(outputs)")
    }
    return 0
}
