import ArgumentParser
import BLE
import BLECore
import BLEProfiles
import BLESimulation
import BLEToolKit
import BLEVirtual
import Foundation

/// `ble miband …`: a Mi Band 2 (seed 002).
struct MiBandCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "miband",
        abstract: "Pair with a Mi Band 2 and read its steps, battery and heart rate.",
        discussion: """
            Every command authenticates with the band's key (--key, 32 hex digits; default \
            \(MiBand2Key.standard.hex), the text Nightlight-Band2): the band sends a random \
            number and checks it comes back encrypted with the key (AES-128-ECB). `auth` pairs \
            first when the band does not take the key: the band vibrates and its wearer taps it.
            """,
        subcommands: [MiBandAuthCommand.self, MiBandStepsCommand.self, MiBandHeartRateCommand.self, MiBandBatteryCommand.self]
    )
}

/// TARGET and --key, shared by the `ble miband` commands.
struct MiBandArguments: ParsableArguments {
    @Argument(help: ArgumentHelp("The band: its address or advertised name (MI Band 2).", valueName: "target"))
    var target: String

    @Option(name: .long, help: ArgumentHelp("The band's key: 32 hex digits (16 bytes).", valueName: "hex"))
    var key: String = MiBand2Key.standard.hex

    func validate() throws {
        _ = try parsedKey()
    }

    /// The key.
    func parsedKey() throws -> MiBand2Key {
        do {
            return try MiBand2Key(hex: key)
        } catch {
            throw ValidationError(error.message)
        }
    }

    /// Connects, discovers and authenticates (the progress line says so), then runs `body`.
    func withBand<T: Sendable>(_ options: ToolOptions, _ body: (MiBand2, inout Connected) async throws -> T) async throws -> T {
        let key = try parsedKey()
        return try await Connected.run(target, options: options, profile: { MiBand2($0) }) { band, device in
            device.step("authenticating with key \(key)…")
            do {
                try await band.authenticate(key: key)
            } catch let error as ProfileError where error.code == .authenticationFailed {
                let flag = key == .standard ? "" : " --key \(key.hex)"
                throw ToolError("\(error.message): `ble miband auth \(device.peripheral.identifier)\(flag)`")
            }
            return try await body(band, &device)
        }
    }
}

extension MiBandArguments {
    /// Connects and authenticates, starts `values` on the band (`what` says what it does), then
    /// calls `show(band, value, time)` for each value until Ctrl-C or `count` values.
    func follow<T: Sendable>(
        _ options: ToolOptions, count: Int?, _ what: String, _ values: (MiBand2) async throws -> AsyncThrowingStream<T, any Error>,
        _ show: (String, T, String) throws -> Void
    ) async throws {
        try await withBand(options) { miBand, device in
            let stream = try await values(miBand)
            device.step("\(what); Ctrl-C stops")
            let name = "\(device.peripheral)"
            try await device.follow(stream, count: count) { value in try show(name, value, Timestamp.iso8601(Date())) }
        }
    }
}

/// `ble miband auth TARGET`: authenticate, pairing first if the band does not take the key.
struct MiBandAuthCommand: ToolCommand {
    static let configuration = CommandConfiguration(
        commandName: "auth",
        abstract: "Authenticate with the band's key, pairing first when the band does not take it (its wearer taps the band).",
        discussion: "Fails when the band asks its wearer to tap it and nobody does within --tap-timeout seconds."
    )

    @OptionGroup var band: MiBandArguments

    @Option(name: .long, help: ArgumentHelp("Seconds to wait for the wearer to tap the band.", valueName: "seconds"))
    var tapTimeout: Double = 35

    @OptionGroup var options: ToolOptions

    func validate() throws {
        _ = try Arguments.seconds(tapTimeout, "--tap-timeout", in: 1...600)
    }

    func execute() async throws {
        let key = try band.parsedKey()
        let timeout = try Arguments.seconds(tapTimeout, "--tap-timeout", in: 1...600)
        let (name, paired) = try await Connected.run(band.target, options: options, profile: { MiBand2($0) }) { miBand, device in
            device.step("authenticating with key \(key)…")
            do {
                try await miBand.authenticate(key: key)
                return ("\(device.peripheral)", false)
            } catch let error as ProfileError where error.code == .authenticationFailed {
                device.step("pairing: tap the band when it vibrates…")
                try await miBand.pair(key: key, tapTimeout: timeout)
                return ("\(device.peripheral)", true)
            }
        }
        try options.report(
            MiBandAuthRecord(band: name, key: key.hex, paired: paired, authenticated: true),
            paired ? "\(name): paired (the wearer tapped the band) and authenticated with key \(key.hex)" : "\(name): authenticated with key \(key.hex) (already paired)"
        )
    }
}

/// `ble miband steps TARGET [--watch]`.
struct MiBandStepsCommand: ToolCommand {
    static let configuration = CommandConfiguration(
        commandName: "steps",
        abstract: "Today's steps, meters and kilocalories (the 13-byte record of characteristic 0x0007).",
        discussion: "--watch subscribes to the record and prints it now and each time the band notifies a new step count, until Ctrl-C or --count."
    )

