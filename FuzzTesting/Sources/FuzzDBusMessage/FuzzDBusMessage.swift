import DBus

/// libFuzzer entry: decodes arbitrary bytes as a stream of D-Bus messages, and the same bytes as
/// a signature.
///
/// Decoding must never trap or hang; a message that decodes must encode, and its encoding must
/// decode to bytes that encode the same (the encoding is canonical: header fields in code order).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDBusMessage(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
    var stream = bytes[...]
    while let message = try? DBusMessage.decode(from: &stream) {
        guard let encoded = try? message.encode() else {
            fatalError("a decoded message does not encode: \(message)")
        }
        guard let again = try? DBusMessage(decoding: encoded), let reencoded = try? again.encode(), reencoded == encoded else {
            fatalError("D-Bus message round trip failed for \(bytes)")
        }
    }
    if let signature = try? DBusSignature(bytes: bytes), (try? DBusSignature(signature.description)) != signature {
        fatalError("signature round trip failed for \(bytes)")
    }
    return 0
}
