/// The seed's Arduino sketch on the Bean (seed 001, step 2), as a state machine of time without
/// I/O or a clock:
///
/// ```c
/// void loop() {
///     ScratchData thisScratch = Bean.readScratchData(1);
///     if (thisScratch.length >= 4) updateLight(data[0], data[1], data[2], data[3]);
///     Bean.sleep(1000);
/// }
/// // updateLight: colorWipe(isOn ? strip.Color(r, g, b) : strip.Color(0, 0, 0), 50)
/// // colorWipe: for each pixel i: strip.setPixelColor(i, c); strip.show(); delay(50);
/// ```
///
/// So a loop that finds a light sets pixel 0 at once, pixel *i* 50·*i* ms later, waits 50 ms
/// after the last one and sleeps a second: on a 30-pixel strip the next loop starts 2.5 s after
/// this one; a loop that finds fewer than 4 bytes sleeps a second. The wipe runs again on every
/// loop, to the same color when bank 1 has not changed.
///
/// ``advance(to:bank1:onShow:)`` runs every step due by an uptime (time since the Bean booted),
/// reading bank 1 as it is then: the caller advances before each change of the bank.
public struct BeanSketch: Hashable, Sendable {
    /// `Bean.sleep(1000)` at the end of each loop.
    public static let loopSleep: Duration = .seconds(1)
    /// `colorWipe(c, 50)`: the delay after each pixel.
    public static let wipeDelay: Duration = .milliseconds(50)

    private enum Step: Hashable, Sendable {
        /// The top of `loop()`: read bank 1.
        case loop
        /// The wipe's next pixel.
        case pixel(Int, RGB)
    }

    /// The strip as the sketch last showed it.
    public private(set) var strip: NeoPixelStrip
    /// The light the last loop read (nil before the first loop, or when bank 1 held fewer than
    /// 4 bytes then).
    public private(set) var lastLight: BeanLight?
    /// How many times `loop()` has started.
    public private(set) var loopCount = 0
    /// The uptime of the next step.
    public private(set) var nextStepAt: Duration = .zero
    private var step = Step.loop

    /// The sketch at boot, with a dark strip of `pixelCount` pixels; its first loop is at uptime 0.
    public init(pixelCount: Int = NeoPixelStrip.seedPixelCount) {
        strip = NeoPixelStrip(count: pixelCount)
    }

    /// Runs every step due at or before `uptime`, with scratch bank 1 holding `bank1`; calls
    /// `onShow` with the strip after each `strip.show()`.
    public mutating func advance(to uptime: Duration, bank1: [UInt8], onShow: (NeoPixelStrip) -> Void = { _ in }) {
        while nextStepAt <= uptime {
            switch step {
            case .loop:
                loopCount += 1
                do {
                    let light = try BeanLight(bytes: bank1)
                    lastLight = light
                    if strip.count > 0 {
                        step = .pixel(0, light.stripColor)
                    } else {
                        nextStepAt += Self.loopSleep
                    }
                } catch {
                    lastLight = nil
                    nextStepAt += Self.loopSleep
                }
            case .pixel(let index, let color):
                strip.setPixelColor(index, color)
                strip.show()
                onShow(strip)
                if index + 1 < strip.count {
                    step = .pixel(index + 1, color)
                    nextStepAt += Self.wipeDelay
                } else {
                    step = .loop
                    nextStepAt += Self.wipeDelay + Self.loopSleep
                }
            }
        }
    }
}
