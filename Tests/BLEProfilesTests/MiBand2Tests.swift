import BLE
import BLECore
import BLEGATT
import BLEHost
import BLESimulation
import BLETesting
import BLEVirtual
import Foundation
import Logging
import Testing
@testable import BLEProfiles
@testable import BLEProfilesSimulation

/// The Mi Band 2: the seed's activity bytes and the other codecs, the firmware's handshake and
/// heart rate sensor on their own, and the virtual band against the `MiBand2` profile over the
/// sim radio (the radio in real time, the band's firmware and the profile's time limits on a
/// manual clock the tests move).
@Suite(.timeLimit(.minutes(1)))
struct MiBand2Tests {
    typealias Bench = ProfileWorld<VirtualMiBand2>

    /// FIPS-197, Appendix C.1: the AES-128 example.
    static let fipsKey = try! MiBand2Key(hex: "000102030405060708090a0b0c0d0e0f")

    // MARK: Activity (the seed's bytes)

    @Test func theSeedsRecordIs11Steps7Meters1Kilocalorie() throws {
        let bytes = try #require([UInt8](hex: "0c 0b000000 07000000 01000000"))
        #expect(bytes.count == 13)
        let activity = try MiBand2Activity(bytes: bytes)
        #expect(activity.steps == 11)
        #expect(activity.meters == 7)
        #expect(activity.kilocalories == 1)
        #expect(activity.flags == 0x0C)
        #expect(activity.encoded() == bytes)
        #expect(activity.description == "11 steps · 7 m · 1 kcal")
    }

    static let activityVectors: [(hex: String, steps: UInt32, meters: UInt32, kcal: UInt32)] = [
        ("0c000000000000000000000000", 0, 0, 0),
        ("0c10270000401f0000c8010000", 10_000, 8_000, 456),
        ("0cffffffff0100000002000000", UInt32.max, 1, 2),
    ]

    @Test(arguments: activityVectors)
    func activityRoundTrips(hex: String, steps: UInt32, meters: UInt32, kcal: UInt32) throws {
        let bytes = try #require([UInt8](hex: hex))
        let activity = try MiBand2Activity(bytes: bytes)
        #expect(activity == MiBand2Activity(steps: steps, meters: meters, kilocalories: kcal))
        #expect(activity.encoded() == bytes)
    }

    @Test func everyPrefixAndAnyLongerActivityIsRefused() throws {
        let bytes = try #require([UInt8](hex: "0c0b0000000700000001000000"))
        for length in 0..<bytes.count {
            let error = #expect(throws: ProfileError.self) { try MiBand2Activity(bytes: Array(bytes.prefix(length))) }
            #expect(error?.code == .invalidValue)
        }
        #expect(throws: ProfileError.self) { try MiBand2Activity(bytes: bytes + [0]) }
    }

    // MARK: Battery

    @Test func batteryInformationDecodesWithItsChargeDates() throws {
        let bytes = try #require([UInt8](hex: "0f 53 00 e907 03 01 16 05 00 04 e907 03 0e 07 1e 00 04 64"))
        let battery = try MiBand2Battery(bytes: bytes)
        #expect(battery.level == 83)
        #expect(!battery.isCharging)
        #expect(battery.previousCharge == MiBand2Date(year: 2025, month: 3, day: 1, hour: 22, minute: 5, timeZoneQuarters: 4))
        #expect(battery.lastCharge == MiBand2Date(year: 2025, month: 3, day: 14, hour: 7, minute: 30, timeZoneQuarters: 4))
        #expect(battery.lastChargeLevel == 100)
        #expect(battery.encoded() == bytes)
        #expect(battery.description == "83 %, on battery, last charged 2025-03-14 07:30 to 100 %")
        let short = try MiBand2Battery(bytes: [0x0F, 0x2A, 0x01])
        #expect(short.level == 42 && short.isCharging && short.lastCharge == nil)
    }

    @Test func malformedBatteryInformationIsRefused() throws {
        for bytes: [UInt8] in [[], [0x0F], [0x0F, 0x50], [0x0F, 0x50, 0, 0], [0x0F, 101, 0], Array(repeating: 0, count: 21)] {
            let error = #expect(throws: ProfileError.self) { try MiBand2Battery(bytes: bytes) }
            #expect(error?.code == .invalidValue)
        }
    }

