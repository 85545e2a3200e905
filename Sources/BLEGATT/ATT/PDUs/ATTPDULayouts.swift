import BLECore

// Parameter layouts that several PDUs of Core 5.4, Vol 3, Part F, 3.4 share, field for field.
//
// A PDU whose fields have the same names and layout as another's conforms to one of these internal
// protocols next to `ATTPDU`, and gets `init(parameters:)`, `encodeParameters(into:)` and
// `description` from it. It still declares its own public fields and initializers, so each PDU's
// file shows its whole layout. Layouts that differ only in field names (e.g. Read By Type and Read
// By Group Type Requests) share the helpers in ATTPDU.swift instead.

// MARK: - No parameters

/// A PDU that is its opcode alone: Write Response, Execute Write Response, Handle Value
/// Confirmation. Any octet after the opcode is malformed.
protocol ATTParameterlessPDU: ATTPDU {
    /// Creates the PDU.
    init()
}

extension ATTParameterlessPDU {
    /// Decodes the (absent) parameters.
    public init(parameters reader: inout ByteReader) throws(ATTDecodingError) {
        self.init()
    }

    /// No parameters: no bytes.
    public var parametersByteCount: Int { 0 }

    /// Encodes nothing: this PDU has no parameters.
    public func encodeParameters(into writer: inout some ByteSink) {}

    /// The PDU's name, e.g. `Write Response`.
    public var description: String { Self.opcode.name }
}

// MARK: - Attribute Handle, Attribute Value

/// Attribute Handle (2 octets) then Attribute Value (every remaining octet): Write Request, Write
/// Command, Handle Value Notification and Handle Value Indication.
protocol ATTHandleValuePDU: ATTPDU {
    /// Attribute Handle (2 octets).
    var attributeHandle: UInt16 { get }
    /// Attribute Value (the rest of the PDU).
    var attributeValue: [UInt8] { get }
    /// Creates the PDU from its fields.
    init(attributeHandle: UInt16, attributeValue: [UInt8])
}

extension ATTHandleValuePDU {
    /// Decodes Attribute Handle and Attribute Value (every remaining octet).
    public init(parameters reader: inout ByteReader) throws(ATTDecodingError) {
        let attributeHandle = try reader.requireUInt16("Attribute Handle", of: Self.opcode)
        self.init(attributeHandle: attributeHandle, attributeValue: reader.readRemainingBytes())
    }

    /// Attribute Handle and Attribute Value.
    public var parametersByteCount: Int { 2 + attributeValue.count }

    /// Encodes Attribute Handle and Attribute Value.
    public func encodeParameters(into writer: inout some ByteSink) {
        writer.writeUInt16(attributeHandle)
        writer.writeBytes(attributeValue)
    }

    /// `Write Request handle=0x002A value=0102`.
    public var description: String {
        "\(Self.opcode.name) handle=\(ATTLog.handle(attributeHandle)) value=\(ATTLog.bytes(attributeValue))"
    }
}

// MARK: - Attribute Handle, Value Offset, Part Attribute Value

/// Attribute Handle (2 octets), Value Offset (2 octets), then Part Attribute Value (every remaining
/// octet): Prepare Write Request and the Prepare Write Response that echoes it.
protocol ATTPrepareWritePDU: ATTPDU {
    /// Attribute Handle (2 octets).
    var attributeHandle: UInt16 { get }
    /// Value Offset (2 octets).
    var valueOffset: UInt16 { get }
    /// Part Attribute Value (the rest of the PDU).
    var partAttributeValue: [UInt8] { get }
    /// Creates the PDU from its fields.
    init(attributeHandle: UInt16, valueOffset: UInt16, partAttributeValue: [UInt8])
}

extension ATTPrepareWritePDU {
    /// Decodes Attribute Handle, Value Offset and Part Attribute Value (every remaining octet).
    public init(parameters reader: inout ByteReader) throws(ATTDecodingError) {
        let attributeHandle = try reader.requireUInt16("Attribute Handle", of: Self.opcode)
        let valueOffset = try reader.requireUInt16("Value Offset", of: Self.opcode)
        self.init(
            attributeHandle: attributeHandle,
            valueOffset: valueOffset,
            partAttributeValue: reader.readRemainingBytes()
        )
    }

    /// Attribute Handle, Value Offset and Part Attribute Value.
    public var parametersByteCount: Int { 4 + partAttributeValue.count }

    /// Encodes Attribute Handle, Value Offset and Part Attribute Value.
    public func encodeParameters(into writer: inout some ByteSink) {
        writer.writeUInt16(attributeHandle)
        writer.writeUInt16(valueOffset)
        writer.writeBytes(partAttributeValue)
    }

    /// `Prepare Write Request handle=0x002A offset=18 value=0102`.
    public var description: String {
        "\(Self.opcode.name) handle=\(ATTLog.handle(attributeHandle)) offset=\(valueOffset)"
            + " value=\(ATTLog.bytes(partAttributeValue))"
    }
}

// MARK: - Set Of Handles

/// Set Of Handles (every remaining octet, 2 per handle, at least two handles): Read Multiple
/// Request (3.4.4.7) and Read Multiple Variable Request (3.4.4.11).
protocol ATTSetOfHandlesPDU: ATTPDU {
    /// Set Of Handles.
    var setOfHandles: [UInt16] { get }
    /// Creates the PDU from its handles.
    init(setOfHandles: [UInt16])
}

