import BLECore

/// Reads attribute values for one request: stored, per-client, computed, or from read handlers.
struct ValueReader {
    enum Lookup {
        case value([UInt8])
        case failure(ATTErrorCode)
        case needed(GATTReadContext)
    }

    let core: GATTServerCore
    let client: GATTClientID
    let readValues: [UInt16: Result<[UInt8], GATTError>]
    /// Set when the Database Hash value was read.
    var readDatabaseHash = false

    init(core: GATTServerCore, client: GATTClientID, readValues: [UInt16: Result<[UInt8], GATTError>]) {
        self.core = core
        self.client = client
        self.readValues = readValues
    }

    var state: GATTServerClientState { core.state(of: client) }

    /// The permission error for reading `attribute`, if any.
    func readError(_ attribute: GATTAttribute) -> ATTErrorCode? {
        attribute.permissions.readError(for: state.security, minimumKeySize: core.configuration.minimumEncryptionKeySize)
    }

    /// The current value of `attribute` as this client sees it.
    mutating func value(of attribute: GATTAttribute, offset: Int = 0) -> Lookup {
        switch attribute.role {
        case .clientConfiguration:
            let raw = state.clientConfigurations[attribute.handle]?.rawValue ?? 0
            return .value([UInt8(raw & 0xFF), UInt8(raw >> 8)])
        case .characteristicValue where attribute.type == GATTAttributeType.clientSupportedFeatures:
            return .value([state.supportedFeatures.rawValue])
        case .characteristicValue where attribute.type == GATTAttributeType.databaseHash:
            readDatabaseHash = true
            return .value(core.databaseHash)
        default:
            break
        }
        if attribute.characteristic?.onRead != nil || attribute.descriptor?.onRead != nil {
            switch readValues[attribute.handle] {
            case .success(let value)?:
                return .value(Array(value.prefix(GATTAttributeDatabase.maximumValueLength)))
            case .failure(let error)?:
                return .failure(error.answerCode)
            case nil:
                return .needed(GATTReadContext(client: client, handle: attribute.handle, uuid: attribute.type, offset: offset))
            }
        }
        return .value(core.storedValue(at: attribute.handle) ?? attribute.value)
    }
}

extension GATTServerCore {
    /// Find Information Request (Core 5.4, Vol 3, Part F, 3.4.3.1–3.4.3.2).
    ///
    /// Handle–type pairs of one format (the first attribute's: 16-bit or 128-bit types), as many
    /// as fit in ATT_MTU − 2 octets. No permission applies: types are always discoverable.
    func findInformation(_ request: ATTFindInformationRequest, mtu: Int) -> Step {
        let opcode = ATTFindInformationRequest.opcode
        guard let range = Self.validRange(request.startingHandle, request.endingHandle) else {
            return .response(Self.error(opcode, request.startingHandle, .invalidHandle))
        }
        let found = database.attributes(in: range)
        guard let first = found.first else {
            return .response(Self.error(opcode, request.startingHandle, .attributeNotFound))
        }
        let is16Bit = first.type.uuid16 != nil
        let capacity = (mtu - 2) / (is16Bit ? 4 : 18)
        var information: [ATTFindInformationResponse.Entry] = []
        for attribute in found {
            guard (attribute.type.uuid16 != nil) == is16Bit, information.count < capacity else { break }
            information.append(.init(handle: attribute.handle, uuid: attribute.type))
        }
        return .response(.findInformationResponse(ATTFindInformationResponse(information: information)))
    }

    /// Find By Type Value Request (Part F, 3.4.3.3–3.4.3.4).
    ///
    /// The attributes of the 16-bit type whose value equals the request's, each with the end of
    /// its group (its own handle when it is not a grouping attribute), as many as fit in
    /// ATT_MTU − 1 octets. Attributes this client may not read, and values computed by read
    /// handlers, are not compared.
    func findByTypeValue(_ request: ATTFindByTypeValueRequest, mtu: Int, reader: inout ValueReader) -> Step {
        let opcode = ATTFindByTypeValueRequest.opcode
        guard let range = Self.validRange(request.startingHandle, request.endingHandle) else {
            return .response(Self.error(opcode, request.startingHandle, .invalidHandle))
        }
        let type = BluetoothUUID(request.attributeType)
        let capacity = (mtu - 1) / 4
        var list: [ATTFindByTypeValueResponse.HandlesInformation] = []
        for attribute in database.attributes(in: range) where attribute.type == type {
            guard list.count < capacity else { break }
            guard reader.readError(attribute) == nil,
                attribute.characteristic?.onRead == nil, attribute.descriptor?.onRead == nil,
                case .value(let value) = reader.value(of: attribute), value == request.attributeValue
            else { continue }
            list.append(.init(foundAttributeHandle: attribute.handle, groupEndHandle: attribute.endGroupHandle ?? attribute.handle))
        }
        guard !list.isEmpty else {
            return .response(Self.error(opcode, request.startingHandle, .attributeNotFound))
        }
        return .response(.findByTypeValueResponse(ATTFindByTypeValueResponse(handlesInformationList: list)))
    }

