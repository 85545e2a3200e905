import BLECore

/// A write the core has checked: its values wait for the application's validators, then
/// ``GATTServerCore/commit(_:)`` stores them all at once.
public struct GATTServerWrite: Sendable, Hashable {
    /// Where a written value goes.
    public enum Target: Sendable, Hashable {
        /// The stored value of a characteristic value or descriptor.
        case value
        /// The client's Client Characteristic Configuration (the CCCD handle).
        case clientConfiguration
        /// The client's Client Supported Features.
        case clientSupportedFeatures
    }

    /// One attribute's new value.
    public struct Entry: Sendable, Hashable {
        /// The attribute handle.
        public var handle: UInt16
        /// The attribute type.
        public var uuid: BluetoothUUID
        /// The whole new value.
        public var value: [UInt8]
        /// The value before the write.
        public var oldValue: [UInt8]
        /// Where the value goes; only ``Target/value`` entries run application validators.
        public var target: Target
    }

    /// The client writing.
    public var client: GATTClientID
    /// How the values arrived.
    public var method: GATTWriteContext.Method
    /// The values, in the order they are validated and stored.
    public var entries: [Entry]

    /// The opcode an Error Response names.
    public var requestOpcode: ATTOpcode {
        switch method {
        case .writeRequest: .writeRequest
        case .writeCommand: .writeCommand
        case .executeWrite: .executeWriteRequest
        }
    }

    /// The answer when every value was stored (nil for a Write Command).
    public var successResponse: ATTMessage? {
        switch method {
        case .writeRequest: .writeResponse(ATTWriteResponse())
        case .writeCommand: nil
        case .executeWrite: .executeWriteResponse(ATTExecuteWriteResponse())
        }
    }

    /// The answer when the value for `handle` was refused with `code` (nil for a Write Command:
    /// its errors are never reported, Part F 3.4.5.3).
    public func refusal(_ handle: UInt16, _ code: ATTErrorCode) -> ATTMessage? {
        method == .writeCommand ? nil : GATTServerCore.error(requestOpcode, handle, code)
    }
}

extension GATTServerCore {
    /// Write Request and Write Command (Core 5.4, Vol 3, Part F, 3.4.5.1–3.4.5.3).
    ///
    /// Invalid Handle, then the write permission, then the length (longer than the attribute's
    /// maximum or not its fixed length: Invalid Attribute Value Length), then server-managed
    /// values (CCCD, Client Supported Features). A Write Command's errors are dropped.
    func write(handle: UInt16, value: [UInt8], method: GATTWriteContext.Method, client: GATTClientID) -> Step {
        let opcode: ATTOpcode = method == .writeCommand ? .writeCommand : .writeRequest
        func refuse(_ code: ATTErrorCode) -> Step {
            .response(method == .writeCommand ? nil : Self.error(opcode, handle, code))
        }
        guard let attribute = database.attribute(at: handle) else { return refuse(.invalidHandle) }
        if let error = writeError(attribute, client: client) { return refuse(error) }
        switch entry(for: attribute, value: value, client: client) {
        case .failure(let error): return refuse(error.code)
        case .success(let entry):
            return .write(GATTServerWrite(client: client, method: method, entries: [entry]))
        }
    }

    /// Prepare Write Request (Part F, 3.4.6.1–3.4.6.2).
    ///
    /// Checks the handle and the write permission now, queues the part for this client (Prepare
    /// Queue Full beyond ``Configuration/prepareQueueLimit``) and echoes it. Offsets and lengths
    /// are checked when the queue is executed.
    mutating func prepareWrite(_ request: ATTPrepareWriteRequest, client: GATTClientID) -> Step {
        let opcode = ATTPrepareWriteRequest.opcode
        let handle = request.attributeHandle
        guard let attribute = database.attribute(at: handle) else {
            return .response(Self.error(opcode, handle, .invalidHandle))
        }
        if let error = writeError(attribute, client: client) {
            return .response(Self.error(opcode, handle, error))
        }
        guard state(of: client).prepareQueue.count < configuration.prepareQueueLimit else {
            return .response(Self.error(opcode, handle, .prepareQueueFull))
        }
        clients[client]?.prepareQueue.append(request)
        return .response(.prepareWriteResponse(ATTPrepareWriteResponse(
            attributeHandle: handle,
            valueOffset: request.valueOffset,
            partAttributeValue: request.partAttributeValue
        )))
    }

