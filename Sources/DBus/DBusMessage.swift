/// One D-Bus message: the fixed header, the header fields and the body (D-Bus spec, "Message Format").
///
/// The body's signature is the types of ``body``; encoding writes it as the `SIGNATURE` header field.
public struct DBusMessage: Sendable, Hashable {
    /// The message type, byte 1 of the header; an open set: unknown types survive decoding.
    public struct MessageType: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
        /// The type byte.
        public let rawValue: UInt8
        /// Wraps a type byte.
        public init(rawValue: UInt8) { self.rawValue = rawValue }

        /// `METHOD_CALL` (1): requires `PATH` and `MEMBER`.
        public static let methodCall = MessageType(rawValue: 1)
        /// `METHOD_RETURN` (2): requires `REPLY_SERIAL`.
        public static let methodReturn = MessageType(rawValue: 2)
        /// `ERROR` (3): requires `ERROR_NAME` and `REPLY_SERIAL`.
        public static let error = MessageType(rawValue: 3)
        /// `SIGNAL` (4): requires `PATH`, `INTERFACE` and `MEMBER`.
        public static let signal = MessageType(rawValue: 4)

        /// The spec's name, e.g. `method call`.
        public var description: String {
            switch self {
            case .methodCall: "method call"
            case .methodReturn: "method return"
            case .error: "error"
            case .signal: "signal"
            default: "message type \(rawValue)"
            }
        }
    }

    /// The header's flags, byte 2 (D-Bus spec, "Message Format").
    public struct Flags: OptionSet, Sendable, Hashable {
        /// The flag bits.
        public let rawValue: UInt8
        /// Wraps flag bits.
        public init(rawValue: UInt8) { self.rawValue = rawValue }

        /// `NO_REPLY_EXPECTED` (0x1): the caller wants no method return or error.
        public static let noReplyExpected = Flags(rawValue: 0x1)
        /// `NO_AUTO_START` (0x2): the bus must not start an owner for the destination.
        public static let noAutoStart = Flags(rawValue: 0x2)
        /// `ALLOW_INTERACTIVE_AUTHORIZATION` (0x4): the callee may prompt the user.
        public static let allowInteractiveAuthorization = Flags(rawValue: 0x4)
    }

    /// The header field codes (D-Bus spec, "Header Fields").
    enum FieldCode: UInt8 {
        case path = 1, interface, member, errorName, replySerial, destination, sender, signature, unixFDs
    }

    /// The major protocol version this codec speaks (header byte 3).
    public static let protocolVersion: UInt8 = 1

    /// The byte order the message is (or was) marshalled in.
    public var byteOrder: DBusByteOrder
    /// The message type.
    public var type: MessageType
    /// The header flags.
    public var flags: Flags
    /// The serial, chosen by the sender, never 0.
    public var serial: UInt32
    /// `PATH`: the object a call goes to or a signal comes from.
    public var path: DBusObjectPath?
    /// `INTERFACE`: the interface of the method or signal.
    public var interface: String?
    /// `MEMBER`: the method or signal name.
    public var member: String?
    /// `ERROR_NAME`: the name of an error, e.g. `org.freedesktop.DBus.Error.UnknownMethod`.
    public var errorName: String?
    /// `REPLY_SERIAL`: the serial of the call this message answers.
    public var replySerial: UInt32?
    /// `DESTINATION`: the bus name the message is for.
    public var destination: String?
    /// `SENDER`: the unique name of the sender, filled in by the bus.
    public var sender: String?
    /// `UNIX_FDS`: how many descriptors travel with the message.
    public var unixFDs: UInt32?
    /// The body's values.
    public var body: [DBusValue]

    /// Creates a message from every field; ``encode()`` validates it.
    public init(
        type: MessageType, flags: Flags = [], serial: UInt32 = 1, path: DBusObjectPath? = nil, interface: String? = nil,
        member: String? = nil, errorName: String? = nil, replySerial: UInt32? = nil, destination: String? = nil,
        sender: String? = nil, unixFDs: UInt32? = nil, body: [DBusValue] = [], byteOrder: DBusByteOrder = .host
    ) {
        self.byteOrder = byteOrder
        self.type = type
        self.flags = flags
        self.serial = serial
        self.path = path
        self.interface = interface
        self.member = member
        self.errorName = errorName
        self.replySerial = replySerial
        self.destination = destination
        self.sender = sender
        self.unixFDs = unixFDs
        self.body = body
    }

    /// A method call of `interface.member` on `path` at `destination`.
    public static func methodCall(
        destination: String?, path: DBusObjectPath, interface: String?, member: String, body: [DBusValue] = [], flags: Flags = []
    ) -> DBusMessage {
        DBusMessage(type: .methodCall, flags: flags, path: path, interface: interface, member: member, destination: destination, body: body)
    }

    /// A signal `interface.member` from `path`, to every matching listener (or to `destination`).
    public static func signal(path: DBusObjectPath, interface: String, member: String, body: [DBusValue] = [], destination: String? = nil) -> DBusMessage {
        DBusMessage(type: .signal, flags: .noReplyExpected, path: path, interface: interface, member: member, destination: destination, body: body)
    }

    /// The method return answering `call`.
    public static func methodReturn(replyingTo call: DBusMessage, body: [DBusValue] = []) -> DBusMessage {
        DBusMessage(type: .methodReturn, flags: .noReplyExpected, replySerial: call.serial, destination: call.sender, body: body)
    }

    /// The error `name` answering `call`, with a message for a person as its one string argument.
    public static func error(replyingTo call: DBusMessage, name: String, message: String) -> DBusMessage {
        DBusMessage(
            type: .error, flags: .noReplyExpected, errorName: name, replySerial: call.serial, destination: call.sender,
            body: [.string(message)]
        )
    }

    /// The signature of the body.
    public var signature: DBusSignature {
        get throws { try DBusSignature(body.map(\.type)) }
    }

    /// The first string of an error's body: its message for a person, if it has one.
    public var errorMessage: String? {
        if case .string(let text)? = body.first { return text }
        return nil
    }
}

