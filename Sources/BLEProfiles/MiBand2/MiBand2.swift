import BLE
import BLECore
import BLEGATT

/// A typed client for a Mi Band 2 on a ``Peripheral`` of the `BLE` API: pairing and the
/// authentication handshake, today's activity, the battery, and heart rate measurements.
///
/// ```swift
/// let band = MiBand2(peripheral)
/// try await band.connect()
/// try await band.pair(key: key)           // first time: the wearer taps the band
/// try await band.authenticate(key: key)   // every later connection
/// let activity = try await band.activity()
/// let bpm = try await band.measureHeartRate()
/// ```
///
/// Time limits run on the injected clock (the real one unless told otherwise).
public final class MiBand2: PeripheralProfile {
    /// The clock of the time limits.
    public let clock: any Clock<Duration>
    /// How long the band may take to answer a request.
    public let responseTimeout: Duration
    private let connection: ProfileConnection

    /// The band.
    public var peripheral: Peripheral { connection.peripheral }

    /// A client for `peripheral` (connected or not).
    public init(_ peripheral: Peripheral, clock: some Clock<Duration> = ContinuousClock(), responseTimeout: Duration = .seconds(10)) {
        connection = ProfileConnection(peripheral, kind: "a Mi Band 2", explain: Self.explain)
        self.clock = clock
        self.responseTimeout = responseTimeout
    }

    /// The name a Mi Band 2 advertises.
    public static let advertisedName = "MI Band 2"

    /// Whether an advertisement is a Mi Band 2's: the Mi Band service `FEE0`, or the name.
    public static func isMiBand2(_ advertisement: AdvertisementView) -> Bool {
        advertisement.serviceUUIDs.contains(MiBand2UUID.miBandService) || advertisement.name?.hasPrefix(advertisedName) == true
    }

    // MARK: Connection

    /// Discovers the Mi Band, Mi Band 2 and Heart Rate services and their characteristics;
    /// throws ``ProfileError/Code/wrongDevice`` when the device has no Mi Band 2 service.
    public func discover() async throws(ProfileError) {
        try await connection.discover(
            [MiBand2UUID.miBandService, MiBand2UUID.miBand2Service, MiBand2UUID.heartRateService], requiring: MiBand2UUID.miBand2Service,
            "Mi Band 2 service"
        )
    }

    // MARK: Pairing and authentication

    /// Pairs: gives the band `key`, waits (up to `tapTimeout`) for its wearer to tap it, then
    /// authenticates with the key.
    ///
    /// Throws ``ProfileError/Code/notConfirmed`` when nobody tapped the band.
    public func pair(key: MiBand2Key, tapTimeout: Duration = .seconds(35)) async throws(ProfileError) {
        let inbox = try await authenticationInbox()
        defer { inbox.close() }
        try await send(.sendKey(key))
        let untapped = ProfileError(.notConfirmed, "\(peripheral) did not confirm the pairing within \(tapTimeout); tap the band when it vibrates and try again")
        let response = try await nextResponse(inbox, within: tapTimeout, "pairing (waiting for the wearer to tap the band)", to: 0x01, timedOut: untapped)
        guard response.status == .success else {
            throw ProfileError(.notConfirmed, "\(peripheral) asked its wearer to tap it to accept the key, and nobody did; tap the band when it vibrates and try again")
        }
        try await authenticate(key: key, on: inbox)
    }

    /// Proves the app has `key`: asks the band for a random number and answers with it encrypted
    /// (AES-128-ECB).
    ///
    /// Throws ``ProfileError/Code/authenticationFailed`` when the band refuses the answer: it is
    /// paired with another key, or not paired yet.
    public func authenticate(key: MiBand2Key) async throws(ProfileError) {
        let inbox = try await authenticationInbox()
        defer { inbox.close() }
        try await authenticate(key: key, on: inbox)
    }

    private func authenticate(key: MiBand2Key, on inbox: NotifiedValueInbox) async throws(ProfileError) {
        try await send(.requestRandomNumber)
        let challenge = try await nextResponse(inbox, within: responseTimeout, "authenticating (asking for a random number)", to: 0x02)
        guard challenge.status == .success, let random = challenge.randomNumber, let answer = key.encrypt(random) else {
            throw ProfileError(.authenticationFailed, "\(peripheral) refused to start authenticating (status \(challenge.status))")
        }
        try await send(.sendEncryptedNumber(answer))
        let verdict = try await nextResponse(inbox, within: responseTimeout, "authenticating (sending the encrypted number)", to: 0x03)
        guard verdict.status == .success else {
            throw ProfileError(
                .authenticationFailed,
                "\(peripheral) refused key \(key): it is paired with another key, or not paired yet; pair it with this key (its wearer taps the band to accept)"
            )
        }
    }

    private func authenticationInbox() async throws(ProfileError) -> NotifiedValueInbox {
        try await connection.inbox(MiBand2UUID.authentication, "the band's authentication")
    }

    private func send(_ command: MiBand2AuthCommand) async throws(ProfileError) {
        try await connection.write(command.encoded(), to: MiBand2UUID.authentication, "the band's authentication", type: .withoutResponse)
    }

