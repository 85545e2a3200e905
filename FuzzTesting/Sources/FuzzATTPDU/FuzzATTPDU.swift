import BLEGATT

/// libFuzzer entry: decodes arbitrary bytes as an ATT PDU. A decoded PDU must encode back to a
/// PDU that decodes to the same value (the encoding may differ only where the input was
/// non-canonical, e.g. an unknown opcode's parameters are kept as they came).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzATTPDU(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
    guard let message = try? ATTMessage(decoding: bytes) else { return 0 }
    let encoded = message.encode()
    guard let again = try? ATTMessage(decoding: encoded), again == message else {
        fatalError("ATT round trip failed for \(bytes): \(message)")
    }
    _ = message.description
    return 0
}