    // MARK: The handshake's codecs

    @Test func aes128ECBMatchesFIPS197() throws {
        let plaintext = try #require([UInt8](hex: "00112233445566778899aabbccddeeff"))
        #expect(Self.fipsKey.encrypt(plaintext)?.hexString == "69c4e0d86a7b0430d8cdb78070b4c55a")
        #expect(Self.fipsKey.encrypt(Array(plaintext.prefix(15))) == nil)
    }

    @Test func commandsAreTheBytesTheBandExpects() throws {
        #expect(MiBand2AuthCommand.sendKey(Self.fipsKey).encoded().hexString == "0108000102030405060708090a0b0c0d0e0f")
        #expect(MiBand2AuthCommand.requestRandomNumber.encoded() == [0x02, 0x08])
        let answer = [UInt8](repeating: 0xAB, count: 16)
        #expect(MiBand2AuthCommand.sendEncryptedNumber(answer).encoded() == [0x03, 0x08] + answer)
        for command in [MiBand2AuthCommand.sendKey(Self.fipsKey), .requestRandomNumber, .sendEncryptedNumber(answer)] {
            #expect(try MiBand2AuthCommand(bytes: command.encoded()) == command)
        }
        for bad in ["", "01", "0108", "010800", "020800", "0308abab", "0408", "ff08"] {
            #expect(throws: ProfileError.self, "\(bad)") { try MiBand2AuthCommand(bytes: try #require([UInt8](hex: bad))) }
        }
    }

    @Test func responsesCarryTheRandomNumber() throws {
        let random = (0..<16).map { UInt8($0 * 3) }
        let challenge = try MiBand2AuthResponse(bytes: [0x10, 0x02, 0x01] + random)
        #expect(challenge.command == 0x02 && challenge.status == .success && challenge.randomNumber == random)
        #expect(challenge.encoded() == [0x10, 0x02, 0x01] + random)
        #expect(try MiBand2AuthResponse(bytes: [0x10, 0x03, 0x04]).status == .failure)
        #expect(try MiBand2AuthResponse(bytes: [0x10, 0x01, 0x01]).randomNumber == nil)
        for bad: [UInt8] in [[], [0x10], [0x10, 0x02], [0x11, 0x01, 0x01], [0x10, 0x02, 0x01, 0x00]] {
            #expect(throws: ProfileError.self) { try MiBand2AuthResponse(bytes: bad) }
        }
    }

    @Test func keysAre32HexDigits() throws {
        #expect(MiBand2Key.standard.hex == Array("Nightlight-Band2".utf8).hexString)
        #expect(try MiBand2Key(hex: "00:01:02:03:04:05:06:07:08:09:0a:0b:0c:0d:0e:0f") == Self.fipsKey)
        for bad in ["", "00", "0001020304050607080900a0b0c0d0e0f", "zz0102030405060708090a0b0c0d0e0f", "000102030405060708090a0b0c0d0e0f00"] {
            let error = #expect(throws: ProfileError.self) { try MiBand2Key(hex: bad) }
            #expect(error?.code == .invalidValue)
        }
    }

    // MARK: Heart rate commands

    @Test func heartRateCommandsAreTheSeedsBytes() throws {
        #expect(MiBand2HeartRateCommand.startSingle.encoded() == [0x15, 0x02, 0x01], "the seed's single measurement")
        #expect(MiBand2HeartRateCommand.startContinuous.encoded() == [0x15, 0x01, 0x01])
        #expect(MiBand2HeartRateCommand.stopContinuous.encoded() == [0x15, 0x01, 0x00])
        #expect(MiBand2HeartRateCommand.keepAlive.encoded() == [0x16])
        for mode in MiBand2HeartRateCommand.Mode.allCases {
            for on in [true, false] {
                let command = MiBand2HeartRateCommand.set(mode, on: on)
                #expect(try MiBand2HeartRateCommand(bytes: command.encoded()) == command)
            }
        }
        for bad: [UInt8] in [[], [0x15], [0x15, 0x02], [0x15, 0x03, 0x01], [0x15, 0x02, 0x02], [0x16, 0x00], [0x17]] {
            #expect(throws: ProfileError.self) { try MiBand2HeartRateCommand(bytes: bad) }
        }
        #expect(try MiBand2.beatsPerMinute([0x00, 72]) == 72)
        #expect(throws: ProfileError.self) { try MiBand2.beatsPerMinute([0x00]) }
    }