    /// The next authentication response, which must answer `command`.
    private func nextResponse(
        _ inbox: NotifiedValueInbox, within limit: Duration, _ what: String, to command: UInt8, timedOut: ProfileError? = nil
    ) async throws(ProfileError) -> MiBand2AuthResponse {
        let bytes = try await connection.next(inbox, within: limit, clock: clock, what, timedOut: timedOut)
        let response = try MiBand2AuthResponse(bytes: bytes)
        guard response.command == command else {
            throw ProfileError(.invalidValue, "\(what): the band answered command 0x\([response.command].hexString) instead of 0x\([command].hexString)")
        }
        return response
    }

    // MARK: Activity and battery

    /// Today's steps, meters and kilocalories.
    public func activity() async throws(ProfileError) -> MiBand2Activity {
        try MiBand2Activity(bytes: try await connection.read(MiBand2UUID.activity, "the band's activity"))
    }

    /// Today's activity as the band notifies it (the current value first). Ending the iteration
    /// unsubscribes; a lost link ends the stream with ``ProfileError/Code/disconnected``.
    public func activityUpdates() async throws(ProfileError) -> AsyncThrowingStream<MiBand2Activity, any Error> {
        let updates = try await connection.subscribe(MiBand2UUID.activity, "the band's activity")
        let current = try await activity()
        return connection.stream(updates, "following the band's activity", first: [current]) { try MiBand2Activity(bytes: $0) }
    }

    /// The battery information.
    public func battery() async throws(ProfileError) -> MiBand2Battery {
        try MiBand2Battery(bytes: try await connection.read(MiBand2UUID.battery, "the band's battery"))
    }

    // MARK: Heart rate

    /// Measures the heart rate once (`15 02 01`) and returns it in beats per minute, waiting up to
    /// `timeout` for the band. Authenticate first.
    public func measureHeartRate(timeout: Duration = .seconds(30)) async throws(ProfileError) -> Int {
        let inbox = try await connection.inbox(MiBand2UUID.heartRateMeasurement, "the band's heart rate")
        defer { inbox.close() }
        try await control(.startSingle)
        return try Self.beatsPerMinute(try await connection.next(inbox, within: timeout, clock: clock, "measuring the heart rate"))
    }

    /// Measures continuously (`15 01 01`), sending the keep-alive (`16`) every `keepAlive`, and
    /// returns the rates as they come. Authenticate first. Ending the iteration stops the
    /// measurement; a lost link ends the stream with ``ProfileError/Code/disconnected``.
    ///
    /// Throws ``ProfileError/Code/invalidArgument`` for a `keepAlive` that is not positive.
    public func heartRates(keepAlive: Duration = .seconds(12)) async throws(ProfileError) -> AsyncThrowingStream<Int, any Error> {
        guard keepAlive > .zero else {
            throw ProfileError(.invalidArgument, "the heart rate keep-alive interval must be longer than zero, not \(keepAlive)")
        }
        let values = try await connection.subscribe(MiBand2UUID.heartRateMeasurement, "the band's heart rate")
        try await control(.set(.single, on: false))
        try await control(.startContinuous)
        let (clock, connection) = (clock, connection)
        let ended = ProfileError(.disconnected, "\(peripheral)'s heart rate notifications ended")
        return AsyncThrowingStream { continuation in
            let pump = Task {
                await withTaskGroup(of: Void.self) { group in
                    group.addTask {
                        await connection.forward(values, to: continuation, "measuring the heart rate", endingWith: ended, Self.beatsPerMinute)
                    }
                    group.addTask {
                        while !Task.isCancelled {
                            do {
                                try await Self.sleep(clock, for: keepAlive)
                                try await self.control(.keepAlive)
                            } catch {
                                if !Task.isCancelled { continuation.finish(throwing: connection.error(error, "keeping the heart rate measurement alive")) }
                                return
                            }
                        }
                    }
                    _ = await group.next()
                    group.cancelAll()
                }
            }
            continuation.onTermination = { _ in
                pump.cancel()
                Task { try? await self.control(.stopContinuous) }
            }
        }
    }

    /// Writes a command to the Heart Rate Control Point.
    public func control(_ command: MiBand2HeartRateCommand) async throws(ProfileError) {
        try await connection.write(
            command.encoded(), to: MiBand2UUID.heartRateControlPoint, "the band's heart rate control point",
            what: "sending \(command) to the band's heart rate sensor"
        )
    }

    /// The rate of a Heart Rate Measurement notification.
    static func beatsPerMinute(_ bytes: [UInt8]) throws(ProfileError) -> Int {
        do {
            return Int(try HeartRateMeasurement(decoding: bytes).heartRate)
        } catch {
            throw ProfileError(.invalidValue, "the band sent an invalid heart rate measurement: \(error)")
        }
    }

    private static func sleep<C: Clock<Duration>>(_ clock: C, for duration: Duration) async throws {
        try await clock.sleep(for: duration)
    }

    /// The meaning of an ATT error as the band (and ``VirtualMiBand2``) uses it.
    static func explain(_ code: ATTErrorCode) -> String {
        switch code.rawValue {
        case 0x80: "Control Point Not Supported (0x80): the band does not know this command"
        case 0x81: "Not Authenticated (0x81): authenticate first (`ble miband auth`)"
        case 0x0D: "Invalid Attribute Value Length (0x0D): wrong length for this value"
        default: code.description
        }
    }
}
