import BLECore

/// Any ATT PDU: one case per PDU of Core 5.4, Vol 3, Part F, 3.4, plus ``unknown(opcode:parameters:)``.
///
/// This is what a bearer reads off the wire and hands to the client or server:
/// `try ATTMessage(decoding: sdu)` decodes an L2CAP SDU on the ATT channel. Decoding dispatches on
/// the opcode through one table (``ATTMessage/pdu`` is its mirror), so adding a PDU means adding a
/// case, its line in the table and its line in `pdu`.
///
/// - An empty SDU throws.
/// - An opcode this stack does not know decodes to ``unknown(opcode:parameters:)`` with the
///   parameters kept, so a server can answer Request Not Supported (or ignore a command) and the
///   message re-encodes byte for byte.
/// - A known opcode with bad parameters throws ``ATTDecodingError`` with that opcode, so a server
///   can answer Invalid PDU naming the request.
public enum ATTMessage: Sendable, Hashable, CustomStringConvertible {
    /// Error Response (0x01, 3.4.1.1).
    case errorResponse(ATTErrorResponse)
    /// Exchange MTU Request (0x02, 3.4.2.1).
    case exchangeMTURequest(ATTExchangeMTURequest)
    /// Exchange MTU Response (0x03, 3.4.2.2).
    case exchangeMTUResponse(ATTExchangeMTUResponse)
    /// Find Information Request (0x04, 3.4.3.1).
    case findInformationRequest(ATTFindInformationRequest)
    /// Find Information Response (0x05, 3.4.3.2).
    case findInformationResponse(ATTFindInformationResponse)
    /// Find By Type Value Request (0x06, 3.4.3.3).
    case findByTypeValueRequest(ATTFindByTypeValueRequest)
    /// Find By Type Value Response (0x07, 3.4.3.4).
    case findByTypeValueResponse(ATTFindByTypeValueResponse)
    /// Read By Type Request (0x08, 3.4.4.1).
    case readByTypeRequest(ATTReadByTypeRequest)
    /// Read By Type Response (0x09, 3.4.4.2).
    case readByTypeResponse(ATTReadByTypeResponse)
    /// Read Request (0x0A, 3.4.4.3).
    case readRequest(ATTReadRequest)
    /// Read Response (0x0B, 3.4.4.4).
    case readResponse(ATTReadResponse)
    /// Read Blob Request (0x0C, 3.4.4.5).
    case readBlobRequest(ATTReadBlobRequest)
    /// Read Blob Response (0x0D, 3.4.4.6).
    case readBlobResponse(ATTReadBlobResponse)
    /// Read Multiple Request (0x0E, 3.4.4.7).
    case readMultipleRequest(ATTReadMultipleRequest)
    /// Read Multiple Response (0x0F, 3.4.4.8).
    case readMultipleResponse(ATTReadMultipleResponse)
    /// Read By Group Type Request (0x10, 3.4.4.9).
    case readByGroupTypeRequest(ATTReadByGroupTypeRequest)
    /// Read By Group Type Response (0x11, 3.4.4.10).
    case readByGroupTypeResponse(ATTReadByGroupTypeResponse)
    /// Write Request (0x12, 3.4.5.1).
    case writeRequest(ATTWriteRequest)
    /// Write Response (0x13, 3.4.5.2).
    case writeResponse(ATTWriteResponse)
    /// Prepare Write Request (0x16, 3.4.6.1).
    case prepareWriteRequest(ATTPrepareWriteRequest)
    /// Prepare Write Response (0x17, 3.4.6.2).
    case prepareWriteResponse(ATTPrepareWriteResponse)
    /// Execute Write Request (0x18, 3.4.6.3).
    case executeWriteRequest(ATTExecuteWriteRequest)
    /// Execute Write Response (0x19, 3.4.6.4).
    case executeWriteResponse(ATTExecuteWriteResponse)
    /// Read Multiple Variable Request (0x20, 3.4.4.11).
    case readMultipleVariableRequest(ATTReadMultipleVariableRequest)
    /// Read Multiple Variable Response (0x21, 3.4.4.12).
    case readMultipleVariableResponse(ATTReadMultipleVariableResponse)
    /// Multiple Handle Value Notification (0x23, 3.4.7.4).
    case multipleHandleValueNotification(ATTMultipleHandleValueNotification)
    /// Handle Value Notification (0x1B, 3.4.7.1).
    case handleValueNotification(ATTHandleValueNotification)
    /// Handle Value Indication (0x1D, 3.4.7.2).
    case handleValueIndication(ATTHandleValueIndication)
    /// Handle Value Confirmation (0x1E, 3.4.7.3).
    case handleValueConfirmation(ATTHandleValueConfirmation)
    /// Write Command (0x52, 3.4.5.3).
    case writeCommand(ATTWriteCommand)
    /// Signed Write Command (0xD2, 3.4.5.4).
    case signedWriteCommand(ATTSignedWriteCommand)
    /// A PDU whose opcode this stack does not decode, kept as it came: the opcode and every octet
    /// after it. Decoding produces it only for opcodes without a case above.
    case unknown(opcode: ATTOpcode, parameters: [UInt8])

