import BLECore
import BLEVirtual

/// Something done to a running virtual device from outside its radio: a child presses the
/// nightlight's button, a Bean's sketch sets a scratch bank, a wearer walks. Each device lists
/// its own in ``VirtualDevice/actions``; `ble simulate` reads them from standard input, one per
/// line (`ACTION ARGUMENT…`), so a test or a person can drive a device that another host is
/// connected to.
///
/// An action takes exactly ``arguments`` words; ``perform(_:)`` checks the count and the body
/// checks each word, throwing ``VirtualError`` (code ``VirtualError/Code/invalidArgument``) with
/// what to type instead. It returns one line that says what happened.
public struct VirtualDeviceAction: Sendable {
    /// What is typed to run it: `press`, `scratch`.
    public let name: String
    /// The names of its arguments, for the usage line: `["BANK", "HEX"]`.
    public let arguments: [String]
    /// What it does, in one line.
    public let summary: String
    private let body: @Sendable ([String]) async throws -> String

    /// Creates an action; `body` gets exactly `arguments.count` words.
    public init(_ name: String, arguments: [String] = [], summary: String, body: @escaping @Sendable ([String]) async throws -> String) {
        self.name = name
        self.arguments = arguments
        self.summary = summary
        self.body = body
    }

    /// `name ARGUMENT…`, e.g. `scratch BANK HEX`.
    public var usage: String { ([name] + arguments).joined(separator: " ") }

    /// Runs the action with `words` (its arguments, without its name) and returns what happened.
    /// - Throws: ``VirtualError`` for a wrong number of words, or what the device refuses.
    public func perform(_ words: [String]) async throws -> String {
        guard words.count == arguments.count else {
            throw VirtualError(.invalidArgument, "\(name) takes \(arguments.isEmpty ? "no arguments" : arguments.joined(separator: " ")), not \(words.isEmpty ? "nothing" : "'\(words.joined(separator: " "))'"); usage: \(usage)")
        }
        return try await body(words)
    }

    /// Parses an integer argument in `range`, or throws a message naming the argument.
    public static func integer(_ word: String, _ argument: String, in range: ClosedRange<Int>) throws(VirtualError) -> Int {
        guard let value = Int(word), range.contains(value) else {
            throw VirtualError(.invalidArgument, "\(argument) must be a whole number \(range.lowerBound)…\(range.upperBound), not '\(word)'")
        }
        return value
    }

    /// Parses a finite number argument in `range`, or throws a message naming the argument.
    public static func number(_ word: String, _ argument: String, in range: ClosedRange<Double>) throws(VirtualError) -> Double {
        guard let value = Double(word), value.isFinite, range.contains(value) else {
            throw VirtualError(.invalidArgument, "\(argument) must be a number \(range.lowerBound.formatted)…\(range.upperBound.formatted), not '\(word)'")
        }
        return value
    }

    /// Parses hexadecimal bytes (`0a0b0c`, `0x0a0b0c`, `0a:0b:0c`; `-` for none), or throws.
    public static func bytes(_ word: String, _ argument: String) throws(VirtualError) -> [UInt8] {
        if word == "-" { return [] }
        guard let bytes = [UInt8](hex: word) else {
            throw VirtualError(.invalidArgument, "\(argument) must be hexadecimal bytes (e.g. 0a0b0c, or - for none), not '\(word)'")
        }
        return bytes
    }
}

extension Double {
    /// Without a trailing `.0` for whole numbers.
    fileprivate var formatted: String { rounded() == self && abs(self) < 1e15 ? String(Int(self)) : String(self) }
}

extension VirtualDevice {
    /// None: a device that only answers its radio.
    public var actions: [VirtualDeviceAction] { [] }
}