    // MARK: The firmware on its own

    static func firmware(key: MiBand2Key? = nil, tapDelay: Int? = nil) -> MiBand2FirmwareState {
        MiBand2FirmwareState(seed: 7, key: key, steps: 100, battery: 80, pairingTimeout: 30, tapDelay: tapDelay)
    }

    /// Authenticates `state` with `key` as an app does; returns whether the band said yes.
    static func authenticate(_ state: inout MiBand2FirmwareState, key: MiBand2Key) throws -> Bool {
        let asked = state.authenticationWrite([0x02, 0x08]).updates
        let challenge = try MiBand2AuthResponse(bytes: try #require(asked.first).value)
        let random = try #require(challenge.randomNumber)
        let answer = try #require(key.encrypt(random))
        let answered = state.authenticationWrite([0x03, 0x08] + answer).updates
        return try MiBand2AuthResponse(bytes: try #require(answered.first).value).status == .success
    }

    @Test func aKeyIsKeptOnlyOnceTheWearerTaps() throws {
        var band = Self.firmware()
        #expect(band.authenticationWrite(MiBand2AuthCommand.sendKey(Self.fipsKey).encoded()).updates.isEmpty, "no answer before the tap")
        #expect(band.pairing != nil)
        let output = band.tap()
        let tapped = try #require(output)
        #expect(tapped.updates.map(\.value) == [[0x10, 0x01, 0x01]])
        #expect(tapped.needsSave)
        #expect(band.key == Self.fipsKey)
        #expect(band.tap() == nil, "nothing waits any more")
        #expect(try Self.authenticate(&band, key: Self.fipsKey))
        #expect(band.isAuthenticated)
    }

    @Test func withoutATapThePairingFailsAfterTheTimeout() throws {
        var band = Self.firmware()
        _ = band.authenticationWrite(MiBand2AuthCommand.sendKey(Self.fipsKey).encoded())
        var answers: [[UInt8]] = []
        for _ in 0..<29 { answers += band.tick().updates.filter { $0.uuid == MiBand2UUID.authentication }.map(\.value) }
        #expect(answers.isEmpty)
        answers += band.tick().updates.filter { $0.uuid == MiBand2UUID.authentication }.map(\.value)
        #expect(answers == [[0x10, 0x01, 0x04]])
        #expect(band.key == nil)
    }

    @Test func theSimulatedWearerTapsAfterTheDelay() throws {
        var band = Self.firmware(tapDelay: 2)
        _ = band.authenticationWrite(MiBand2AuthCommand.sendKey(Self.fipsKey).encoded())
        #expect(band.tick().updates.filter { $0.uuid == MiBand2UUID.authentication }.isEmpty)
        #expect(band.tick().updates.filter { $0.uuid == MiBand2UUID.authentication }.map(\.value) == [[0x10, 0x01, 0x01]])
        #expect(band.key == Self.fipsKey)
    }

    /// A factory reset forgets the key only: the simulated wearer still taps (the reset used to
    /// drop the run's tap delay and pairing timeout, so nobody tapped any more).
    @Test func forgettingTheKeyKeepsTheWearer() async throws {
        let band = try VirtualMiBand2(index: 0, pairingTimeout: .seconds(5), wearerTapDelay: .seconds(2))
        band.firmware.boot(pairingTimeout: 5, tapDelay: 2, logger: quiet)
        let offer = MiBand2AuthCommand.sendKey(Self.fipsKey).encoded()
        band.firmware.perform(logger: quiet) { $0.authenticationWrite(offer) }
        for _ in 0..<2 { band.firmware.perform(logger: quiet) { $0.tick() } }
        #expect(await band.status().isPaired)
        await band.forgetKey()
        #expect(await !band.status().isPaired)
        band.firmware.perform(logger: quiet) { $0.authenticationWrite(offer) }
        for _ in 0..<2 { band.firmware.perform(logger: quiet) { $0.tick() } }
        #expect(await band.status().isPaired, "the wearer tapped 2 s after the new request")
        #expect(await band.status().activity.steps >= 3_000, "the counters survive the reset")
    }

    /// A pairing timeout or tap delay too long to count in seconds means "never", not a trap.
    @Test func hugeTimingsDoNotOverflow() throws {
        var band = MiBand2FirmwareState(seed: 7, key: nil, steps: 0, battery: 80, pairingTimeout: .max, tapDelay: .max)
        _ = band.tick()
        #expect(band.authenticationWrite(MiBand2AuthCommand.sendKey(Self.fipsKey).encoded()).updates.isEmpty)
        for _ in 0..<10 { #expect(band.tick().updates.filter { $0.uuid == MiBand2UUID.authentication }.isEmpty) }
        #expect(band.pairing != nil, "still waiting for a tap")
        #expect(band.tap() != nil)
        #expect(band.key == Self.fipsKey)
    }

    /// A step counter that wraps (a flash holding a count near `UInt32.max`) leaves the meters
    /// and kilocalories past what their `uint32` fields hold: they stop at the top instead of
    /// trapping.
    @Test func countersPastUInt32DoNotTrap() throws {
        var band = MiBand2FirmwareState(seed: 7, key: nil, steps: .max, battery: 80, pairingTimeout: 30, tapDelay: nil)
        let output = band.addSteps(.max)
        let notified = try MiBand2Activity(bytes: try #require(output.updates.first).value)
        #expect(notified.steps == UInt32.max - 1, "the uint32 step counter wraps")
        #expect(notified.meters == UInt32.max)
        #expect(band.activity.kilocalories < .max)
    }

    @Test func aWrongKeyOrAnUnpairedBandFailsTheHandshake() throws {
        var unpaired = Self.firmware()
        #expect(try !Self.authenticate(&unpaired, key: Self.fipsKey))
        var paired = Self.firmware(key: MiBand2Key.standard)
        #expect(try !Self.authenticate(&paired, key: Self.fipsKey))
        #expect(!paired.isAuthenticated)
        #expect(try Self.authenticate(&paired, key: .standard))
        // An answer without a random number asked for, and malformed commands, fail too.
        #expect(paired.authenticationWrite([0x03, 0x08] + Array(repeating: 0, count: 16)).updates.map(\.value) == [[0x10, 0x03, 0x04]])
        #expect(paired.authenticationWrite([0x02]).updates.map(\.value) == [[0x10, 0x02, 0x04]])
        #expect(paired.authenticationWrite([]).updates.map(\.value) == [[0x10, 0x00, 0x04]])
    }

    @Test func heartRateNeedsAuthenticationAndAKnownCommand() throws {
        var band = Self.firmware(key: .standard)
        #expect(band.heartRateRefusal([0x15, 0x02, 0x01]) == .application(0x81))
        #expect(try Self.authenticate(&band, key: .standard))
        #expect(band.heartRateRefusal([0x15, 0x02, 0x01]) == nil)
        #expect(band.heartRateRefusal([0x15, 0x09, 0x01]) == .application(0x80))
        #expect(band.heartRateRefusal([]) == .application(0x80))
    }

    @Test func aSingleMeasurementComesAfterFiveSeconds() throws {
        var band = Self.firmware(key: .standard)
        _ = band.heartRateCommand(.startSingle)
        var measurements: [[UInt8]] = []
        for _ in 0..<4 { measurements += band.tick().updates.filter { $0.uuid == MiBand2UUID.heartRateMeasurement }.map(\.value) }
        #expect(measurements.isEmpty)
        measurements += band.tick().updates.filter { $0.uuid == MiBand2UUID.heartRateMeasurement }.map(\.value)
        #expect(measurements.count == 1)
        let bpm = try MiBand2.beatsPerMinute(try #require(measurements.first))
        #expect((50...150).contains(bpm))
        #expect(measurements.first?.first == 0x00, "flags 00: uint8 rate")
        #expect(band.heartRateMode == .idle)
    }

    @Test func continuousMeasurementNeedsItsKeepAlive() throws {
        var kept = Self.firmware(key: .standard)
        var dropped = kept
        _ = kept.heartRateCommand(.startContinuous)
        _ = dropped.heartRateCommand(.startContinuous)
        var keptCount = 0, droppedCount = 0
        for second in 1...60 {
            if second % 12 == 0 { _ = kept.heartRateCommand(.keepAlive) }
            keptCount += kept.tick().updates.filter { $0.uuid == MiBand2UUID.heartRateMeasurement }.count
            droppedCount += dropped.tick().updates.filter { $0.uuid == MiBand2UUID.heartRateMeasurement }.count
        }
        #expect(keptCount == 20, "every 3 s for a minute")
        #expect(droppedCount == 5, "until 15 s without a keep-alive")
        #expect(dropped.heartRateMode == .idle)
        if case .continuous = kept.heartRateMode {} else { Issue.record("continuous mode stopped despite the keep-alive") }
    }

    @Test func theWearerWalksAndTheCountersMoveTogether() {
        var band = Self.firmware()
        var notified = 0
        for _ in 0..<600 { notified += band.tick().updates.filter { $0.uuid == MiBand2UUID.activity }.count }
        let activity = band.activity
        #expect(activity.steps > 100, "the wearer walked in ten minutes")
        #expect(notified > 0)
        #expect(abs(Double(activity.meters) - Double(activity.steps) * 0.7) <= 1)
        #expect(abs(Double(activity.kilocalories) - Double(activity.steps) * 0.045) <= 1)
    }

    // MARK: Over the virtual radio

    @Test func pairAuthenticateAndReadEverything() async throws {
        try await Bench().closing { bench in
            let band = try await bench.connect()
            try await bench.pair(band, key: Self.fipsKey)
            #expect(await bench.device.status().isAuthenticated)
            #expect(await bench.device.status().isPaired)

            // The next connection authenticates without a tap.
            try await band.peripheral.disconnect()
            try await band.connect()
            try await band.authenticate(key: Self.fipsKey)

            try await bench.device.walk(steps: 11)
            let activity = try await band.activity()
            #expect(activity == (await bench.device.status()).activity)
            #expect(activity.steps == 3_011)
            let battery = try await band.battery()
            #expect(battery.level == 83)
            #expect(battery.lastCharge?.year == 2025)

            let measuring = Task { try await band.measureHeartRate() }
            await bench.pass(seconds: 5, sleepers: 2)
            let bpm = try await measuring.value
            #expect(bpm == (await bench.device.status()).heartRate)
        }
    }

    @Test func activityIsNotifiedAsTheWearerWalks() async throws {
        try await Bench().closing { bench in
            let band = try await bench.connect()
            var updates = try await band.activityUpdates().makeAsyncIterator()
            let first = try #require(try await updates.next())
            try await bench.device.walk(steps: 25)
            let next = try #require(try await updates.next())
            #expect(next.steps == first.steps + 25)
        }
    }

    @Test func continuousHeartRateKeepsGoingWithItsKeepAlive() async throws {
        try await Bench().closing { bench in
            let band = try await bench.connect()
            try await bench.pair(band, key: .standard)
            var rates = try await band.heartRates().makeAsyncIterator()
            // 40 s: without the keep-alive (12 s) the band would stop after 15 s.
            await bench.pass(seconds: 40, sleepers: 2)
            #expect(await bench.device.status().heartRateMode == "continuous")
            for _ in 0..<13 {
                let bpm = try #require(try await rates.next())
                #expect((50...150).contains(bpm))
            }
        }
    }

    /// A keep-alive interval of zero would write keep-alives back to back: refused up front.
    @Test func aKeepAliveIntervalMustBePositive() async throws {
        try await Bench().closing { bench in
            let band = try await bench.connect()
            for keepAlive: Duration in [.zero, .seconds(-1)] {
                let error = await #expect(throws: ProfileError.self) { _ = try await band.heartRates(keepAlive: keepAlive) }
                #expect(error?.code == .invalidArgument)
            }
        }
    }

    @Test func aWrongKeyIsAClearError() async throws {
        try await Bench().closing { bench in
            let band = try await bench.connect()
            try await bench.pair(band, key: .standard)
            let error = await #expect(throws: ProfileError.self) { try await band.authenticate(key: Self.fipsKey) }
            #expect(error?.code == .authenticationFailed)
            #expect(error?.message.contains("paired with another key") == true)
            #expect(await !bench.device.status().isAuthenticated)
        }
    }

    @Test func anUnpairedBandRefusesAnyKey() async throws {
        try await Bench().closing { bench in
            let band = try await bench.connect()
            let error = await #expect(throws: ProfileError.self) { try await band.authenticate(key: .standard) }
            #expect(error?.code == .authenticationFailed)
        }
    }

    @Test func noTapIsAClearError() async throws {
        try await Bench(pairingTimeout: .seconds(3)).closing { bench in
            let band = try await bench.connect()
            let pairing = Task { try await band.pair(key: .standard) }
            #expect(try await eventually { await bench.device.status().isWaitingForTap })
            await bench.pass(seconds: 3, sleepers: 2)
            let error = await #expect(throws: ProfileError.self) { try await pairing.value }
            #expect(error?.code == .notConfirmed)
            #expect(error?.message.contains("tap") == true)
            #expect(await !bench.device.status().isPaired)
        }
    }

    @Test func heartRateBeforeAuthenticatingIsRefused() async throws {
        try await Bench().closing { bench in
            let band = try await bench.connect()
            let error = await #expect(throws: ProfileError.self) { try await band.measureHeartRate() }
            #expect(error?.code == .refused)
            #expect(error?.message.contains("Not Authenticated") == true)
        }
    }

    @Test func aBandThatDisconnectsMidMeasurementIsAClearError() async throws {
        try await Bench().closing { bench in
            let band = try await bench.connect()
            try await bench.pair(band, key: .standard)
            let measuring = Task { try await band.measureHeartRate() }
            await bench.clock.waitForSleepers(count: 2)
            try await bench.loseLink()
            let error = await #expect(throws: ProfileError.self) { try await measuring.value }
            #expect(error?.code == .disconnected)
            #expect(error?.message.contains("disconnected") == true)
        }
    }

    @Test func theKeyStaysInFlashAcrossRuns() async throws {
        try await withTemporaryDirectory { directory in
            try await Bench(directory: directory).closing { first in
                let band = try await first.connect()
                try await first.pair(band, key: Self.fipsKey)
                try await first.device.walk(steps: 7)
            }
            try await Bench(directory: directory).closing { second in
                #expect(await second.device.status().isPaired)
                #expect(await second.device.status().activity.steps == 3_007)
                let band = try await second.connect()
                try await band.authenticate(key: Self.fipsKey)
            }
        }
    }

    @Test func aDeviceWithoutTheServicesIsNotABand() async throws {
        try await expectWrongDevice({ MiBand2($0) }, recognizes: MiBand2.isMiBand2)
    }

    @Test func instancesHaveTheirOwnAddressesAndNames() throws {
        let first = try VirtualMiBand2(index: 0)
        let second = try VirtualMiBand2(index: 1)
        #expect(first.address.description == "C8:0F:10:B2:00:01")
        #expect(first.address.isRandom)
        #expect(second.name == "MI Band 2 #2")
        #expect(first.serialNumber == "NLB2-000001")
        #expect(throws: VirtualError.self) { try VirtualMiBand2(index: 255) }
        #expect(throws: VirtualError.self) { try VirtualMiBand2(pairingTimeout: .zero) }
        #expect(VirtualMiBand2.kind.name == "miband")
    }
}

extension ProfileWorld where Device == VirtualMiBand2 {
    /// A band 2 m away whose firmware runs on ``clock``, keeping its flash in `directory`.
    init(directory: String? = nil, pairingTimeout: Duration = .seconds(30)) async throws {
        let clock = ManualClock()
        let band = try VirtualMiBand2(index: 0, directory: directory, pairingTimeout: pairingTimeout, firmwareClock: clock)
        try await self.init(band, distance: 2, clock: clock)
    }

    /// Finds the band by its advertisement and connects; the profile's time limits run on
    /// ``clock``.
    func connect() async throws -> MiBand2 {
        let discovery = try await discovery { $0.name == VirtualMiBand2.advertisedName }
        #expect(MiBand2.isMiBand2(discovery.advertisement))
        let band = MiBand2(discovery.peripheral, clock: clock)
        try await band.connect()
        return band
    }

    /// Pairs with `key`: the test taps the band once it asks.
    func pair(_ band: MiBand2, key: MiBand2Key) async throws {
        let pairing = Task { try await band.pair(key: key) }
        #expect(try await eventually { await device.status().isWaitingForTap })
        #expect(await device.tap())
        try await pairing.value
    }

    /// Moves the band's clock on second by second, each time once `sleepers` sleeps wait on it
    /// (the firmware's tick, and the profile's timers or keep-alive).
    func pass(seconds: Int, sleepers: Int = 1) async {
        for _ in 0..<seconds {
            await clock.waitForSleepers(count: sleepers)
            clock.advance(by: .seconds(1))
        }
    }
}