    /// Decodes one whole ATT PDU (an L2CAP SDU on the ATT channel).
    ///
    /// Throws when `bytes` is empty, or when the opcode is known and its parameters are malformed
    /// (missing, invalid or followed by extra octets). An unknown opcode decodes to
    /// ``unknown(opcode:parameters:)``.
    public init(decoding bytes: [UInt8]) throws(ATTDecodingError) {
        var reader = ByteReader(bytes)
        guard let rawOpcode = reader.readUInt8() else {
            throw ATTDecodingError(opcode: nil, reason: "an ATT PDU has at least its opcode byte, got 0 bytes")
        }
        guard let entry = Self.table[Int(rawOpcode)] else {
            self = .unknown(opcode: ATTOpcode(rawValue: rawOpcode), parameters: reader.readRemainingBytes())
            return
        }
        let message = try entry.decode(&reader)
        guard reader.isAtEnd else {
            throw ATTDecodingError(
                opcode: entry.opcode,
                reason: "\(reader.remainingCount) unexpected trailing bytes"
            )
        }
        self = message
    }

    /// Wraps a PDU in its case.
    ///
    /// A PDU type without a case (one defined outside this module) becomes
    /// ``unknown(opcode:parameters:)`` holding its encoded parameters.
    public init<PDU: ATTPDU>(_ pdu: PDU) {
        if let message = Self.table[Int(PDU.opcode.rawValue)]?.wrap(pdu) {
            self = message
        } else {
            self = .unknown(opcode: PDU.opcode, parameters: Array(pdu.encode().dropFirst()))
        }
    }

    /// The PDU this message holds, or `nil` for ``unknown(opcode:parameters:)``.
    public var pdu: (any ATTPDU)? {
        switch self {
        case .errorResponse(let pdu): pdu
        case .exchangeMTURequest(let pdu): pdu
        case .exchangeMTUResponse(let pdu): pdu
        case .findInformationRequest(let pdu): pdu
        case .findInformationResponse(let pdu): pdu
        case .findByTypeValueRequest(let pdu): pdu
        case .findByTypeValueResponse(let pdu): pdu
        case .readByTypeRequest(let pdu): pdu
        case .readByTypeResponse(let pdu): pdu
        case .readRequest(let pdu): pdu
        case .readResponse(let pdu): pdu
        case .readBlobRequest(let pdu): pdu
        case .readBlobResponse(let pdu): pdu
        case .readMultipleRequest(let pdu): pdu
        case .readMultipleResponse(let pdu): pdu
        case .readByGroupTypeRequest(let pdu): pdu
        case .readByGroupTypeResponse(let pdu): pdu
        case .writeRequest(let pdu): pdu
        case .writeResponse(let pdu): pdu
        case .prepareWriteRequest(let pdu): pdu
        case .prepareWriteResponse(let pdu): pdu
        case .executeWriteRequest(let pdu): pdu
        case .executeWriteResponse(let pdu): pdu
        case .readMultipleVariableRequest(let pdu): pdu
        case .readMultipleVariableResponse(let pdu): pdu
        case .multipleHandleValueNotification(let pdu): pdu
        case .handleValueNotification(let pdu): pdu
        case .handleValueIndication(let pdu): pdu
        case .handleValueConfirmation(let pdu): pdu
        case .writeCommand(let pdu): pdu
        case .signedWriteCommand(let pdu): pdu
        case .unknown: nil
        }
    }

