import ArgumentParser
import BLETool
import Testing

/// The `ble` command's parsing: names, help, unknown input.
@Suite struct BLECommandTests {
    @Test func helpNamesTheTool() {
        let help = BLECommand.helpMessage()
        #expect(help.contains("USAGE: ble"))
        #expect(help.contains("Scan, inspect, read, write and simulate"))
    }

    @Test func unknownSubcommandsAreRefused() {
        #expect(throws: (any Error).self) { _ = try BLECommand.parseAsRoot(["frobnicate"]) }
    }
}
