import BLETool
import NightlightTool

/// `nightlight`: everything the Smart Nightlight app does (NightlightTool has the commands).
@main
struct NightlightMain {
    static func main() async {
        await ToolMain.run(NightlightCommand.self, name: "nightlight")
    }
}