    /// The PDU as the given type, or `nil` when the message holds another PDU,
    /// e.g. `message.pdu(as: ATTReadResponse.self)`.
    public func pdu<PDU: ATTPDU>(as type: PDU.Type) -> PDU? {
        // Case by case, each a cast between concrete types that specialization folds away, not
        // through ``pdu`` (an existential box and a cast at run time).
        switch self {
        case .errorResponse(let pdu): pdu as? PDU
        case .exchangeMTURequest(let pdu): pdu as? PDU
        case .exchangeMTUResponse(let pdu): pdu as? PDU
        case .findInformationRequest(let pdu): pdu as? PDU
        case .findInformationResponse(let pdu): pdu as? PDU
        case .findByTypeValueRequest(let pdu): pdu as? PDU
        case .findByTypeValueResponse(let pdu): pdu as? PDU
        case .readByTypeRequest(let pdu): pdu as? PDU
        case .readByTypeResponse(let pdu): pdu as? PDU
        case .readRequest(let pdu): pdu as? PDU
        case .readResponse(let pdu): pdu as? PDU
        case .readBlobRequest(let pdu): pdu as? PDU
        case .readBlobResponse(let pdu): pdu as? PDU
        case .readMultipleRequest(let pdu): pdu as? PDU
        case .readMultipleResponse(let pdu): pdu as? PDU
        case .readByGroupTypeRequest(let pdu): pdu as? PDU
        case .readByGroupTypeResponse(let pdu): pdu as? PDU
        case .writeRequest(let pdu): pdu as? PDU
        case .writeResponse(let pdu): pdu as? PDU
        case .prepareWriteRequest(let pdu): pdu as? PDU
        case .prepareWriteResponse(let pdu): pdu as? PDU
        case .executeWriteRequest(let pdu): pdu as? PDU
        case .executeWriteResponse(let pdu): pdu as? PDU
        case .readMultipleVariableRequest(let pdu): pdu as? PDU
        case .readMultipleVariableResponse(let pdu): pdu as? PDU
        case .multipleHandleValueNotification(let pdu): pdu as? PDU
        case .handleValueNotification(let pdu): pdu as? PDU
        case .handleValueIndication(let pdu): pdu as? PDU
        case .handleValueConfirmation(let pdu): pdu as? PDU
        case .writeCommand(let pdu): pdu as? PDU
        case .signedWriteCommand(let pdu): pdu as? PDU
        case .unknown: nil
        }
    }

    /// The opcode: the first octet on the wire.
    public var opcode: ATTOpcode {
        // One case per PDU, not through ``pdu``: the existential would box the PDU on every call.
        switch self {
        case .errorResponse(let pdu): type(of: pdu).opcode
        case .exchangeMTURequest(let pdu): type(of: pdu).opcode
        case .exchangeMTUResponse(let pdu): type(of: pdu).opcode
        case .findInformationRequest(let pdu): type(of: pdu).opcode
        case .findInformationResponse(let pdu): type(of: pdu).opcode
        case .findByTypeValueRequest(let pdu): type(of: pdu).opcode
        case .findByTypeValueResponse(let pdu): type(of: pdu).opcode
        case .readByTypeRequest(let pdu): type(of: pdu).opcode
        case .readByTypeResponse(let pdu): type(of: pdu).opcode
        case .readRequest(let pdu): type(of: pdu).opcode
        case .readResponse(let pdu): type(of: pdu).opcode
        case .readBlobRequest(let pdu): type(of: pdu).opcode
        case .readBlobResponse(let pdu): type(of: pdu).opcode
        case .readMultipleRequest(let pdu): type(of: pdu).opcode
        case .readMultipleResponse(let pdu): type(of: pdu).opcode
        case .readByGroupTypeRequest(let pdu): type(of: pdu).opcode
        case .readByGroupTypeResponse(let pdu): type(of: pdu).opcode
        case .writeRequest(let pdu): type(of: pdu).opcode
        case .writeResponse(let pdu): type(of: pdu).opcode
        case .prepareWriteRequest(let pdu): type(of: pdu).opcode
        case .prepareWriteResponse(let pdu): type(of: pdu).opcode
        case .executeWriteRequest(let pdu): type(of: pdu).opcode
        case .executeWriteResponse(let pdu): type(of: pdu).opcode
        case .readMultipleVariableRequest(let pdu): type(of: pdu).opcode
        case .readMultipleVariableResponse(let pdu): type(of: pdu).opcode
        case .multipleHandleValueNotification(let pdu): type(of: pdu).opcode
        case .handleValueNotification(let pdu): type(of: pdu).opcode
        case .handleValueIndication(let pdu): type(of: pdu).opcode
        case .handleValueConfirmation(let pdu): type(of: pdu).opcode
        case .writeCommand(let pdu): type(of: pdu).opcode
        case .signedWriteCommand(let pdu): type(of: pdu).opcode
        case .unknown(let opcode, _): opcode
        }
    }

