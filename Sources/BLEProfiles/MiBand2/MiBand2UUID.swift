import BLECore

/// The services and characteristics of a Mi Band 2 that the profile uses, as Gadgetbridge's notes
/// describe them (Xiaomi publishes none).
///
/// | service | characteristic | properties | value |
/// |---|---|---|---|
/// | Mi Band `FEE0` | Battery `0x0006` | read, notify | ``MiBand2Battery`` (20 bytes) |
/// | | Realtime activity `0x0007` | read, notify | ``MiBand2Activity`` (13 bytes) |
/// | Mi Band 2 `FEE1` | Authentication `0x0009` | write without response, notify | ``MiBand2AuthCommand`` / ``MiBand2AuthResponse`` |
/// | Heart Rate `180D` | Heart Rate Measurement `2A37` | notify | flags `00`, beats per minute |
/// | | Heart Rate Control Point `2A39` | write | ``MiBand2HeartRateCommand`` |
///
/// The vendor characteristics share the base `0000xxxx-0000-3512-2118-0009AF100700`.
public enum MiBand2UUID {
    /// The Mi Band service (activity, battery, settings, time).
    public static let miBandService = BluetoothUUID(0xFEE0)
    /// The Mi Band 2 service (authentication).
    public static let miBand2Service = BluetoothUUID(0xFEE1)
    /// The Heart Rate service.
    public static let heartRateService = BluetoothUUID(0x180D)
    /// The Device Information service.
    public static let deviceInformation = BluetoothUUID(0x180A)

    /// Battery information, `00000006-0000-3512-2118-0009AF100700`.
    public static let battery = vendor(0x0006)
    /// Realtime steps, meters and kilocalories, `00000007-0000-3512-2118-0009AF100700`.
    public static let activity = vendor(0x0007)
    /// The authentication handshake, `00000009-0000-3512-2118-0009AF100700`.
    public static let authentication = vendor(0x0009)
    /// Heart Rate Measurement.
    public static let heartRateMeasurement = BluetoothUUID(0x2A37)
    /// Heart Rate Control Point.
    public static let heartRateControlPoint = BluetoothUUID(0x2A39)

    /// `0000xxxx-0000-3512-2118-0009AF100700` with `short` in place of `xxxx`.
    public static func vendor(_ short: UInt16) -> BluetoothUUID {
        BluetoothUUID(high: UInt64(short) << 32 | 0x3512, low: 0x2118_0009_AF10_0700)
    }
}