    /// Read By Type Request (Part F, 3.4.4.1–3.4.4.2).
    ///
    /// Handle–value pairs of the attributes of the type, all with values of the first one's length
    /// (each value cut to min(ATT_MTU − 4, 253) octets), as many as fit in ATT_MTU − 2 octets. If
    /// the first attribute cannot be read the answer is that error; a later one that cannot be read
    /// ends the list before it.
    func readByType(_ request: ATTReadByTypeRequest, mtu: Int, reader: inout ValueReader) -> Step {
        let opcode = ATTReadByTypeRequest.opcode
        guard let range = Self.validRange(request.startingHandle, request.endingHandle) else {
            return .response(Self.error(opcode, request.startingHandle, .invalidHandle))
        }
        let maximumValue = min(mtu - 4, 253)
        var list: [ATTReadByTypeResponse.AttributeData] = []
        var length: Int?
        for attribute in database.attributes(in: range) where attribute.type == request.attributeType {
            if let error = reader.readError(attribute) {
                if list.isEmpty { return .response(Self.error(opcode, attribute.handle, error)) }
                break
            }
            let value: [UInt8]
            switch reader.value(of: attribute) {
            case .needed(let context): return .readValues([context])
            case .failure(let error):
                if list.isEmpty { return .response(Self.error(opcode, attribute.handle, error)) }
                return .response(.readByTypeResponse(ATTReadByTypeResponse(attributeDataList: list)))
            case .value(let full): value = Array(full.prefix(maximumValue))
            }
            if let length, value.count != length { break }
            length = value.count
            guard 2 + (list.count + 1) * (2 + value.count) <= mtu else { break }
            list.append(.init(attributeHandle: attribute.handle, attributeValue: value))
        }
        guard !list.isEmpty else {
            return .response(Self.error(opcode, request.startingHandle, .attributeNotFound))
        }
        return .response(.readByTypeResponse(ATTReadByTypeResponse(attributeDataList: list)))
    }

    /// Read Request (Part F, 3.4.4.3–3.4.4.4): the value's first ATT_MTU − 1 octets.
    func read(_ request: ATTReadRequest, mtu: Int, reader: inout ValueReader) -> Step {
        let opcode = ATTReadRequest.opcode
        let handle = request.attributeHandle
        switch readable(handle, opcode: opcode, reader: &reader) {
        case .failure(let box): return box.step
        case .success(let value):
            return .response(.readResponse(ATTReadResponse(attributeValue: Array(value.prefix(mtu - 1)))))
        }
    }

    /// Read Blob Request (Part F, 3.4.4.5–3.4.4.6): up to ATT_MTU − 1 octets from Value Offset.
    ///
    /// An offset equal to the length answers an empty part; a larger one Invalid Offset. A value of
    /// fixed length no longer than ATT_MTU − 3 answers Attribute Not Long (the spec's "can"); every
    /// variable-length value may be read with Read Blob whatever its length, as GATT's Read Long
    /// procedures do (Part G, 4.8.3, 4.12.2).
    func readBlob(_ request: ATTReadBlobRequest, mtu: Int, reader: inout ValueReader) -> Step {
        let opcode = ATTReadBlobRequest.opcode
        let handle = request.attributeHandle
        let offset = Int(request.valueOffset)
        if let attribute = database.attribute(at: handle), reader.readError(attribute) == nil,
            let fixed = attribute.fixedLength, fixed <= mtu - 3
        {
            return .response(Self.error(opcode, handle, .attributeNotLong))
        }
        switch readable(handle, opcode: opcode, offset: offset, reader: &reader) {
        case .failure(let box): return box.step
        case .success(let value):
            guard offset <= value.count else { return .response(Self.error(opcode, handle, .invalidOffset)) }
            let part = value[offset..<min(value.count, offset + mtu - 1)]
            return .response(.readBlobResponse(ATTReadBlobResponse(partAttributeValue: Array(part))))
        }
    }

