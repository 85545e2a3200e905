import BLECore

/// libFuzzer entry: parses arbitrary bytes as advertising data, strictly and leniently.
///
/// Whatever parses strictly must encode back to the same bytes (up to a zero-length terminator,
/// where parsing stops) and read through every typed accessor without trapping; the lenient parse
/// must keep only well-formed structures, which must themselves re-encode and re-parse.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAdvertisingData(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
    if let data = try? AdvertisingData(bytes: bytes) {
        touch(data)
        guard let encoded = try? data.encoded(maximumLength: nil), bytes.starts(with: encoded) else {
            fatalError("advertising data did not re-encode to a prefix of its input: \(bytes)")
        }
    }
    let (lenient, _) = AdvertisingData.parseLeniently(bytes)
    touch(lenient)
    guard let encoded = try? lenient.encoded(maximumLength: nil), let again = try? AdvertisingData(bytes: encoded),
          again == lenient else {
        fatalError("leniently parsed advertising data did not round-trip: \(bytes)")
    }
    let view = AdvertisementView(advertisement: lenient, scanResponse: lenient)
    _ = view.name
    _ = view.serviceUUIDs
    return 0
}

private func touch(_ data: AdvertisingData) {
    _ = data.flags
    _ = data.name
    _ = data.serviceUUIDs
    _ = data.txPowerLevel
    _ = data.manufacturerData.map(\.companyLabel)
    _ = data.serviceData
    _ = data.appearance?.description
    _ = data.peripheralConnectionIntervalRange
    _ = data.solicitedServiceUUIDs
    _ = data.publicTargetAddresses
    _ = data.randomTargetAddresses
    _ = data.advertisingInterval
    _ = data.leBluetoothDeviceAddress
    _ = data.leRole
    _ = data.uri
}
