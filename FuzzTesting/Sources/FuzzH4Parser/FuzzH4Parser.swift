import BLEHCI

/// libFuzzer entry: feeds arbitrary bytes to the H4 packet parser, split into chunks whose sizes
/// come from the input itself.
///
/// The parser must never trap, never hold more than its bound, and account for every byte: each
/// byte fed is part of a returned packet, dropped (and reported), or still buffered. Every
/// returned packet must re-encode to an H4 frame that parses back to itself.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzH4Parser(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
    guard let first = bytes.first else { return 0 }
    // The first byte picks the configuration and the chunk size (1…32).
    var parser = first & 0x80 == 0
        ? H4PacketParser()
        : H4PacketParser.forHost(maximumACLDataLength: Int(first & 0x7F) * 8)
    let chunkSize = Int(first & 0x1F) + 1
    let stream = Array(bytes.dropFirst())
    var accounted = 0
    var index = 0
    while index < stream.count {
        let end = min(index + chunkSize, stream.count)
        for output in parser.parse(stream[index..<end]) {
            switch output {
            case .packet(let packet):
                let frame = packet.encodeH4()
                accounted += frame.count
                guard let again = try? HCIPacket(h4: frame), again == packet else {
                    fatalError("H4 round trip failed for \(packet)")
                }
                if case .event(let eventPacket) = packet, let event = try? HCIEvent(decoding: eventPacket) {
                    guard event.packet == eventPacket else { fatalError("event round trip failed for \(eventPacket)") }
                }
            case .discarded(let discard):
                guard discard.byteCount > 0 else { fatalError("empty discard report") }
                accounted += discard.byteCount
            }
        }
        guard parser.bufferedByteCount <= parser.maximumBufferedByteCount else {
            fatalError("parser holds \(parser.bufferedByteCount) bytes, more than \(parser.maximumBufferedByteCount)")
        }
        index = end
    }
    guard accounted + parser.bufferedByteCount == stream.count else {
        fatalError("\(stream.count) bytes fed, \(accounted) accounted for, \(parser.bufferedByteCount) buffered")
    }
    return 0
}
