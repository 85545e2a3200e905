import Nightlight

/// libFuzzer entry: decodes arbitrary bytes with one of the Smart Nightlight value codecs (every
/// type with `init(bytes:)` and the characteristics' own codecs). A value that decodes must
/// encode to bytes that decode to an equal value, and `validate()` must accept it (decoding
/// checks every rule). A firmware image of any bytes must fail cleanly, its signature checked
/// against the test vendor key without trapping.
///
/// Input layout: octet 0 picks the codec, the rest are the bytes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSNValues(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let input = Array(UnsafeRawBufferPointer(start: start, count: count))
    guard let selector = input.first else { return 0 }
    let bytes = Array(input.dropFirst())
    switch selector % 26 {
    case 0: checkValue(WeekSchedule.self, bytes)
    case 1: checkValue(TemporaryDaySchedule.self, bytes)
    case 2: checkValue(Period.self, bytes)
    case 3: checkValue(DeactivationWindow.self, bytes)
    case 4: checkValue(ButtonStatus.self, bytes)
    case 5: checkValue(ActiveState.self, bytes)
    case 6: checkValue(RGBColor.self, bytes)
    case 7: checkValue(BatteryPowerState.self, bytes)
    case 8: checkValue(SNAdvertisement.self, bytes)
    case 9: checkValue(SNClockTime.self, bytes)
    case 10: checkValue(SNLocalTimeInformation.self, bytes)
    case 11:
        checkValue(FirmwareImage.self, bytes)
        if let image = try? FirmwareImage(bytes: bytes, expectedModel: nil) {
            _ = image.isSignatureValid(for: .testVendor)
            _ = try? image.verifySignature(with: .testVendor)
            _ = image.crc32
        }
    case 12: checkCodec("firmware control request", bytes, decode: FirmwareControlRequest.init(bytes:), encode: { $0.encode() })
    case 13: checkCodec("firmware control response", bytes, decode: FirmwareControlResponse.init(bytes:), encode: { $0.encode() })
    case 14: checkCodec("firmware data packet", bytes, decode: FirmwareDataPacket.init(bytes:), encode: { $0.encode() })
    case 15: checkCharacteristic(SNCharacteristic<Int>.onTime, bytes)
    case 16: checkCharacteristic(SNCharacteristic<Int>.dailyUsage, bytes)
    case 17: checkCharacteristic(SNCharacteristic<Int>.batteryLevel, bytes)
    case 18: checkCharacteristic(SNCharacteristic<Int>.appearance, bytes)
    case 19: checkCharacteristic(SNCharacteristic<Bool>.buttonMode, bytes)
    case 20: checkCharacteristic(SNCharacteristic<Bool>.shakeModeControl, bytes)
    case 21: checkCharacteristic(SNCharacteristic<Bool>.ledProofMode, bytes)
    // Reading a Child Name does not refuse control characters (a name another app wrote must
    // still be read, then shown made safe); `validate` refuses them, as a write from this app
    // must, so a decoded name is only round-tripped, not validated.
    case 22: checkCharacteristic(SNCharacteristic<String>.childName, bytes, validates: false)
    case 23: checkCharacteristic(SNCharacteristic<String>.deviceName, bytes)
    case 24: checkCharacteristic(SNCharacteristic<[UInt8]>.systemID, bytes)
    default:
        guard let key = try? FirmwarePublicKey(bytes: bytes) else { return 0 }
        guard key.bytes == bytes, (try? FirmwarePublicKey(hex: key.hexString)) == key else {
            fatalError("firmware public key round trip failed for \(bytes)")
        }
        _ = key.isValidSignature(bytes + bytes, for: bytes)
    }
    return 0
}

/// Decode, encode, decode again equal, and validate.
func checkValue<Value: SNValue>(_: Value.Type, _ bytes: [UInt8]) {
    guard let value = try? Value(bytes: bytes) else { return }
    let encoded = value.encode()
    guard let again = try? Value(bytes: encoded), again == value else {
        fatalError("\(Value.self) round trip failed for \(bytes): \(value) encodes to \(encoded)")
    }
    do {
        try value.validate()
    } catch {
        fatalError("\(Value.self) decoded from \(bytes) does not validate: \(error)")
    }
    _ = String(describing: value)
}

/// Decode, encode, decode again equal, for a codec that is not an `SNValue`.
func checkCodec<Value: Equatable>(
    _ name: String, _ bytes: [UInt8], decode: ([UInt8]) throws -> Value, encode: (Value) -> [UInt8]
) {
    guard let value = try? decode(bytes) else { return }
    let encoded = encode(value)
    guard let again = try? decode(encoded), again == value else {
        fatalError("\(name) round trip failed for \(bytes): \(value) encodes to \(encoded)")
    }
    _ = String(describing: value)
}

/// A characteristic's codec: decode, encode, decode again equal, and (unless `validates` is
/// false) validate.
func checkCharacteristic<Value: Equatable & Sendable>(_ characteristic: SNCharacteristic<Value>, _ bytes: [UInt8], validates: Bool = true) {
    guard let value = try? characteristic.decode(bytes) else { return }
    let encoded = characteristic.encode(value)
    guard let again = try? characteristic.decode(encoded), again == value else {
        fatalError("\(characteristic) round trip failed for \(bytes): \(value) encodes to \(encoded)")
    }
    if validates {
        do {
            try characteristic.validate(value)
        } catch {
            fatalError("\(characteristic) value decoded from \(bytes) does not validate: \(error)")
        }
    }
}
