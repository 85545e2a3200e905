import ArgumentParser

/// The `ble` command: scan, inspect, read, write, subscribe, watch RSSI, simulate devices, serve a
/// virtual controller.
public struct BLECommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "ble",
        abstract: "Scan, inspect, read, write and simulate Bluetooth Low Energy devices.",
        subcommands: []
    )

    public init() {}
}
