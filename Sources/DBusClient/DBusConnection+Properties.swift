import DBus

/// A `PropertiesChanged` signal, read (D-Bus spec, "org.freedesktop.DBus.Properties").
public struct DBusPropertiesChanged: Sendable, Hashable {
    /// The object whose properties changed.
    public var path: DBusObjectPath
    /// The interface of the properties.
    public var interface: String
    /// The new values, variants unwrapped.
    public var changed: [String: DBusValue]
    /// Properties that changed without their value being sent.
    public var invalidated: [String]

    /// Reads a `PropertiesChanged` signal; nil for any other message or a body not `sa{sv}as`.
    public init?(_ message: DBusMessage) {
        guard message.type == .signal, message.interface == DBusConnection.propertiesInterface, message.member == "PropertiesChanged",
            let path = message.path, message.body.count == 3, let interface = message.body[0].string,
            let changed = message.body[1].stringDictionary, let invalidated = message.body[2].stringArray
        else { return nil }
        self.path = path
        self.interface = interface
        self.changed = changed
        self.invalidated = invalidated
    }
}

/// An `InterfacesAdded` or `InterfacesRemoved` signal, read (D-Bus spec, "org.freedesktop.DBus.ObjectManager").
public enum DBusObjectManagerChange: Sendable, Hashable {
    /// Interfaces, with their properties, appeared on an object.
    case added(DBusObjectPath, [String: [String: DBusValue]])
    /// Interfaces disappeared from an object.
    case removed(DBusObjectPath, [String])

    /// Reads the signal; nil for any other message or a malformed body.
    public init?(_ message: DBusMessage) {
        guard message.type == .signal, message.interface == DBusConnection.objectManagerInterface, message.body.count == 2,
            let path = message.body[0].objectPath
        else { return nil }
        switch message.member {
        case "InterfacesAdded":
            guard let interfaces = DBusConnection.interfacesAndProperties(message.body[1]) else { return nil }
            self = .added(path, interfaces)
        case "InterfacesRemoved":
            guard let names = message.body[1].stringArray else { return nil }
            self = .removed(path, names)
        default:
            return nil
        }
    }
}

extension DBusConnection {
    /// `Properties.Get`: one property of an object (the variant unwrapped).
    public func property(_ name: String, of interface: String, at path: DBusObjectPath, on destination: String) async throws -> DBusValue {
        let reply = try await call(.methodCall(
            destination: destination, path: path, interface: Self.propertiesInterface, member: "Get",
            body: [.string(interface), .string(name)]
        ))
        guard let value = reply.body.first, case .variant = value else {
            throw DBusError(.protocolViolation, "\(destination) answered Properties.Get of \(interface).\(name) without a variant")
        }
        return value.unwrapped
    }

    /// `Properties.GetAll`: every property of one interface of an object (variants unwrapped).
    public func properties(of interface: String, at path: DBusObjectPath, on destination: String) async throws -> [String: DBusValue] {
        let reply = try await call(.methodCall(
            destination: destination, path: path, interface: Self.propertiesInterface, member: "GetAll", body: [.string(interface)]
        ))
        guard let properties = reply.body.first?.stringDictionary else {
            throw DBusError(.protocolViolation, "\(destination) answered Properties.GetAll of \(interface) without an a{sv}")
        }
        return properties
    }

    /// `Properties.Set`: sets one property of an object.
    public func setProperty(_ name: String, of interface: String, at path: DBusObjectPath, on destination: String, to value: DBusValue) async throws {
        _ = try await call(.methodCall(
            destination: destination, path: path, interface: Self.propertiesInterface, member: "Set",
            body: [.string(interface), .string(name), .variant(value)]
        ))
    }

    /// `ObjectManager.GetManagedObjects`: every object below `path` with its interfaces and properties.
    public func managedObjects(at path: DBusObjectPath, on destination: String) async throws -> [DBusObjectPath: [String: [String: DBusValue]]] {
        let reply = try await call(.methodCall(
            destination: destination, path: path, interface: Self.objectManagerInterface, member: "GetManagedObjects"
        ))
        guard let entries = reply.body.first?.dictionaryEntries else {
            throw DBusError(.protocolViolation, "\(destination) answered GetManagedObjects without an a{oa{sa{sv}}}")
        }
        var objects: [DBusObjectPath: [String: [String: DBusValue]]] = [:]
        for entry in entries {
            guard let object = entry.key.objectPath, let interfaces = Self.interfacesAndProperties(entry.value) else {
                throw DBusError(.protocolViolation, "\(destination) answered GetManagedObjects with a malformed entry")
            }
            objects[object] = interfaces
        }
        return objects
    }

    /// The `PropertiesChanged` signals of `sender` (optionally one object and what lies below it).
    public func propertiesChanges(from sender: String?, below path: DBusObjectPath? = nil) async throws -> AsyncCompactMapSequence<AsyncStream<DBusMessage>, DBusPropertiesChanged> {
        try await signals(matching: DBusMatchRule(sender: sender, interface: Self.propertiesInterface, member: "PropertiesChanged", pathNamespace: path))
            .compactMap(DBusPropertiesChanged.init)
    }

    /// The `InterfacesAdded` and `InterfacesRemoved` signals of `sender`.
    public func objectManagerChanges(from sender: String?) async throws -> AsyncCompactMapSequence<AsyncStream<DBusMessage>, DBusObjectManagerChange> {
        try await signals(matching: DBusMatchRule(sender: sender, interface: Self.objectManagerInterface)).compactMap(DBusObjectManagerChange.init)
    }

    /// An `a{sa{sv}}` value as interfaces and their properties.
    static func interfacesAndProperties(_ value: DBusValue) -> [String: [String: DBusValue]]? {
        guard let entries = value.dictionaryEntries else { return nil }
        var result: [String: [String: DBusValue]] = [:]
        for entry in entries {
            guard let name = entry.key.string, let properties = entry.value.stringDictionary else { return nil }
            result[name] = properties
        }
        return result
    }
}
