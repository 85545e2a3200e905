import BLEHost

/// libFuzzer entry: decodes the input as an SMP PDU (Core 5.4, Vol 3, Part H, 3.3). Decoding must
/// never trap, and whatever decodes must encode back to the same bytes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSMPCommand(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    do {
        let command = try SMPCommand(decoding: bytes)
        let encoded = command.encode()
        if encoded != bytes {
            fatalError("\(command) decoded from \(bytes) encodes to \(encoded)")
        }
    } catch {
        _ = error.reason
    }
    return 0
}