extension DBusMessage {
    /// Encodes the message; throws when it breaks a rule: serial 0, a required header field
    /// missing for its type, an invalid name, a body over the limits.
    public func encode() throws -> [UInt8] {
        try validate()
        let signature = try self.signature
        var fields: [DBusValue] = []
        func field(_ code: FieldCode, _ value: DBusValue) { fields.append(.struct([.byte(code.rawValue), .variant(value)])) }
        if let path { field(.path, .objectPath(path)) }
        if let interface { field(.interface, .string(interface)) }
        if let member { field(.member, .string(member)) }
        if let errorName { field(.errorName, .string(errorName)) }
        if let replySerial { field(.replySerial, .uint32(replySerial)) }
        if let destination { field(.destination, .string(destination)) }
        if let sender { field(.sender, .string(sender)) }
        if !signature.isEmpty { field(.signature, .signature(signature)) }
        if let unixFDs { field(.unixFDs, .uint32(unixFDs)) }

        var writer = DBusWriter(byteOrder: byteOrder)
        writer.bytes.append(byteOrder.rawValue)
        writer.bytes.append(type.rawValue)
        writer.bytes.append(flags.rawValue)
        writer.bytes.append(Self.protocolVersion)
        writer.write(UInt32(0))  // body length, filled in below
        writer.write(serial)
        try writer.write(.array(element: Self.headerFieldType, fields), as: .array(Self.headerFieldType))
        writer.pad(to: 8)
        let bodyStart = writer.bytes.count
        for value in body { try writer.write(value, as: value.type) }
        let bodyLength = writer.bytes.count - bodyStart
        guard writer.bytes.count <= DBusLimits.maximumMessageLength else {
            throw DBusError(.limitExceeded, "message of \(writer.bytes.count) bytes: at most \(DBusLimits.maximumMessageLength) are allowed")
        }
        let ordered = byteOrder == .little ? UInt32(bodyLength).littleEndian : UInt32(bodyLength).bigEndian
        withUnsafeBytes(of: ordered) { raw in
            for offset in 0..<4 { writer.bytes[4 + offset] = raw[offset] }
        }
        return writer.bytes
    }

