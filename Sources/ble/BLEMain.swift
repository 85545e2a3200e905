import BLETool

/// `ble`: the scanner, inspector, reader, writer and simulator (BLETool has the commands).
@main
struct BLEMain {
    static func main() async {
        await BLECommand.main()
    }
}