    /// The whole PDU: opcode, then parameters.
    public func encode() -> [UInt8] {
        // Empty: the one append of `encode(into:)` allocates the PDU's exact size.
        var writer = ByteWriter()
        encode(into: &writer)
        return writer.bytes
    }

    /// Appends the whole PDU (opcode, then parameters) to `writer`: with a writer reused from
    /// PDU to PDU (``ByteWriter/removeAll()``), encoding allocates nothing.
    public func encode(into writer: inout ByteWriter) {
        // One case per PDU, not through ``pdu``: the existential would box the PDU on every call.
        switch self {
        case .errorResponse(let pdu): pdu.encode(into: &writer)
        case .exchangeMTURequest(let pdu): pdu.encode(into: &writer)
        case .exchangeMTUResponse(let pdu): pdu.encode(into: &writer)
        case .findInformationRequest(let pdu): pdu.encode(into: &writer)
        case .findInformationResponse(let pdu): pdu.encode(into: &writer)
        case .findByTypeValueRequest(let pdu): pdu.encode(into: &writer)
        case .findByTypeValueResponse(let pdu): pdu.encode(into: &writer)
        case .readByTypeRequest(let pdu): pdu.encode(into: &writer)
        case .readByTypeResponse(let pdu): pdu.encode(into: &writer)
        case .readRequest(let pdu): pdu.encode(into: &writer)
        case .readResponse(let pdu): pdu.encode(into: &writer)
        case .readBlobRequest(let pdu): pdu.encode(into: &writer)
        case .readBlobResponse(let pdu): pdu.encode(into: &writer)
        case .readMultipleRequest(let pdu): pdu.encode(into: &writer)
        case .readMultipleResponse(let pdu): pdu.encode(into: &writer)
        case .readByGroupTypeRequest(let pdu): pdu.encode(into: &writer)
        case .readByGroupTypeResponse(let pdu): pdu.encode(into: &writer)
        case .writeRequest(let pdu): pdu.encode(into: &writer)
        case .writeResponse(let pdu): pdu.encode(into: &writer)
        case .prepareWriteRequest(let pdu): pdu.encode(into: &writer)
        case .prepareWriteResponse(let pdu): pdu.encode(into: &writer)
        case .executeWriteRequest(let pdu): pdu.encode(into: &writer)
        case .executeWriteResponse(let pdu): pdu.encode(into: &writer)
        case .readMultipleVariableRequest(let pdu): pdu.encode(into: &writer)
        case .readMultipleVariableResponse(let pdu): pdu.encode(into: &writer)
        case .multipleHandleValueNotification(let pdu): pdu.encode(into: &writer)
        case .handleValueNotification(let pdu): pdu.encode(into: &writer)
        case .handleValueIndication(let pdu): pdu.encode(into: &writer)
        case .handleValueConfirmation(let pdu): pdu.encode(into: &writer)
        case .writeCommand(let pdu): pdu.encode(into: &writer)
        case .signedWriteCommand(let pdu): pdu.encode(into: &writer)
        case .unknown(let opcode, let parameters):
            writer.writeUInt8(opcode.rawValue)
            writer.writeBytes(parameters)
        }
    }

    /// One line for logs: the PDU's description, or `opcode 0x7f parameters=0102` when unknown.
    public var description: String {
        if case .unknown(let opcode, let parameters) = self {
            return "\(opcode.name) parameters=\(ATTLog.bytes(parameters))"
        }
        return pdu!.description
    }
}

