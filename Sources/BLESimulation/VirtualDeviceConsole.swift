import BLEVirtual

/// Runs the ``VirtualDeviceAction``s typed as lines on running devices: what `ble simulate`
/// does with its standard input.
///
/// A line is `[DEVICE] ACTION ARGUMENT…`. DEVICE is the kind the device was started as
/// (`bean`) or its position among the devices (`2`); it can be left out when one device runs.
/// `help` lists every device's actions; empty lines and lines starting with `#` do nothing.
public struct VirtualDeviceConsole: Sendable {
    /// One running device and the kind it was started as.
    public struct Device: Sendable {
        /// The kind's name (`bean`), as typed.
        public let kind: String
        /// The device.
        public let device: any VirtualDevice

        /// Pairs a device with its kind's name.
        public init(kind: String, device: any VirtualDevice) {
            self.kind = kind
            self.device = device
        }
    }

    /// What a line did.
    public enum Outcome: Sendable, Equatable {
        /// An empty line or a comment.
        case nothing
        /// `help`: the actions of every device, one per line.
        case help([String])
        /// `action` ran on `device` (its name) and says `result`.
        case performed(device: String, action: String, result: String)
    }

    /// The devices, in the order they were started.
    public let devices: [Device]

    /// A console for `devices`, in the order they were started.
    public init(_ devices: [Device]) {
        self.devices = devices
    }

    /// The help lines: each device's actions with their usage and what they do.
    public var help: [String] {
        devices.enumerated().flatMap { position, entry -> [String] in
            let heading = "\(position + 1) \(entry.kind) (\(entry.device.name))"
            let actions = entry.device.actions
            guard !actions.isEmpty else { return ["\(heading): no actions, it only answers its radio"] }
            return ["\(heading):"] + actions.map { "  \($0.usage) — \($0.summary)" }
        }
    }

    /// Runs one line.
    /// - Throws: ``VirtualError`` (``VirtualError/Code/invalidArgument``) naming what is wrong
    ///   with the line and what to type, or what the device refused.
    public func perform(_ line: String) async throws -> Outcome {
        var words = line.split(whereSeparator: \.isWhitespace).map(String.init)
        guard let first = words.first, !first.hasPrefix("#") else { return .nothing }
        if words == ["help"] || words == ["?"] { return .help(help) }
        let entry: Device
        if let named = try device(named: first) {
            entry = named
            words.removeFirst()
        } else if devices.count == 1 {
            entry = devices[0]
        } else {
            throw VirtualError(.invalidArgument, "'\(line)': name the device first (\(choices)), e.g. `\(devices[0].kind) \(devices[0].device.actions.first?.usage ?? "ACTION")`; help lists the actions")
        }
        let actions = entry.device.actions
        guard let name = words.first else {
            throw VirtualError(.invalidArgument, "'\(line)': an action for \(entry.device.name) is missing; \(Self.list(actions))")
        }
        guard let action = actions.first(where: { $0.name == name.lowercased() }) else {
            throw VirtualError(.invalidArgument, "\(entry.device.name) has no action '\(name)'; \(Self.list(actions))")
        }
        let result = try await action.perform(Array(words.dropFirst()))
        return .performed(device: entry.device.name, action: action.name, result: result)
    }

    /// The device `word` names (its kind or its position), nil when it names none.
    private func device(named word: String) throws(VirtualError) -> Device? {
        if let position = Int(word) {
            guard devices.indices.contains(position - 1) else {
                throw VirtualError(.invalidArgument, "there is no device \(position): \(choices)")
            }
            return devices[position - 1]
        }
        let matching = devices.enumerated().filter { $0.element.kind.lowercased() == word.lowercased() }
        guard matching.count <= 1 else {
            throw VirtualError(.invalidArgument, "\(matching.count) \(word) devices run: name one by its position (\(matching.map { "\($0.offset + 1)" }.joined(separator: ", ")))")
        }
        return matching.first?.element
    }

    /// `1 bean, 2 nightlight`.
    private var choices: String {
        devices.enumerated().map { "\($0.offset + 1) \($0.element.kind)" }.joined(separator: ", ")
    }

    private static func list(_ actions: [VirtualDeviceAction]) -> String {
        actions.isEmpty ? "it has no actions (it only answers its radio)" : "its actions: \(actions.map(\.usage).joined(separator: "; "))"
    }
}
