import BLEToolKit
import DemoWorld
import NightlightTool

/// `nightlight`: everything the Smart Nightlight app does (NightlightTool has the commands), with
/// the demo world of every virtual device we have.
@main
struct NightlightMain {
    static func main() async {
        NightlightCommand.prepareProcess(arguments: CommandLine.arguments)
        await ToolMain.run(NightlightCommand.self, name: "nightlight", catalog: DemoWorld.catalog)
    }
}
