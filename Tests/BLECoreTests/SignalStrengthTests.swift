import BLECore
import Testing

@Suite struct SignalStrengthTests {
    @Test(arguments: [
        (-30, 100.0), (-20, 100.0), (0, 100.0), (-100, 0.0), (-120, 0.0), (-65, 50.0), (-44, 80.0), (-86, 20.0),
    ])
    func percentIsRSSIPlus100Over70Clamped(rssi: Int, percent: Double) {
        let signal = SignalStrength(rssi: rssi)
        #expect(abs(signal.percent - percent) < 1e-9)
        #expect(abs(signal.gaugeFraction - percent / 100) < 1e-9)
    }

    // Each boundary on both sides: 80 % is -44 dBm, 60 % is -58, 40 % is -72, 20 % is -86.
    @Test(arguments: [
        (-30, SignalQuality.excellent), (-43, .excellent), (-44, .good), (-57, .good), (-58, .fair),
        (-71, .fair), (-72, .poor), (-85, .poor), (-86, .veryPoor), (-100, .veryPoor), (-127, .veryPoor),
    ])
    func qualityLabels(rssi: Int, quality: SignalQuality) {
        #expect(SignalStrength(rssi: rssi).quality == quality)
    }

    @Test func qualityLabelText() {
        #expect(SignalQuality.allCases.map(\.label) == ["Very Poor", "Poor", "Fair", "Good", "Excellent"])
        #expect(SignalQuality.poor < .excellent)
    }

    @Test(arguments: [
        (-10, Proximity.veryClose), (-30, .veryClose), (-50, .veryClose), (-51, .close), (-65, .close),
        (-66, .medium), (-80, .medium), (-81, .far), (-90, .far), (-91, .veryFar), (-127, .veryFar),
    ])
    func proximityLabels(rssi: Int, proximity: Proximity) {
        #expect(SignalStrength(rssi: rssi).proximity == proximity)
        #expect(Proximity(rssi: rssi) == proximity)
    }

    @Test func proximityLabelText() {
        #expect(Proximity.allCases.map(\.label) == ["Very Close", "Close", "Medium", "Far", "Very Far"])
    }

    // bars = ceil(percent / 20), clamped 0…5: one bar is 14 dB above -100.
    @Test(arguments: [
        (-100, 0), (-110, 0), (-99, 1), (-86, 1), (-85, 2), (-72, 2), (-71, 3), (-58, 3), (-57, 4), (-44, 4),
        (-43, 5), (-30, 5), (0, 5),
    ])
    func fiveBars(rssi: Int, bars: Int) {
        #expect(SignalStrength(rssi: rssi).bars == bars)
    }

    @Test(arguments: [
        (-40, SignalHistoryBand.strong), (-60, .strong), (-61, .moderate), (-75, .moderate), (-76, .weak), (-100, .weak),
    ])
    func historyColourBands(rssi: Int, band: SignalHistoryBand) {
        #expect(SignalStrength(rssi: rssi).historyBand == band)
        #expect(SignalHistoryBand.allCases.map(\.colorName) == ["green", "yellow", "red"])
    }

    @Test(arguments: [
        (-59, -59, 2.0, 1.0), (-59, -79, 2.0, 10.0), (-59, -99, 2.0, 100.0), (-59, -79, 4.0, 3.1622776601683795),
        (-59, -49, 2.0, 0.31622776601683794), (0, -60, 3.0, 100.0),
    ])
    func logDistanceEstimate(txPower: Int, rssi: Int, n: Double, metres: Double) throws {
        let signal = SignalStrength(rssi: rssi)
        #expect(signal.pathLoss(txPower: txPower) == txPower - rssi)
        let estimate = try #require(signal.estimatedDistance(txPower: txPower, pathLossExponent: n))
        #expect(abs(estimate - metres) / metres < 1e-9)
    }

    @Test func distanceNeedsAPositiveExponent() {
        #expect(SignalStrength(rssi: -60).estimatedDistance(txPower: -59, pathLossExponent: 0) == nil)
        #expect(SignalStrength(rssi: -60).estimatedDistance(txPower: -59, pathLossExponent: -2) == nil)
        #expect(SignalStrength(rssi: -60).estimatedDistance(txPower: -59, pathLossExponent: .nan) == nil)
    }

    @Test func hciUnavailableAndOrdering() {
        #expect(SignalStrength.fromHCI(127) == nil)
        #expect(SignalStrength.fromHCI(-43) == SignalStrength(rssi: -43))
        #expect(SignalStrength(rssi: -43).description == "-43 dBm")
        let sorted = [-80, -43, -60].map(SignalStrength.init).sorted(by: >)
        #expect(sorted.map(\.rssi) == [-43, -60, -80])
    }
}

@Suite struct SignalHistoryTests {
    @Test func keepsTheLastTwentyReadings() {
        var history = SignalHistory()
        for rssi in -90 ... -60 { history.record(rssi: rssi) }
        #expect(history.readings.count == 20)
        #expect(history.readings.first?.rssi == -79)
        #expect(history.latest?.rssi == -60)
        #expect(history.range == -79 ... -60)
        #expect(history.averageRSSI == -69.5)
    }

    @Test func displayedValueMovesOnlyByAtLeastTheThreshold() {
        var history = SignalHistory()
        #expect(history.displayed == nil)
        #expect(history.averageRSSI == nil && history.range == nil)
        // (reading, displayed after, changed)
        let steps: [(Int, Int, Bool)] = [
            (-60, -60, true), (-61, -60, false), (-59, -60, false), (-62, -62, true), (-63, -62, false),
            (-64, -64, true), (-64, -64, false), (-50, -50, true), (-51, -50, false), (-48, -48, true),
        ]
        for (reading, displayed, changed) in steps {
            let didChange = history.record(rssi: reading)
            #expect(didChange == changed)
            #expect(history.displayed?.rssi == displayed)
        }
        #expect(history.readings.map(\.rssi) == steps.map(\.0))
    }

    @Test func capacityAndThresholdAreParameters() {
        var history = SignalHistory(capacity: 3, noiseThreshold: 5)
        for rssi in [-60, -56, -55, -70] { history.record(rssi: rssi) }
        #expect(history.readings.map(\.rssi) == [-56, -55, -70])
        #expect(history.displayed?.rssi == -70)
        var unfiltered = SignalHistory(capacity: 0, noiseThreshold: 0)
        #expect(unfiltered.capacity == 1)
        let changes = [-60, -60, -61].map { unfiltered.record(rssi: $0) }
        #expect(changes == [true, false, true])
    }
}