    /// The type of one header field: a struct of the field code and a variant.
    static var headerFieldType: DBusType { .struct([.byte, .variant]) }

    /// The number of bytes the first message in `bytes` takes, once its fixed header (16 bytes)
    /// is there; nil before. Throws when the header announces more than the limits allow.
    public static func messageLength(_ bytes: ArraySlice<UInt8>) throws -> Int? {
        guard bytes.count >= 16 else { return nil }
        let start = bytes.startIndex
        guard let byteOrder = DBusByteOrder(rawValue: bytes[start]) else {
            throw DBusError(.malformed, "byte order is 0x\(String(bytes[start], radix: 16)), not 'l' or 'B'")
        }
        func word(_ at: Int) -> Int {
            var value: UInt32 = 0
            for offset in 0..<4 {
                let byte = UInt32(bytes[start + at + offset])
                value |= byteOrder == .little ? byte << (8 * offset) : byte << (8 * (3 - offset))
            }
            return Int(value)
        }
        let bodyLength = word(4)
        let fieldsLength = word(12)
        guard fieldsLength <= DBusLimits.maximumArrayLength else {
            throw DBusError(.limitExceeded, "header fields of \(fieldsLength) bytes: at most \(DBusLimits.maximumArrayLength) are allowed")
        }
        let headerLength = (16 + fieldsLength + 7) & ~7
        let total = headerLength + bodyLength
        guard total <= DBusLimits.maximumMessageLength else {
            throw DBusError(.limitExceeded, "message of \(total) bytes: at most \(DBusLimits.maximumMessageLength) are allowed")
        }
        return total
    }

    /// Decodes the first message of a byte stream and removes its bytes; nil (consuming nothing)
    /// when the message is not complete yet; throws on a malformed message.
    public static func decode(from buffer: inout ArraySlice<UInt8>) throws -> DBusMessage? {
        guard let length = try messageLength(buffer), buffer.count >= length else { return nil }
        let message = try DBusMessage(decoding: Array(buffer.prefix(length)))
        buffer.removeFirst(length)
        return message
    }

    /// Decodes exactly one whole message.
    public init(decoding bytes: [UInt8]) throws {
        guard let length = try Self.messageLength(bytes[...]) else {
            throw DBusError(.malformed, "a message of \(bytes.count) bytes is shorter than the 16-byte fixed header")
        }
        guard length == bytes.count else {
            throw DBusError(.malformed, "the header announces \(length) bytes, but the message has \(bytes.count)")
        }
        let byteOrder = DBusByteOrder(rawValue: bytes[0]) ?? .little
        guard bytes[3] == Self.protocolVersion else {
            throw DBusError(.malformed, "protocol version \(bytes[3]); only version \(Self.protocolVersion) is spoken")
        }
        var reader = DBusReader(bytes: bytes, from: 4, to: bytes.count, byteOrder: byteOrder)
        let bodyLength = Int(try reader.read(UInt32.self))
        let serial = try reader.read(UInt32.self)
        let fields = try reader.read(.array(Self.headerFieldType))
        try reader.align(8)
        guard reader.index == bytes.count - bodyLength else {
            throw DBusError(.malformed, "the header fields end at byte \(reader.index), not where the body starts")
        }
        self.init(type: MessageType(rawValue: bytes[1]), flags: Flags(rawValue: bytes[2]), serial: serial, byteOrder: byteOrder)
        var signature = DBusSignature.empty
        for case .struct(let pair) in fields.elements ?? [] {
            guard case .byte(let code) = pair[0], case .variant(let value) = pair[1] else { continue }
            try setField(code, value, signature: &signature)
        }
        var body: [DBusValue] = []
        for type in signature.types { body.append(try reader.read(type)) }
        guard reader.index == bytes.count else {
            throw DBusError(.malformed, "the body of signature '\(signature)' ends at byte \(reader.index) of \(bytes.count)")
        }
        self.body = body
        try validate()
    }

