import BLETool
import DemoWorld

/// `ble`: the scanner, inspector, reader, writer and simulator (BLETool has the commands), with
/// the demo world of every virtual device we have.
@main
struct BLEMain {
    static func main() async {
        await BLECommand.main(catalog: DemoWorld.catalog)
    }
}