    @OptionGroup var band: MiBandArguments

    @Flag(name: .long, help: "Follow the steps: print each new count as the band notifies it, with a timestamp.")
    var watch = false

    @Option(name: .long, help: ArgumentHelp("With --watch: stop after this many counts (the current one is the first).", valueName: "n"))
    var count: Int?

    @OptionGroup var options: ToolOptions

    func validate() throws {
        try Arguments.count(count, goesWith: "--watch", given: watch)
    }

    func execute() async throws {
        if watch {
            try await follow()
            return
        }
        let (name, activity, raw) = try await band.withBand(options) { miBand, device in
            device.step("reading today's activity…")
            let activity = try await miBand.activity()
            return ("\(device.peripheral)", activity, activity.encoded().hexString)
        }
        try options.report(MiBandStepsRecord(band: name, activity, raw: raw), "\(name): \(activity) (raw \(raw))")
    }

    private func follow() async throws {
        let options = options
        try await band.follow(options, count: count, "following the steps", { try await $0.activityUpdates() }) { name, activity, now in
            var record = MiBandStepsRecord(band: name, activity, raw: activity.encoded().hexString)
            record.time = now
            try options.report(record, layout: .line, "\(now)  \(activity)")
        }
    }
}

/// `ble miband battery TARGET`.
struct MiBandBatteryCommand: ToolCommand {
    static let configuration = CommandConfiguration(
        commandName: "battery",
        abstract: "The band's battery: level, whether it is charging, and its last charge."
    )

    @OptionGroup var band: MiBandArguments

    @OptionGroup var options: ToolOptions

    func execute() async throws {
        let (name, battery) = try await band.withBand(options) { miBand, device in
            device.step("reading the battery…")
            return ("\(device.peripheral)", try await miBand.battery())
        }
        let record = MiBandBatteryRecord(
            band: name, level: Int(battery.level), charging: battery.isCharging,
            lastCharge: battery.lastCharge.map(\.description), lastChargeLevel: battery.lastChargeLevel.map(Int.init)
        )
        try options.report(record, "\(name): battery \(battery)")
    }
}

/// `ble miband heart-rate TARGET [--continuous]`.
struct MiBandHeartRateCommand: ToolCommand {
    static let configuration = CommandConfiguration(
        commandName: "heart-rate",
        abstract: "Measure the heart rate once (15 02 01), or continuously with --continuous (15 01 01 and a keep-alive every 12 s).",
        discussion: "A single measurement takes the band a few seconds. --continuous prints each rate as it comes, until Ctrl-C or --count."
    )

    @OptionGroup var band: MiBandArguments

    @Flag(name: .long, help: "Measure continuously and print each rate, with a timestamp.")
    var continuous = false

    @Option(name: .long, help: ArgumentHelp("With --continuous: stop after this many rates.", valueName: "n"))
    var count: Int?

    @OptionGroup var options: ToolOptions

    func validate() throws {
        try Arguments.count(count, goesWith: "--continuous", given: continuous)
    }

    func execute() async throws {
        if continuous {
            try await measureContinuously()
            return
        }
        let (name, bpm) = try await band.withBand(options) { miBand, device in
            device.step("measuring (the band's green light is on)…")
            return ("\(device.peripheral)", try await miBand.measureHeartRate())
        }
        try options.report(MiBandHeartRateRecord(band: name, bpm: bpm, time: Timestamp.iso8601(Date())), "\(name): \(bpm) bpm")
    }

    private func measureContinuously() async throws {
        let options = options
        try await band.follow(options, count: count, "measuring continuously", { try await $0.heartRates() }) { name, bpm, now in
            try options.report(MiBandHeartRateRecord(band: name, bpm: bpm, time: now), layout: .line, "\(now)  \(bpm) bpm")
        }
    }
}

/// `ble miband auth --json`.
struct MiBandAuthRecord: Codable {
    var band: String
    var key: String
    var paired: Bool
    var authenticated: Bool
}

/// `ble miband steps --json` (with --watch, one a line, with its time).
struct MiBandStepsRecord: Codable {
    var band: String
    var steps: UInt32
    var meters: UInt32
    var kilocalories: UInt32
    var raw: String
    var time: String?

    init(band: String, _ activity: MiBand2Activity, raw: String) {
        self.band = band
        steps = activity.steps
        meters = activity.meters
        kilocalories = activity.kilocalories
        self.raw = raw
    }
}

/// `ble miband battery --json`.
struct MiBandBatteryRecord: Codable {
    var band: String
    var level: Int
    var charging: Bool
    var lastCharge: String?
    var lastChargeLevel: Int?

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(band, forKey: .band)
        try container.encode(level, forKey: .level)
        try container.encode(charging, forKey: .charging)
        try container.encode(lastCharge, forKey: .lastCharge)
        try container.encode(lastChargeLevel, forKey: .lastChargeLevel)
    }
}

/// `ble miband heart-rate --json`.
struct MiBandHeartRateRecord: Codable {
    var band: String
    var bpm: Int
    var time: String
}