extension ATTMessage {
    /// How one PDU type is decoded into, and wrapped in, its case.
    private struct Entry: Sendable {
        /// The PDU type's opcode.
        let opcode: ATTOpcode
        /// Decodes the parameters (the reader is past the opcode) into the case.
        let decode: @Sendable (inout ByteReader) throws(ATTDecodingError) -> ATTMessage
        /// Wraps a PDU of this type in the case; `nil` for a PDU of another type.
        let wrap: @Sendable (any ATTPDU) -> ATTMessage?

        /// An entry for `PDU`, wrapped in its case by `make`.
        init<PDU: ATTPDU>(_: PDU.Type, _ make: @escaping @Sendable (PDU) -> ATTMessage) {
            opcode = PDU.opcode
            decode = { (reader: inout ByteReader) throws(ATTDecodingError) -> ATTMessage in
                make(try PDU(parameters: &reader))
            }
            wrap = { pdu in (pdu as? PDU).map(make) }
        }
    }

    /// Every PDU type with its case, indexed by opcode octet: the one dispatch table.
    private static let table: [Entry?] = {
        let entries: [Entry] = [
            Entry(ATTErrorResponse.self) { .errorResponse($0) },
            Entry(ATTExchangeMTURequest.self) { .exchangeMTURequest($0) },
            Entry(ATTExchangeMTUResponse.self) { .exchangeMTUResponse($0) },
            Entry(ATTFindInformationRequest.self) { .findInformationRequest($0) },
            Entry(ATTFindInformationResponse.self) { .findInformationResponse($0) },
            Entry(ATTFindByTypeValueRequest.self) { .findByTypeValueRequest($0) },
            Entry(ATTFindByTypeValueResponse.self) { .findByTypeValueResponse($0) },
            Entry(ATTReadByTypeRequest.self) { .readByTypeRequest($0) },
            Entry(ATTReadByTypeResponse.self) { .readByTypeResponse($0) },
            Entry(ATTReadRequest.self) { .readRequest($0) },
            Entry(ATTReadResponse.self) { .readResponse($0) },
            Entry(ATTReadBlobRequest.self) { .readBlobRequest($0) },
            Entry(ATTReadBlobResponse.self) { .readBlobResponse($0) },
            Entry(ATTReadMultipleRequest.self) { .readMultipleRequest($0) },
            Entry(ATTReadMultipleResponse.self) { .readMultipleResponse($0) },
            Entry(ATTReadByGroupTypeRequest.self) { .readByGroupTypeRequest($0) },
            Entry(ATTReadByGroupTypeResponse.self) { .readByGroupTypeResponse($0) },
            Entry(ATTWriteRequest.self) { .writeRequest($0) },
            Entry(ATTWriteResponse.self) { .writeResponse($0) },
            Entry(ATTPrepareWriteRequest.self) { .prepareWriteRequest($0) },
            Entry(ATTPrepareWriteResponse.self) { .prepareWriteResponse($0) },
            Entry(ATTExecuteWriteRequest.self) { .executeWriteRequest($0) },
            Entry(ATTExecuteWriteResponse.self) { .executeWriteResponse($0) },
            Entry(ATTReadMultipleVariableRequest.self) { .readMultipleVariableRequest($0) },
            Entry(ATTReadMultipleVariableResponse.self) { .readMultipleVariableResponse($0) },
            Entry(ATTMultipleHandleValueNotification.self) { .multipleHandleValueNotification($0) },
            Entry(ATTHandleValueNotification.self) { .handleValueNotification($0) },
            Entry(ATTHandleValueIndication.self) { .handleValueIndication($0) },
            Entry(ATTHandleValueConfirmation.self) { .handleValueConfirmation($0) },
            Entry(ATTWriteCommand.self) { .writeCommand($0) },
            Entry(ATTSignedWriteCommand.self) { .signedWriteCommand($0) },
        ]
        var table = [Entry?](repeating: nil, count: 256)
        for entry in entries {
            precondition(table[Int(entry.opcode.rawValue)] == nil, "two ATT PDU types share opcode \(entry.opcode)")
            table[Int(entry.opcode.rawValue)] = entry
        }
        return table
    }()
}
