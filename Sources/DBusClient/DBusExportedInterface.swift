import DBus

/// A method of an exported interface: given the call, returns the reply's body or throws
/// ``DBusRemoteError`` (any other error is answered as `org.freedesktop.DBus.Error.Failed`).
public typealias DBusMethodHandler = @Sendable (DBusMessage) async throws -> [DBusValue]

/// A method that takes or returns Unix descriptors: given the call and the descriptors that came
/// with it (its `h` values index them; the handler owns them), returns the reply's body and the
/// descriptors to send with it (closed once sent).
public typealias DBusDescriptorMethodHandler = @Sendable (DBusMessage, [CInt]) async throws -> (body: [DBusValue], descriptors: [CInt])

/// One interface of an object we export: its methods and its properties.
public struct DBusExportedInterface: Sendable {
    /// The interface name, e.g. `org.bluez.GattService1`.
    public var name: String
    /// The methods, by member name.
    public var methods: [String: DBusMethodHandler]
    /// The methods that take or return descriptors, by member name.
    public var descriptorMethods: [String: DBusDescriptorMethodHandler]
    /// The current properties, read on each `Get`, `GetAll` and `GetManagedObjects`.
    public var properties: @Sendable () async -> [String: DBusValue]
    /// Sets a property (`Properties.Set`); nil when every property is read-only.
    public var setProperty: (@Sendable (String, DBusValue) async throws -> Void)?

    /// Creates an interface.
    public init(
        name: String, methods: [String: DBusMethodHandler] = [:], descriptorMethods: [String: DBusDescriptorMethodHandler] = [:],
        properties: @escaping @Sendable () async -> [String: DBusValue] = { [:] },
        setProperty: (@Sendable (String, DBusValue) async throws -> Void)? = nil
    ) {
        self.name = name
        self.methods = methods
        self.descriptorMethods = descriptorMethods
        self.properties = properties
        self.setProperty = setProperty
    }
}

extension DBusConnection {
    static let propertiesInterface = "org.freedesktop.DBus.Properties"
    static let objectManagerInterface = "org.freedesktop.DBus.ObjectManager"
    static let peerInterface = "org.freedesktop.DBus.Peer"

    /// Answers a method call addressed to us, unless the caller wants no reply.
    func answer(_ call: DBusMessage, descriptors: [CInt]) async {
        let reply: DBusMessage
        var sent: [CInt] = []
        defer { sent.forEach(DBusSocket.closeDescriptor) }
        do {
            let result = try await handle(call, descriptors: descriptors)
            sent = result.descriptors
            reply = .methodReturn(replyingTo: call, body: result.body)
        } catch let error as DBusRemoteError {
            reply = .error(replyingTo: call, name: error.name, message: error.message)
        } catch {
            reply = .error(replyingTo: call, name: "org.freedesktop.DBus.Error.Failed", message: "\(error)")
        }
        guard !call.flags.contains(.noReplyExpected) else { return }
        _ = try? send(reply, descriptors: sent)
    }

    private func handle(_ call: DBusMessage, descriptors: [CInt]) async throws -> (body: [DBusValue], descriptors: [CInt]) {
        var descriptors = descriptors
        // Descriptors a plain method does not take are closed.
        defer { descriptors.forEach(DBusSocket.closeDescriptor) }
        if let member = call.member, let path = call.path, let interfaces = exportedInterfaces(at: path) {
            let candidates = call.interface.map { name in interfaces.filter { $0.name == name } } ?? interfaces
            if let method = candidates.lazy.compactMap({ $0.descriptorMethods[member] }).first {
                let given = descriptors
                descriptors = []
                return try await method(call, given)
            }
        }
        return (try await handlePlain(call), [])
    }

