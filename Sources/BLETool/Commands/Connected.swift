import ArgumentParser
import BLE
import BLECore
import BLEToolKit
import Foundation

/// Runs the work of a command that talks to one device: opens the central, finds TARGET,
/// connects (showing progress on a terminal), runs `body`, then disconnects and closes, also
/// when `body` fails or the command is interrupted.
public struct Connected {
    public let central: Central
    public let peripheral: Peripheral
    /// Progress on standard error (stdout stays clean for scripts).
    public var progress: ProgressLine

    public static func run<T: Sendable>(
        _ target: String,
        options: ToolOptions,
        _ body: (inout Connected) async throws -> T
    ) async throws -> T {
        let central = try await options.openCentral()
        let terminal = TerminalOutput.standardError()
        var progress = ProgressLine(isTerminal: terminal.isTerminal, columns: terminal.columns)
        do {
            showProgress(&progress, "looking for \(target)…")
            let peripheral = try await Target.find(target, on: central)
            showProgress(&progress, "connecting to \(peripheral)…")
            do {
                try await peripheral.connect(timeout: .seconds(10), watchdog: .seconds(20))
            } catch {
                throw ToolError("cannot connect to \(peripheral): \(error.message)")
            }
            var connected = Connected(central: central, peripheral: peripheral, progress: progress)
            let result: T
            do {
                result = try await body(&connected)
            } catch {
                FileHandle.standardError.write(Data(connected.progress.finish().utf8))
                try? await peripheral.disconnect()
                throw error
            }
            FileHandle.standardError.write(Data(connected.progress.finish().utf8))
            try? await peripheral.disconnect()
            await central.close()
            return result
        } catch {
            FileHandle.standardError.write(Data(progress.finish().utf8))
            await central.close()
            throw error
        }
    }

    private static func showProgress(_ progress: inout ProgressLine, _ message: String) {
        guard progress.isTerminal else { return }  // pipes get results only
        FileHandle.standardError.write(Data(progress.update(message).utf8))
    }

    /// Shows `message` as progress (terminals only).
    public mutating func step(_ message: String) {
        Self.showProgress(&progress, message)
    }

    /// The characteristic with `uuid` (in `service`, if given), discovering as needed.
    public func characteristic(_ uuid: BluetoothUUID, in service: BluetoothUUID?) async throws -> Characteristic {
        let services = try await peripheral.discoverServices(service.map { [$0] })
        for candidate in services {
            if let found = try await candidate.discoverCharacteristics([uuid]).first { return found }
        }
        let place = service.map { "in service \($0) " } ?? ""
        throw ToolError("\(peripheral) has no characteristic \(uuid) \(place)(`ble inspect \(peripheral.identifier)` lists what it has)")
    }
}

/// Parsing of the arguments the connected commands share.
enum Arguments {
    /// A UUID argument, or a validation error that says what is expected.
    static func uuid(_ text: String, _ what: String) throws -> BluetoothUUID {
        guard let uuid = BluetoothUUID(text) else {
            throw ValidationError("invalid \(what) '\(text)': expected a UUID such as 2A19 or 4E4C0002-6465-6D6F-8000-6E696768746C")
        }
        return uuid
    }

    /// Hex bytes (`0a1b`, `0x0A1B`, `0a 1b`, `0a:1b`), or a validation error.
    static func hex(_ text: String) throws -> [UInt8] {
        var digits = text.replacingOccurrences(of: " ", with: "").replacingOccurrences(of: ":", with: "").replacingOccurrences(of: "-", with: "")
        if digits.lowercased().hasPrefix("0x") { digits.removeFirst(2) }
        guard digits.count % 2 == 0, let bytes = [UInt8](hex: digits) else {
            throw ValidationError("invalid hex value '\(text)': expected pairs of hex digits, e.g. 58010301ff00ff0000")
        }
        guard bytes.count <= 512 else {
            throw ValidationError("the value is \(bytes.count) bytes; an attribute value holds at most 512")
        }
        return bytes
    }

    /// An attribute handle: `0x0028`, `0028` (hex) or `40` (decimal with no leading zero and no
    /// hex letters is still read as hex, as gatttool does)… so: always hex.
    static func handle(_ text: String) throws -> UInt16 {
        var digits = text.lowercased()
        if digits.hasPrefix("0x") { digits.removeFirst(2) }
        guard !digits.isEmpty, digits.count <= 4, let value = UInt16(digits, radix: 16), value != 0 else {
            throw ValidationError("invalid handle '\(text)': expected a hex handle 0x0001…0xFFFF, e.g. 0x0028")
        }
        return value
    }
}