    /// Read Multiple Request (Part F, 3.4.4.7–3.4.4.8): the values one after another, cut at
    /// ATT_MTU − 1 octets; the first handle that cannot be read answers its error.
    func readMultiple(_ request: ATTReadMultipleRequest, mtu: Int, reader: inout ValueReader) -> Step {
        var values: [UInt8] = []
        for handle in request.setOfHandles {
            switch readable(handle, opcode: ATTReadMultipleRequest.opcode, reader: &reader) {
            case .failure(let box): return box.step
            case .success(let value): values += value
            }
        }
        return .response(.readMultipleResponse(ATTReadMultipleResponse(setOfValues: Array(values.prefix(mtu - 1)))))
    }

    /// Read Multiple Variable Request (Part F, 3.4.4.11–3.4.4.12): a length–value tuple per
    /// handle, the list cut at ATT_MTU − 1 octets (the last value may be partial; its Value Length
    /// stays the whole length; a tuple whose Value Length does not fit is left out).
    func readMultipleVariable(_ request: ATTReadMultipleVariableRequest, mtu: Int, reader: inout ValueReader) -> Step {
        var values: [[UInt8]] = []
        for handle in request.setOfHandles {
            switch readable(handle, opcode: ATTReadMultipleVariableRequest.opcode, reader: &reader) {
            case .failure(let box): return box.step
            case .success(let value): values.append(value)
            }
        }
        var room = mtu - 1
        var list: [ATTReadMultipleVariableResponse.LengthValueTuple] = []
        for value in values {
            guard room >= 2 else { break }
            room -= 2
            let part = Array(value.prefix(room))
            room -= part.count
            list.append(.init(valueLength: UInt16(value.count), attributeValue: part))
        }
        return .response(.readMultipleVariableResponse(ATTReadMultipleVariableResponse(lengthValueTupleList: list)))
    }

    /// Read By Group Type Request (Part F, 3.4.4.9–3.4.4.10; Part G, 2.5.3): only «Primary
    /// Service» and «Secondary Service» group; others answer Unsupported Group Type. Handle,
    /// end group handle and value of each service, all with values of the first one's length (cut
    /// to min(ATT_MTU − 6, 251) octets), as many as fit in ATT_MTU − 2 octets.
    func readByGroupType(_ request: ATTReadByGroupTypeRequest, mtu: Int) -> Step {
        let opcode = ATTReadByGroupTypeRequest.opcode
        guard let range = Self.validRange(request.startingHandle, request.endingHandle) else {
            return .response(Self.error(opcode, request.startingHandle, .invalidHandle))
        }
        guard request.attributeGroupType == GATTAttributeType.primaryService
            || request.attributeGroupType == GATTAttributeType.secondaryService
        else {
            return .response(Self.error(opcode, request.startingHandle, .unsupportedGroupType))
        }
        let maximumValue = min(mtu - 6, 251)
        var list: [ATTReadByGroupTypeResponse.AttributeData] = []
        for attribute in database.attributes(in: range) where attribute.type == request.attributeGroupType {
            guard let end = attribute.endGroupHandle else { continue }
            let value = Array(attribute.value.prefix(maximumValue))
            if let first = list.first, first.attributeValue.count != value.count { break }
            guard 2 + (list.count + 1) * (4 + value.count) <= mtu else { break }
            list.append(.init(attributeHandle: attribute.handle, endGroupHandle: end, attributeValue: value))
        }
        guard !list.isEmpty else {
            return .response(Self.error(opcode, request.startingHandle, .attributeNotFound))
        }
        return .response(.readByGroupTypeResponse(ATTReadByGroupTypeResponse(attributeDataList: list)))
    }

    /// The whole value of the attribute at `handle` for a read, or the step that answers instead
    /// (Invalid Handle, a permission error, a handler's error, or a handler to call).
    private func readable(_ handle: UInt16, opcode: ATTOpcode, offset: Int = 0, reader: inout ValueReader) -> Result<[UInt8], StepBox> {
        guard let attribute = database.attribute(at: handle) else {
            return .failure(StepBox(.response(Self.error(opcode, handle, .invalidHandle))))
        }
        if let error = reader.readError(attribute) {
            return .failure(StepBox(.response(Self.error(opcode, handle, error))))
        }
        switch reader.value(of: attribute, offset: offset) {
        case .value(let value): return .success(value)
        case .failure(let error): return .failure(StepBox(.response(Self.error(opcode, handle, error))))
        case .needed(let context): return .failure(StepBox(.readValues([context])))
        }
    }
}

/// A ``GATTServerCore/Step`` carried as a `Result` failure.
struct StepBox: Error {
    let step: GATTServerCore.Step
    init(_ step: GATTServerCore.Step) { self.step = step }
}
