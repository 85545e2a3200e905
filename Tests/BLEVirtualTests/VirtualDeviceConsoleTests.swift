import BLECore
import BLEGATT
import BLESimulation
import BLEVirtual
import Synchronization
import Testing

/// `ble simulate`'s standard input: lines to ``VirtualDeviceAction``s, the device chosen by kind
/// or position, and a clear refusal for every wrong line.
@Suite
struct VirtualDeviceConsoleTests {
    /// Where a lamp keeps its brightness.
    final class Level: Sendable {
        let value = Mutex(0)
        func withLock<R: Sendable>(_ body: (inout Int) -> R) -> R { value.withLock { body(&$0) } }
    }

    /// A lamp whose brightness can be set.
    struct Lamp: VirtualDevice {
        let name: String
        let address: DeviceAddress
        let brightness = Level()

        func run(_ context: VirtualDeviceContext) async throws {}

        var actions: [VirtualDeviceAction] {
            [
                VirtualDeviceAction("dim", arguments: ["LEVEL"], summary: "sets the brightness 0-100") { words in
                    let level = try VirtualDeviceAction.integer(words[0], "LEVEL", in: 0...100)
                    brightness.withLock { $0 = level }
                    return "at \(level) %"
                },
                VirtualDeviceAction("paint", arguments: ["HEX"], summary: "takes bytes") { words in
                    "\(try VirtualDeviceAction.bytes(words[0], "HEX").count) bytes"
                },
                VirtualDeviceAction("drift", arguments: ["PPM"], summary: "takes a number") { words in
                    "\(try VirtualDeviceAction.number(words[0], "PPM", in: -100...100))"
                },
            ]
        }
    }

    static func lamp(_ name: String, _ last: UInt8) throws -> Lamp {
        Lamp(name: name, address: try DeviceAddress(parsing: "00:1B:DC:44:00:\(String(format: "%02X", last))"))
    }

    static func plain() throws -> GATTPeripheralDevice {
        GATTPeripheralDevice(name: "Plain", address: try DeviceAddress(parsing: "00:1B:DC:44:00:09"), advertisingData: AdvertisingData()) {
            try GATTServer(services: [])
        }
    }

    /// The message of the error `line` gets.
    static func refusal(_ console: VirtualDeviceConsole, _ line: String) async -> String? {
        do {
            _ = try await console.perform(line)
            return nil
        } catch let error as VirtualError {
            #expect(error.code == .invalidArgument)
            return error.message
        } catch {
            return "\(error)"
        }
    }

    @Test func oneDeviceTakesItsActionsWithOrWithoutItsName() async throws {
        let lamp = try Self.lamp("Lamp", 1)
        let console = VirtualDeviceConsole([.init(kind: "lamp", device: lamp)])
        #expect(try await console.perform("dim 40") == .performed(device: "Lamp", action: "dim", result: "at 40 %"))
        #expect(lamp.brightness.withLock { $0 } == 40)
        #expect(try await console.perform("  lamp   DIM 7 ") == .performed(device: "Lamp", action: "dim", result: "at 7 %"))
        #expect(try await console.perform("1 dim 0") == .performed(device: "Lamp", action: "dim", result: "at 0 %"))
        #expect(try await console.perform("paint 0a0B0c") == .performed(device: "Lamp", action: "paint", result: "3 bytes"))
        #expect(try await console.perform("paint -") == .performed(device: "Lamp", action: "paint", result: "0 bytes"))
        #expect(try await console.perform("drift -2.5") == .performed(device: "Lamp", action: "drift", result: "-2.5"))
        #expect(try await console.perform("") == .nothing)
        #expect(try await console.perform("   ") == .nothing)
        #expect(try await console.perform("# a comment") == .nothing)
        #expect(lamp.brightness.withLock { $0 } == 0)
    }

    @Test func helpListsEveryDevicesActions() async throws {
        let console = VirtualDeviceConsole([.init(kind: "lamp", device: try Self.lamp("Lamp", 1)), .init(kind: "plain", device: try Self.plain())])
        #expect(try await console.perform("help") == .help([
            "1 lamp (Lamp):",
            "  dim LEVEL — sets the brightness 0-100",
            "  paint HEX — takes bytes",
            "  drift PPM — takes a number",
            "2 plain (Plain): no actions, it only answers its radio",
        ]))
    }

    @Test func severalDevicesAreNamedByKindOrPosition() async throws {
        let first = try Self.lamp("Lamp", 1)
        let second = try Self.lamp("Lamp 2", 2)
        let console = VirtualDeviceConsole([.init(kind: "lamp", device: first), .init(kind: "lamp", device: second), .init(kind: "plain", device: try Self.plain())])
        #expect(try await console.perform("2 dim 55") == .performed(device: "Lamp 2", action: "dim", result: "at 55 %"))
        #expect(first.brightness.withLock { $0 } == 0)
        #expect(second.brightness.withLock { $0 } == 55)
        #expect(await Self.refusal(console, "lamp dim 3") == "2 lamp devices run: name one by its position (1, 2)")
        #expect(await Self.refusal(console, "dim 3") == "'dim 3': name the device first (1 lamp, 2 lamp, 3 plain), e.g. `lamp dim LEVEL`; help lists the actions")
        #expect(await Self.refusal(console, "4 dim 3") == "there is no device 4: 1 lamp, 2 lamp, 3 plain")
        #expect(await Self.refusal(console, "0 dim 3") == "there is no device 0: 1 lamp, 2 lamp, 3 plain")
        #expect(await Self.refusal(console, "plain press") == "Plain has no action 'press'; it has no actions (it only answers its radio)")
        #expect(await Self.refusal(console, "3") == "'3': an action for Plain is missing; it has no actions (it only answers its radio)")
    }

    @Test(arguments: [
        ("dim", "dim takes LEVEL, not nothing; usage: dim LEVEL"),
        ("dim 1 2", "dim takes LEVEL, not '1 2'; usage: dim LEVEL"),
        ("dim 101", "LEVEL must be a whole number 0…100, not '101'"),
        ("dim -1", "LEVEL must be a whole number 0…100, not '-1'"),
        ("dim ten", "LEVEL must be a whole number 0…100, not 'ten'"),
        ("dim 99999999999999999999999", "LEVEL must be a whole number 0…100, not '99999999999999999999999'"),
        ("paint abc", "HEX must be hexadecimal bytes (e.g. 0a0b0c, or - for none), not 'abc'"),
        ("paint zz", "HEX must be hexadecimal bytes (e.g. 0a0b0c, or - for none), not 'zz'"),
        ("drift nan", "PPM must be a number -100…100, not 'nan'"),
        ("drift inf", "PPM must be a number -100…100, not 'inf'"),
        ("drift 100.5", "PPM must be a number -100…100, not '100.5'"),
        ("fly", "Lamp has no action 'fly'; its actions: dim LEVEL; paint HEX; drift PPM"),
        ("lamp", "'lamp': an action for Lamp is missing; its actions: dim LEVEL; paint HEX; drift PPM"),
    ])
    func wrongLinesAreRefusedWithWhatToType(line: String, message: String) async throws {
        let lamp = try Self.lamp("Lamp", 1)
        let console = VirtualDeviceConsole([.init(kind: "lamp", device: lamp)])
        #expect(await Self.refusal(console, line) == message)
        #expect(lamp.brightness.withLock { $0 } == 0)
    }
}
