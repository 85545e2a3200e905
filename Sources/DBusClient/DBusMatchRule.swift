import DBus

/// A match rule: which signals the bus routes to us (D-Bus spec, "Match Rules"), also used to
/// hand each received signal to the streams that asked for it.
public struct DBusMatchRule: Sendable, Hashable, CustomStringConvertible {
    /// `type=`: the message type (signals by default).
    public var type: DBusMessage.MessageType?
    /// `sender=`: a unique or well-known bus name. Received messages carry unique names, so a
    /// well-known name is left to the bus (which resolves it) and checked here only when unique.
    public var sender: String?
    /// `interface=`.
    public var interface: String?
    /// `member=`.
    public var member: String?
    /// `path=`: exactly this object.
    public var path: DBusObjectPath?
    /// `path_namespace=`: this object and every object below it.
    public var pathNamespace: DBusObjectPath?
    /// `arg0=`: the first body argument, a string equal to this one.
    public var arg0: String?

    /// Creates a rule; every field left nil matches anything.
    public init(
        type: DBusMessage.MessageType? = .signal, sender: String? = nil, interface: String? = nil, member: String? = nil,
        path: DBusObjectPath? = nil, pathNamespace: DBusObjectPath? = nil, arg0: String? = nil
    ) {
        self.type = type
        self.sender = sender
        self.interface = interface
        self.member = member
        self.path = path
        self.pathNamespace = pathNamespace
        self.arg0 = arg0
    }

    /// The rule in the bus's notation, e.g. `type='signal',interface='org.freedesktop.DBus.Properties'`.
    public var description: String {
        var parts: [String] = []
        func add(_ key: String, _ value: String?) {
            // Inside quotes nothing is special but the quote, written as '\'' (D-Bus spec, "Match Rules").
            if let value { parts.append("\(key)='\(value.replacingOccurrences(of: "'", with: "'\\''"))'") }
        }
        add("type", type.map(Self.typeName))
        add("sender", sender)
        add("interface", interface)
        add("member", member)
        add("path", path?.rawValue)
        add("path_namespace", pathNamespace?.rawValue)
        add("arg0", arg0)
        return parts.joined(separator: ",")
    }

    /// Whether a received message matches this rule.
    public func matches(_ message: DBusMessage) -> Bool {
        if let type, message.type != type { return false }
        if let sender, sender.hasPrefix(":"), message.sender != sender { return false }
        if let interface, message.interface != interface { return false }
        if let member, message.member != member { return false }
        if let path, message.path != path { return false }
        if let pathNamespace, !(message.path?.isDescendant(of: pathNamespace) ?? false) { return false }
        if let arg0, message.body.first != .string(arg0) { return false }
        return true
    }

    private static func typeName(_ type: DBusMessage.MessageType) -> String {
        switch type {
        case .methodCall: "method_call"
        case .methodReturn: "method_return"
        case .error: "error"
        default: "signal"
        }
    }
}

extension String {
    fileprivate func replacingOccurrences(of target: String, with replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
