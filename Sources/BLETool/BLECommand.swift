import ArgumentParser
import BLESimulation
import BLEToolKit
import Foundation

/// The `ble` command: scan, inspect, read, write, subscribe, watch RSSI, pair and keep bonds,
/// simulate devices, serve a virtual controller.
public struct BLECommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "ble",
        abstract: "Scan, inspect, read, write and simulate Bluetooth Low Energy devices.",
        discussion: """
            Every command takes --transport SPEC (default sim: the in-process virtual radio with \
            the demo devices), --bonds FILE and --json. TARGET is a device address or its \
            advertised name. A device that asks for an encrypted link is paired with (or encrypted \
            with its bond) on demand.
            """,
        subcommands: [
            ScanCommand.self, InspectCommand.self, ReadCommand.self, WriteCommand.self, WriteHandleCommand.self,
            SubscribeCommand.self, RSSICommand.self, PairCommand.self, BondsCommand.self, SimulateCommand.self, ControllerCommand.self,
            BulbCommand.self, BeanCommand.self,
            MiBandCommand.self, SensorTagCommand.self,
        ]
    )

    public init() {}

    /// Parses `arguments` (the process's, when nil), runs the command with `catalog` (the
    /// virtual devices of `ble simulate` and of the `sim` transport) and exits; see
    /// ``ToolMain/run(_:name:catalog:arguments:)``.
    public static func main(catalog: VirtualDeviceCatalog, _ arguments: [String]? = nil) async {
        await ToolMain.run(Self.self, name: "ble", catalog: catalog, arguments: arguments)
    }
}
