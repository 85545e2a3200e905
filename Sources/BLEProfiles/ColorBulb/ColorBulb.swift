import BLE
import BLECore
import BLEGATT

/// A typed client for a Colorific-style color bulb, on a ``Peripheral`` of the `BLE` API.
///
/// The bulb reuses the Immediate Alert service (0x1802): a ``ColorBulbCommand`` written to its
/// Alert Level characteristic (0x2A06, value handle 0x0028 on the bulb of seed 000) sets the
/// color.
///
/// ```swift
/// let bulb = ColorBulb(peripheral)
/// try await bulb.connect()
/// try await bulb.setColor(RGB(rgb: 0xFF0000))                     // red
/// try await bulb.cycle(cycles: 1, clock: ContinuousClock())        // every hue, in 5 s
/// ```
public final class ColorBulb: PeripheralProfile {
    /// Immediate Alert, the service the bulb takes its color commands on.
    public static let serviceUUID = BluetoothUUID(0x1802)
    /// Alert Level, the characteristic the color commands are written to.
    public static let colorCharacteristicUUID = BluetoothUUID(0x2A06)
    /// The value handle of the color characteristic on the bulb of the seed (what
    /// `gatttool char-write-cmd 0x0028 …` writes to).
    public static let colorHandle: UInt16 = 0x0028
    /// The seed's script: a full cycle of hues takes 5 s …
    public static let cyclePeriod: Duration = .seconds(5)
    /// … one color every 50 ms, hence 100 colors a cycle.
    public static let cycleSteps = 100

    private let connection: ProfileConnection

    /// The bulb.
    public var peripheral: Peripheral { connection.peripheral }

    /// A client for `peripheral` (connected or not).
    public init(_ peripheral: Peripheral) {
        connection = ProfileConnection(peripheral, kind: "a color bulb", explain: Self.explain)
    }

    /// Whether an advertisement is a color bulb's: Immediate Alert (0x1802) among its services.
    public static func isColorBulb(_ advertisement: AdvertisementView) -> Bool {
        advertisement.serviceUUIDs.contains(serviceUUID)
    }

    // MARK: Connection

    /// Discovers the Immediate Alert service and its Alert Level characteristic; throws
    /// ``ProfileError/Code/wrongDevice`` when the device lacks them.
    public func discover() async throws(ProfileError) {
        try await connection.discover([Self.serviceUUID], requiring: Self.serviceUUID, "Immediate Alert service")
        _ = try connection.characteristic(Self.colorCharacteristicUUID, "Alert Level characteristic")
    }

    /// The color characteristic's value handle, once discovered.
    public var colorValueHandle: UInt16? {
        try? connection.characteristic(Self.colorCharacteristicUUID, "Alert Level characteristic").valueHandle
    }

    // MARK: Color

    /// Sets the bulb's color: a Write Request, so a refusal comes back as
    /// ``ProfileError/Code/refused``; or a Write Command when `withoutResponse` (what the
    /// seed's script sends; nothing comes back).
    public func setColor(_ color: RGB, withoutResponse: Bool = false) async throws(ProfileError) {
        try await write(ColorBulbCommand(color: color).encoded(), withoutResponse: withoutResponse, what: "setting the color to \(color)")
    }

    /// Turns the bulb off (color `#000000`).
    public func turnOff(withoutResponse: Bool = false) async throws(ProfileError) {
        try await setColor(.off, withoutResponse: withoutResponse)
    }

    /// Writes raw bytes to the color characteristic, for trying out what the bulb takes.
    public func write(_ bytes: [UInt8], withoutResponse: Bool = false) async throws(ProfileError) {
        try await write(bytes, withoutResponse: withoutResponse, what: "writing \(bytes.hexString)")
    }

    private func write(_ bytes: [UInt8], withoutResponse: Bool, what: String) async throws(ProfileError) {
        try await connection.write(
            bytes, to: Self.colorCharacteristicUUID, "Alert Level characteristic", type: withoutResponse ? .withoutResponse : .withResponse, what: what
        )
    }

    /// The meaning of an ATT error as the bulb uses it.
    static func explain(_ code: ATTErrorCode) -> String {
        switch code {
        case .invalidAttributeValueLength:
            "\(code): a color command is exactly \(ColorBulbCommand.byteCount) bytes, 58 01 03 01 FF 00 RR GG BB"
        case .valueNotAllowed:
            "\(code): a color command starts 58 01 03 01 FF 00, then RR GG BB"
        default:
            code.description
        }
    }

    // MARK: Cycling through the hues

    /// The colors of one cycle of `steps` hues, as the seed's script computes them: hue `i/steps`
    /// at full saturation and value, for `i` in `0..<steps` (red first).
    public static func cycleColors(steps: Int = cycleSteps) -> [RGB] {
        guard steps > 0 else { return [] }
        return (0..<steps).map { RGB(hue: Double($0) / Double(steps)) }
    }

    /// Walks the bulb through every hue, as the seed's `colorific.py` does: `steps` colors a
    /// cycle, evenly spread over `period` on `clock`, each sent with a Write Command (the very
    /// last of a finite walk with a Write Request, so it is known to have arrived).
    ///
    /// - Parameters:
    ///   - period: how long one cycle through the hues takes.
    ///   - steps: colors per cycle (2…10 000).
    ///   - cycles: how many cycles; nil goes on until the task is cancelled.
    ///   - clock: paces the colors (`ContinuousClock()` in the tools; a manual clock in tests).
    ///   - onColor: told of each color sent, with its index from 0.
    /// - Returns: how many colors were sent.
    /// - Throws: ``ProfileError`` (the link failed, an argument is out of range), or
    ///   `CancellationError` when the task is cancelled.
    @discardableResult
    public func cycle<C: Clock<Duration>>(
        period: Duration = cyclePeriod,
        steps: Int = cycleSteps,
        cycles: Int? = nil,
        clock: C,
        onColor: @Sendable (Int, RGB) -> Void = { _, _ in }
    ) async throws -> Int {
        guard (2...10_000).contains(steps) else {
            throw ProfileError(.invalidArgument, "a cycle has 2…10000 colors, not \(steps)")
        }
        guard period > .zero else {
            throw ProfileError(.invalidArgument, "a cycle's period must be longer than zero, not \(period)")
        }
        if let cycles, cycles < 1 { throw ProfileError(.invalidArgument, "cycle at least once, not \(cycles) times") }
        let colors = Self.cycleColors(steps: steps)
        let interval = period / steps
        let start = clock.now
        var sent = 0
        // Whole cycles done so far, so a large `cycles` cannot overflow `cycles * steps`.
        while cycles.map({ sent / steps < $0 }) ?? true {
            try Task.checkCancellation()
            let color = colors[sent % steps]
            // The last color of a finite walk is a Write Request: its answer shows every Write
            // Command before it arrived too (ATT keeps their order), so a tool that exits right
            // after leaves the bulb on that color.
            let isLast = cycles.map { sent / steps == $0 - 1 && sent % steps == steps - 1 } ?? false
            try await setColor(color, withoutResponse: !isLast)
            onColor(sent, color)
            sent += 1
            // Deadlines from the start, so the period holds however long a write takes.
            try await clock.sleep(until: start.advanced(by: interval * sent), tolerance: nil)
        }
        return sent
    }
}