    private func handlePlain(_ call: DBusMessage) async throws -> [DBusValue] {
        guard let path = call.path, let member = call.member else { throw DBusRemoteError.failed("a call without path or member") }
        if call.interface == Self.peerInterface {
            switch member {
            case "Ping": return []
            case "GetMachineId": throw DBusRemoteError(name: DBusRemoteError.unknownMethodName, message: "no machine id here")
            default: break
            }
        }
        guard let interfaces = exportedInterfaces(at: path) else {
            throw DBusRemoteError(name: DBusRemoteError.unknownObjectName, message: "no object at \(path)")
        }
        switch (call.interface, member) {
        case (Self.propertiesInterface, "Get"):
            guard case .string(let name)? = call.body.first, call.body.count == 2, case .string(let property) = call.body[1] else {
                throw DBusRemoteError.invalidArgs("Get takes (ss): an interface and a property name")
            }
            let properties = try await Self.interface(name, in: interfaces, at: path).properties()
            guard let value = properties[property] else {
                throw DBusRemoteError(name: DBusRemoteError.unknownPropertyName, message: "no property \(property) on \(name) at \(path)")
            }
            return [.variant(value)]
        case (Self.propertiesInterface, "GetAll"):
            guard case .string(let name)? = call.body.first, call.body.count == 1 else {
                throw DBusRemoteError.invalidArgs("GetAll takes (s): an interface name")
            }
            return [.properties(try await Self.interface(name, in: interfaces, at: path).properties())]
        case (Self.propertiesInterface, "Set"):
            guard call.body.count == 3, case .string(let name) = call.body[0], case .string(let property) = call.body[1],
                case .variant(let value) = call.body[2]
            else { throw DBusRemoteError.invalidArgs("Set takes (ssv): an interface, a property name and a value") }
            let interface = try Self.interface(name, in: interfaces, at: path)
            guard let setProperty = interface.setProperty else {
                throw DBusRemoteError(name: DBusRemoteError.propertyReadOnlyName, message: "the properties of \(name) are read-only")
            }
            try await setProperty(property, value)
            return []
        case (Self.objectManagerInterface, "GetManagedObjects"):
            var objects: [(DBusValue, DBusValue)] = []
            for (child, childInterfaces) in exportedObjects(below: path) {
                var byInterface: [(DBusValue, DBusValue)] = []
                for interface in childInterfaces {
                    byInterface.append((.string(interface.name), .properties(await interface.properties())))
                }
                objects.append((
                    .objectPath(child),
                    .dictionary(key: .string, value: .array(.dictEntry(key: .string, value: .variant)), byInterface)
                ))
            }
            return [.dictionary(key: .objectPath, value: .array(.dictEntry(key: .string, value: .array(.dictEntry(key: .string, value: .variant)))), objects)]
        default:
            let candidates = call.interface.map { name in interfaces.filter { $0.name == name } } ?? interfaces
            if let name = call.interface, candidates.isEmpty {
                throw DBusRemoteError(name: DBusRemoteError.unknownInterfaceName, message: "no interface \(name) at \(path)")
            }
            guard let method = candidates.lazy.compactMap({ $0.methods[member] }).first else {
                throw DBusRemoteError(name: DBusRemoteError.unknownMethodName, message: "no method \(member) on \(call.interface ?? "any interface") at \(path)")
            }
            return try await method(call)
        }
    }

    private static func interface(_ name: String, in interfaces: [DBusExportedInterface], at path: DBusObjectPath) throws -> DBusExportedInterface {
        guard let interface = interfaces.first(where: { $0.name == name }) else {
            throw DBusRemoteError(name: DBusRemoteError.unknownInterfaceName, message: "no interface \(name) at \(path)")
        }
        return interface
    }

    /// Emits `PropertiesChanged` for properties of an exported interface (D-Bus spec,
    /// "org.freedesktop.DBus.Properties").
    public func emitPropertiesChanged(path: DBusObjectPath, interface: String, changed: [String: DBusValue], invalidated: [String] = []) throws {
        try send(.signal(
            path: path, interface: Self.propertiesInterface, member: "PropertiesChanged",
            body: [.string(interface), .properties(changed), .strings(invalidated)]
        ))
    }
}
