/// A strip of NeoPixels as the Adafruit NeoPixel library drives it: `setPixelColor` fills a
/// buffer, `show()` latches the buffer onto the LEDs.
///
/// The seed wires a 30-pixel strip (Adafruit NeoPixel Digital RGB LED Strip, 1 m) to the Bean.
public struct NeoPixelStrip: Hashable, Sendable, Codable {
    /// The strip of the seed: 30 pixels.
    public static let seedPixelCount = 30

    /// What each LED shows, as of the last ``show()``.
    public private(set) var pixels: [RGB]
    /// How many times the strip was latched.
    public private(set) var showCount = 0
    private var buffer: [RGB]

    /// A dark strip of `count` pixels.
    public init(count: Int = seedPixelCount) {
        pixels = Array(repeating: .off, count: max(count, 0))
        buffer = pixels
    }

    /// The number of pixels (`numPixels()`).
    public var count: Int { pixels.count }

    /// Sets pixel `index` in the buffer; an index past the strip is ignored, as the library does.
    public mutating func setPixelColor(_ index: Int, _ color: RGB) {
        guard buffer.indices.contains(index) else { return }
        buffer[index] = color
    }

    /// Latches the buffer onto the LEDs.
    public mutating func show() {
        pixels = buffer
        showCount += 1
    }

    /// The one color every pixel shows, or nil while they differ (during a wipe).
    public var uniformColor: RGB? {
        guard let first = pixels.first, pixels.allSatisfy({ $0 == first }) else { return nil }
        return first
    }

    /// Whether every pixel is dark.
    public var isOff: Bool { pixels.allSatisfy(\.isOff) }

    /// How many pixels, from the first, show `color`.
    public func leadingCount(of color: RGB) -> Int {
        pixels.prefix { $0 == color }.count
    }
}