extension ATTSetOfHandlesPDU {
    /// Decodes Set Of Handles, rejecting an odd number of octets and fewer than two handles.
    public init(parameters reader: inout ByteReader) throws(ATTDecodingError) {
        let count = reader.remainingCount
        guard count % 2 == 0 else {
            throw ATTDecodingError(opcode: Self.opcode, reason: "Set Of Handles: \(count) bytes is not a whole number of handles")
        }
        guard count >= 4 else {
            throw ATTDecodingError(opcode: Self.opcode, reason: "Set Of Handles: at least 2 handles expected, got \(count / 2)")
        }
        var handles: [UInt16] = []
        handles.reserveCapacity(count / 2)
        while !reader.isAtEnd {
            handles.append(try reader.requireUInt16("Handle", of: Self.opcode))
        }
        self.init(setOfHandles: handles)
    }

    /// Two bytes per handle.
    public var parametersByteCount: Int { 2 * setOfHandles.count }

    /// Encodes Set Of Handles.
    public func encodeParameters(into writer: inout some ByteSink) {
        for handle in setOfHandles { writer.writeUInt16(handle) }
    }

    /// `Read Multiple Request handles=[0x0003, 0x0005]`.
    public var description: String {
        "\(Self.opcode.name) handles=\(ATTLog.list(setOfHandles.map(ATTLog.handle)))"
    }
}

// MARK: - Length, Attribute Data List

/// One Attribute Data of a Read By Type or Read By Group Type Response: fixed-size handles, then
/// an Attribute Value of Length minus their size.
protocol ATTAttributeData: Sendable, Hashable, CustomStringConvertible {
    /// The size of the handles before the value: 2 (Attribute Handle) or 4 (with End Group Handle).
    static var handlesByteCount: Int { get }
    /// What the handles are, for the error on a Length too small to hold them.
    static var handlesName: String { get }
    /// Attribute Value (Length − ``handlesByteCount`` octets).
    var attributeValue: [UInt8] { get }
    /// Reads the handles, then an Attribute Value of `valueCount` octets.
    init(reading reader: inout ByteReader, valueCount: Int, of opcode: ATTOpcode) throws(ATTDecodingError)
    /// Writes the handles, then the Attribute Value.
    func write(into writer: inout some ByteSink)
}

/// Length (1 octet) then an Attribute Data List of Length-octet entries, all values one length:
/// Read By Type Response (3.4.4.2) and Read By Group Type Response (3.4.4.10).
protocol ATTAttributeDataListPDU: ATTPDU {
    /// The type of one entry.
    associatedtype AttributeData: ATTAttributeData
    /// The longest Attribute Value one Attribute Data can carry: 255 − the handles' size.
    static var maximumValueCount: Int { get }
    /// Attribute Data List.
    var attributeDataList: [AttributeData] { get }
    /// The Length field written when encoding: the handles' size + the first value's length.
    var length: UInt8 { get }
    /// Creates the PDU from its list.
    init(attributeDataList: [AttributeData])
}

extension ATTAttributeDataListPDU {
    /// Decodes Length and the Attribute Data List, rejecting a Length too small for the handles, an
    /// empty list, and a list whose length is not a multiple of Length.
    public init(parameters reader: inout ByteReader) throws(ATTDecodingError) {
        let length = Int(try reader.requireUInt8("Length", of: Self.opcode))
        let handlesByteCount = AttributeData.handlesByteCount
        guard length >= handlesByteCount else {
            throw ATTDecodingError(
                opcode: Self.opcode,
                reason: "Length: at least \(handlesByteCount) (\(AttributeData.handlesName)) expected, got \(length)"
            )
        }
        let list = try reader.requireList(
            "Attribute Data List",
            entryByteCount: length,
            entrySize: "Length \(length)",
            of: Self.opcode
        ) { (reader: inout ByteReader) throws(ATTDecodingError) in
            try AttributeData(reading: &reader, valueCount: length - handlesByteCount, of: Self.opcode)
        }
        self.init(attributeDataList: list)
    }

    /// Length, then each entry's handles and value.
    public var parametersByteCount: Int {
        attributeDataList.reduce(1) { $0 + AttributeData.handlesByteCount + $1.attributeValue.count }
    }

    /// Encodes Length and the Attribute Data List.
    ///
    /// - Precondition: every value has the first one's length, at most ``maximumValueCount``.
    public func encodeParameters(into writer: inout some ByteSink) {
        let valueCount = attributeDataList.first?.attributeValue.count ?? 0
        precondition(
            valueCount <= Self.maximumValueCount,
            "\(Self.opcode.name) values are at most \(Self.maximumValueCount) bytes"
        )
        precondition(
            attributeDataList.allSatisfy { $0.attributeValue.count == valueCount },
            "\(Self.opcode.name) values all have the same length"
        )
        writer.writeUInt8(length)
        for data in attributeDataList {
            data.write(into: &writer)
        }
    }

    /// `Read By Type Response length=7 [0x0002=0a0300002a, 0x0004=020500012a]`.
    public var description: String {
        "\(Self.opcode.name) length=\(length) \(ATTLog.list(attributeDataList))"
    }
}
