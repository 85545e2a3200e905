import ArgumentParser
import BLE
import BLEProfiles
import BLEToolKit
import Foundation

/// What the seed devices' commands (`ble bulb`, `ble bean`, `ble miband`, `ble sensortag`) do
/// alike on a connected device.
extension Connected {
    /// Connects to `target` (see ``run(_:options:_:)``), makes the client `profile` makes of the
    /// peripheral, discovers its services (the progress line says so) and runs `body` with it.
    static func run<Profile: PeripheralProfile, T: Sendable>(
        _ target: String,
        options: ToolOptions,
        profile: (Peripheral) -> Profile,
        _ body: (Profile, inout Connected) async throws -> T
    ) async throws -> T {
        try await run(target, options: options) { device in
            let client = profile(device.peripheral)
            device.step("discovering \(device.peripheral)…")
            try await client.discover()
            return try await body(client, &device)
        }
    }

    /// Ends the progress line, then hands each of `values` to `show` as it comes, until they end
    /// or `count` (when given) have come.
    mutating func follow<T>(_ values: AsyncThrowingStream<T, any Error>, count: Int?, _ show: (T) throws -> Void) async throws {
        ToolOutput.writeError(progress.finish())
        var received = 0
        for try await value in values {
            try show(value)
            received += 1
            if let count, received >= count { break }
        }
    }
}

extension Arguments {
    /// A duration option given in seconds (`--period 2.5`), checked against `range`; `why`
    /// explains the range in the error, e.g. ` (the tag counts in 10 ms steps)`.
    static func seconds(_ value: Double, _ flag: String, in range: ClosedRange<Double>, _ why: String = "") throws -> Duration {
        guard value.isFinite, range.contains(value) else {
            throw ValidationError("\(flag) must be between \(number(range.lowerBound)) and \(number(range.upperBound)) seconds\(why), not \(value)")
        }
        return .milliseconds(Int64((value * 1000).rounded()))
    }

    /// Checks `--count N`: at least 1, and given only with `flag` (`--watch`, `--continuous`),
    /// the option that makes the command follow values.
    static func count(_ count: Int?, goesWith flag: String, given: Bool) throws {
        if let count, count < 1 { throw ValidationError("--count must be at least 1, not \(count)") }
        if count != nil, !given { throw ValidationError("--count goes with \(flag)") }
    }

    /// `0.1`, `3600`.
    private static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
