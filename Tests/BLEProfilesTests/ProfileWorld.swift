import BLE
import BLECore
import BLEHost
import BLESimulation
import BLETesting
import BLEVirtual
import Foundation
import Logging
import Testing
@testable import BLEProfiles
@testable import BLEProfilesSimulation

/// A logger that drops everything.
let quiet = Logger(label: "test.profiles", factory: { _ in SwiftLogNoOpLogHandler() })

/// The bench of the profile tests: a world (real time) with one virtual device and a central on
/// it, through the `BLE` API. Each suite extends it for its device (`Bench`).
struct ProfileWorld<Device: VirtualDevice>: Sendable {
    let world: SimWorld
    let central: Central
    let centralController: VirtualController
    let device: Device
    /// The clock of the device's firmware, when the test moves it (the radio runs in real time).
    let clock: ManualClock

    /// `device` `distance` metres from a new central; `clock` is the one the device's firmware
    /// was given, if any.
    init(_ device: Device, distance: Double, clock: ManualClock = ManualClock()) async throws {
        self.device = device
        self.clock = clock
        world = SimWorld(logger: quiet)
        try await world.add(device, distance: distance)
        let transport = try await world.makeCentral()
        centralController = transport.controller
        let backend = HostBackend(host: BLEHost(transport: transport, clock: world.clock, logger: quiet))
        try await backend.start()
        central = Central(backend: backend)
    }

    /// The first device heard that `matches` (scanning for up to 5 s).
    func discovery(_ matches: @escaping @Sendable (Discovery) -> Bool) async throws -> Discovery {
        let heard = try await central.scan(for: .seconds(5), until: matches)
        return try #require(heard.first(where: matches))
    }

    /// Breaks the radio link, as if the device went out of range or lost power.
    func loseLink() async throws {
        let virtual = try #require(await world.device(at: device.address))
        world.link.simulateLinkLoss(between: virtual.controller, and: centralController)
    }

    func close() async {
        await central.close()
        await world.shutDown()
    }

    /// Runs `body` on the bench, then closes it, also when `body` throws.
    func closing<T>(_ body: (Self) async throws -> T) async throws -> T {
        do {
            let result = try await body(self)
            await close()
            return result
        } catch {
            await close()
            throw error
        }
    }
}

/// Polls `condition` (about every millisecond, for up to 5 s) until it holds.
func eventually(_ condition: () async throws -> Bool) async throws -> Bool {
    for _ in 0..<5000 {
        if try await condition() { return true }
        try await Task.sleep(for: .milliseconds(1))
    }
    return try await condition()
}

/// Runs `body` with the path of a new directory under the temporary directory (not created
/// yet), and removes it afterwards.
func withTemporaryDirectory<T>(_ body: (String) async throws -> T) async throws -> T {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("profiles-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: directory) }
    return try await body(directory)
}

/// Expects `profile` on the demo peripheral, which has none of the seed devices' services, to
/// fail to connect with ``ProfileError/Code/wrongDevice``, and `recognizes` not to take its
/// advertisement for the profile's.
func expectWrongDevice<Profile: PeripheralProfile>(
    _ profile: (Peripheral) -> Profile, recognizes: (AdvertisementView) -> Bool
) async throws {
    try await ProfileWorld(try DemoPeripheral(index: 0), distance: 1).closing { bench in
        let demo = try await bench.discovery { $0.name == "Nightlight Demo" }
        #expect(!recognizes(demo.advertisement))
        let client = profile(demo.peripheral)
        let error = await #expect(throws: ProfileError.self) { try await client.connect() }
        #expect(error?.code == .wrongDevice)
    }
}
