import BLE
import BLECore

/// A typed client for a LightBlue Bean, on a ``Peripheral`` of the `BLE` API: its five scratch
/// banks, and the light of the seed's sketch (bank 1: on, R, G, B).
///
/// What the seed's iOS app does with the Bean SDK (`PTDBeanManager`, `setScratchBank:data:`,
/// `readScratchBank:`), on our API:
///
/// ```swift
/// let beans = try await central.scan(for: .seconds(3), filter: Bean.scanFilter)    // the picker
/// let bean = Bean(beans[0].peripheral)
/// try await bean.connect()
/// let light = try await bean.readLight()                      // as the app does on open
/// try await bean.setLight(BeanLight(isOn: true, color: RGB(rgb: 0xFF8000)))
/// ```
public final class Bean: PeripheralProfile {
    /// The Bean's serial service (`A495FF10-C5B1-4B44-B512-1370F02D74DE`): what a Bean
    /// advertises and what the SDK's Bean manager scans for.
    public static let serialServiceUUID: BluetoothUUID = "A495FF10-C5B1-4B44-B512-1370F02D74DE"
    /// The serial characteristic (`A495FF11-…`): the virtual serial port's messages.
    public static let serialCharacteristicUUID: BluetoothUUID = "A495FF11-C5B1-4B44-B512-1370F02D74DE"
    /// The scratch service (`A495FF20-C5B1-4B44-B512-1370F02D74DE`), with the five banks
    /// (``ScratchBank/uuid``).
    public static let scratchServiceUUID: BluetoothUUID = "A495FF20-C5B1-4B44-B512-1370F02D74DE"
    /// What the Bean picker scans for: devices advertising the serial service.
    public static let scanFilter = ScanFilter(services: [serialServiceUUID])

    private let connection: ProfileConnection

    /// The Bean.
    public var peripheral: Peripheral { connection.peripheral }

    /// A client for `peripheral` (connected or not).
    public init(_ peripheral: Peripheral) {
        connection = ProfileConnection(peripheral, kind: "a LightBlue Bean")
    }

    /// Whether an advertisement is a Bean's: the serial service among its services.
    public static func isBean(_ advertisement: AdvertisementView) -> Bool {
        advertisement.serviceUUIDs.contains(serialServiceUUID)
    }

    // MARK: Connection

    /// Discovers the scratch service and its banks (again after a reconnection); throws
    /// ``ProfileError/Code/wrongDevice`` when the device has no scratch service.
    public func discover() async throws(ProfileError) {
        try await connection.discover([Self.scratchServiceUUID], requiring: Self.scratchServiceUUID, "scratch service")
    }

    // MARK: Scratch banks

    /// Reads a bank (0…20 bytes).
    public func readScratch(_ bank: ScratchBank) async throws(ProfileError) -> [UInt8] {
        try await connection.read(bank.uuid, "\(bank)")
    }

    /// Writes a bank, with a Write Request (as the SDK's `setScratchBank:data:`).
    ///
    /// Throws ``ProfileError/Code/invalidValue`` for more than 20 bytes, before sending anything.
    public func writeScratch(_ bank: ScratchBank, _ data: [UInt8]) async throws(ProfileError) {
        guard data.count <= ScratchBank.maximumLength else {
            throw ProfileError(.invalidValue, "\(bank) holds at most \(ScratchBank.maximumLength) bytes, not \(data.count)")
        }
        try await connection.write(data, to: bank.uuid, "\(bank)")
    }

    /// The bank's values as the Bean notifies them (when its sketch sets the bank). Ending the
    /// iteration unsubscribes; a lost link ends the stream with ``ProfileError/Code/disconnected``.
    public func scratchUpdates(_ bank: ScratchBank) async throws(ProfileError) -> AsyncThrowingStream<[UInt8], any Error> {
        connection.stream(try await connection.subscribe(bank.uuid, "\(bank)"), "receiving \(bank)") { $0 }
    }

    // MARK: The light of the seed's sketch

    /// Reads scratch bank 1 as the light (as the seed's app does when it opens); nil when the
    /// bank holds fewer than 4 bytes, which the sketch ignores.
    public func readLight() async throws(ProfileError) -> BeanLight? {
        let bytes = try await readScratch(.one)
        return try? BeanLight(bytes: bytes)
    }

    /// Writes the light to scratch bank 1 (4 bytes: on, R, G, B); the sketch wipes the strip to
    /// it within about a second.
    public func setLight(_ light: BeanLight) async throws(ProfileError) {
        try await writeScratch(.one, light.encoded())
    }
}