    private mutating func setField(_ code: UInt8, _ value: DBusValue, signature: inout DBusSignature) throws {
        guard let field = FieldCode(rawValue: code) else { return }  // unknown fields are ignored (spec)
        func wrongType(_ expected: DBusType) -> DBusError {
            DBusError(.malformed, "header field \(field) (\(code)) has type '\(value.type)', not '\(expected)'")
        }
        switch (field, value) {
        case (.path, .objectPath(let path)): self.path = path
        case (.interface, .string(let text)): interface = text
        case (.member, .string(let text)): member = text
        case (.errorName, .string(let text)): errorName = text
        case (.replySerial, .uint32(let number)): replySerial = number
        case (.destination, .string(let text)): destination = text
        case (.sender, .string(let text)): sender = text
        case (.signature, .signature(let value)): signature = value
        case (.unixFDs, .uint32(let number)): unixFDs = number
        case (.path, _): throw wrongType(.objectPath)
        case (.replySerial, _), (.unixFDs, _): throw wrongType(.uint32)
        case (.signature, _): throw wrongType(.signature)
        default: throw wrongType(.string)
        }
    }

    /// Checks the rules of the header (D-Bus spec, "Message Format", "Header Fields"): a serial
    /// other than 0, the fields each type requires, valid names, descriptor indices in range.
    public func validate() throws {
        func missing(_ name: String) -> DBusError { DBusError(.malformed, "a \(type) without its \(name) header field") }
        guard serial != 0 else { throw DBusError(.malformed, "a \(type) with serial 0") }
        switch type {
        case .methodCall:
            guard path != nil else { throw missing("PATH") }
            guard member != nil else { throw missing("MEMBER") }
        case .signal:
            guard path != nil else { throw missing("PATH") }
            guard interface != nil else { throw missing("INTERFACE") }
            guard member != nil else { throw missing("MEMBER") }
        case .methodReturn:
            guard replySerial != nil else { throw missing("REPLY_SERIAL") }
        case .error:
            guard errorName != nil else { throw missing("ERROR_NAME") }
            guard replySerial != nil else { throw missing("REPLY_SERIAL") }
        default:
            break
        }
        if let interface { try DBusNames.validateInterface(interface) }
        if let member { try DBusNames.validateMember(member) }
        if let errorName { try DBusNames.validateErrorName(errorName) }
        if let destination { try DBusNames.validateBusName(destination) }
        if let sender { try DBusNames.validateBusName(sender) }
        if type == .signal, path?.rawValue == "/org/freedesktop/DBus/Local" || interface == "org.freedesktop.DBus.Local" {
            throw DBusError(.malformed, "signals on org.freedesktop.DBus.Local are reserved for the library")
        }
        let descriptors = unixFDs ?? 0
        for value in body {
            if let index = Self.largestDescriptorIndex(value), index >= descriptors {
                throw DBusError(.malformed, "unix fd index \(index) with \(descriptors) descriptors in the message")
            }
        }
    }

    private static func largestDescriptorIndex(_ value: DBusValue) -> UInt32? {
        switch value {
        case .unixFD(let index): index
        case .variant(let inner): largestDescriptorIndex(inner)
        case .array(_, let items), .struct(let items): items.compactMap(largestDescriptorIndex).max()
        case .dictEntry(let key, let item): [key, item].compactMap(largestDescriptorIndex).max()
        default: nil
        }
    }
}