    /// Execute Write Request (Part F, 3.4.6.3–3.4.6.4).
    ///
    /// Flags 0x00 discards the client's queue. Flags 0x01 puts each attribute's parts together in
    /// the order they were prepared (each part replaces the value from its offset on; an offset
    /// past the value so far answers Invalid Offset), checks every whole value as a Write Request
    /// would (Invalid Attribute Value Length, CCCD and Client Supported Features rules), and hands
    /// them all to the validators at once: the values are stored only if every one is accepted.
    /// The queue is emptied either way. Reserved flags answer Invalid PDU.
    mutating func executeWrite(_ request: ATTExecuteWriteRequest, client: GATTClientID) -> Step {
        let opcode = ATTExecuteWriteRequest.opcode
        switch request.flags {
        case .cancelAllPreparedWrites:
            clients[client]?.prepareQueue = []
            return .response(.executeWriteResponse(ATTExecuteWriteResponse()))
        case .immediatelyWriteAllPendingPreparedValues:
            break
        default:
            return .response(Self.error(opcode, 0, .invalidPDU))
        }
        let queue = state(of: client).prepareQueue
        clients[client]?.prepareQueue = []
        var order: [UInt16] = []
        var composed: [UInt16: [UInt8]] = [:]
        for part in queue {
            let handle = part.attributeHandle
            guard let attribute = database.attribute(at: handle) else {
                return .response(Self.error(opcode, handle, .invalidHandle))
            }
            var value = composed[handle] ?? currentValueForComposing(attribute, client: client)
            if composed[handle] == nil { order.append(handle) }
            let offset = Int(part.valueOffset)
            guard offset <= value.count else {
                return .response(Self.error(opcode, handle, .invalidOffset))
            }
            value = Array(value.prefix(offset)) + part.partAttributeValue
            guard value.count <= GATTAttributeDatabase.maximumValueLength else {
                return .response(Self.error(opcode, handle, .invalidAttributeValueLength))
            }
            composed[handle] = value
        }
        guard !order.isEmpty else { return .response(.executeWriteResponse(ATTExecuteWriteResponse())) }
        var entries: [GATTServerWrite.Entry] = []
        for handle in order {
            guard let attribute = database.attribute(at: handle) else {
                return .response(Self.error(opcode, handle, .invalidHandle))
            }
            switch entry(for: attribute, value: composed[handle]!, client: client) {
            case .failure(let error): return .response(Self.error(opcode, handle, error.code))
            case .success(let entry): entries.append(entry)
            }
        }
        return .write(GATTServerWrite(client: client, method: .executeWrite, entries: entries))
    }

    // MARK: Checks

    private func writeError(_ attribute: GATTAttribute, client: GATTClientID) -> ATTErrorCode? {
        attribute.permissions.writeError(for: state(of: client).security, minimumKeySize: configuration.minimumEncryptionKeySize)
    }

    private func currentValueForComposing(_ attribute: GATTAttribute, client: GATTClientID) -> [UInt8] {
        switch attribute.role {
        case .clientConfiguration:
            let raw = state(of: client).clientConfigurations[attribute.handle]?.rawValue ?? 0
            return [UInt8(raw & 0xFF), UInt8(raw >> 8)]
        case .characteristicValue where attribute.type == GATTAttributeType.clientSupportedFeatures:
            return [state(of: client).supportedFeatures.rawValue]
        default:
            return storedValue(at: attribute.handle) ?? attribute.value
        }
    }

    /// Checks a whole new value for `attribute` and says where it goes.
    private func entry(
        for attribute: GATTAttribute,
        value: [UInt8],
        client: GATTClientID
    ) -> Result<GATTServerWrite.Entry, WriteRefusal> {
        if value.count > attribute.maximumLength {
            return .failure(WriteRefusal(code: .invalidAttributeValueLength))
        }
        if let fixed = attribute.fixedLength, value.count != fixed {
            return .failure(WriteRefusal(code: .invalidAttributeValueLength))
        }
        let oldValue = currentValueForComposing(attribute, client: client)
        var entry = GATTServerWrite.Entry(handle: attribute.handle, uuid: attribute.type, value: value, oldValue: oldValue, target: .value)
        switch attribute.role {
        case .clientConfiguration(let valueHandle):
            // Part G 3.3.3.3: bits 2–15 are reserved (ignored); a bit for a property the
            // characteristic does not have is a value the server does not allow.
            let requested = GATTClientConfiguration(rawValue: UInt16(value[0]) | UInt16(value[1]) << 8)
                .intersection([.notifications, .indications])
            let allowed = database.attribute(at: valueHandle)?.characteristic?.allowedClientConfiguration ?? []
            guard allowed.isSuperset(of: requested) else { return .failure(WriteRefusal(code: .valueNotAllowed)) }
            entry.value = [UInt8(requested.rawValue & 0xFF), UInt8(requested.rawValue >> 8)]
            entry.target = .clientConfiguration
        case .characteristicValue where attribute.type == GATTAttributeType.clientSupportedFeatures:
            // Part G 7.2: a client shall not clear a bit it has set; the server answers Value Not
            // Allowed. Bits this server does not know are not kept.
            let old = state(of: client).supportedFeatures
            let requested = GATTClientSupportedFeatures(rawValue: value.first ?? 0)
            guard requested.isSuperset(of: old) else { return .failure(WriteRefusal(code: .valueNotAllowed)) }
            entry.target = .clientSupportedFeatures
        default:
            break
        }
        return .success(entry)
    }
}

/// An ATT error carried as a `Result` failure.
struct WriteRefusal: Error {
    let code: ATTErrorCode
}
