import BLECore

/// One HCI command type: its opcode and its parameters.
///
/// Core 5.4, Vol 4, Part E, 7. Each command of 7.1–7.8 is a struct in `Commands/`, named as in
/// the spec with the `HCI` prefix; its parameters decode and encode side by side, in the same
/// order. The host encodes commands; a (virtual) controller decodes them.
///
/// A command is typed by how it completes (STYLE rule 6): ``HCICommandCompleting`` for commands
/// answered by HCI_Command_Complete with return parameters, ``HCICommandWithStatus`` for those
/// answered by HCI_Command_Status and later a completion event.
///
/// Decoding accepts any value of a field the wire can carry, so a controller can answer
/// Invalid HCI Command Parameters (0x12) itself; ``validate()`` checks the spec's ranges. A
/// command whose parameters do not decode at all also deserves 0x12.
public protocol HCICommand: Sendable, Hashable {
    /// The command's opcode.
    static var opcode: HCIOpcode { get }

    /// Decodes the parameters that follow the packet header; the caller checks that every byte
    /// was read.
    init(parameters: inout ByteReader) throws(HCIDecodingError)

    /// Appends the parameters.
    func encodeParameters(into writer: inout ByteWriter)

    /// Checks the spec's ranges and relations between parameters (e.g. scan window ≤ interval),
    /// throwing ``HCIDecodingError/Code/parameterOutOfRange``. By default, accepts everything.
    func validate() throws(HCIDecodingError)
}

extension HCICommand {
    /// Accepts every value.
    public func validate() throws(HCIDecodingError) {}

    /// The command's packet: opcode and encoded parameters.
    public var packet: HCICommandPacket {
        // Room for most commands' parameters at once, instead of growing byte by byte.
        var writer = ByteWriter(capacity: 32)
        encodeParameters(into: &writer)
        return HCICommandPacket(opcode: Self.opcode, parameters: writer.bytes)
    }

    /// Decodes this command from a packet: the opcode must be this command's and every parameter
    /// byte must be read.
    public init(packet: HCICommandPacket) throws(HCIDecodingError) {
        guard packet.opcode == Self.opcode else {
            throw HCIDecodingError(.unexpectedType, .command(packet.opcode), "expected \(Self.opcode)")
        }
        var reader = ByteReader(packet.parameters)
        self = try Self(parameters: &reader)
        try reader.requireEnd(of: .command(Self.opcode))
    }

    /// The subject of this command's decoding errors.
    static var subject: HCIDecodingError.Subject { .command(opcode) }
}

/// A command answered by HCI_Command_Complete, which carries its ``ReturnParameters``.
///
/// Core 5.4, Vol 4, Part E, 4.4 and 7.7.14. Decode the answer with
/// ``HCICommandComplete/returnParameters(for:)``.
public protocol HCICommandCompleting: HCICommand {
    /// The return parameters, Status first.
    associatedtype ReturnParameters: HCIReturnParameters
}

/// A command answered by HCI_Command_Status and, when that status is Success, later by a
/// completion event (each conforming type names its event).
///
/// Core 5.4, Vol 4, Part E, 4.4 and 7.7.15. ``isCompleted(by:)`` recognises the completion event.
public protocol HCICommandWithStatus: HCICommand {
    /// Whether `event` is the event that completes this command (e.g. Disconnection Complete on
    /// the same Connection_Handle for HCI_Disconnect).
    func isCompleted(by event: HCIEvent) -> Bool
}

/// The return parameters of a command answered by HCI_Command_Complete: Status, then fields.
///
/// Core 5.4, Vol 4, Part E, 7.7.14. When Status is not Success only Status is guaranteed
/// meaningful, and some controllers (Bumble's among them) send Status alone: decoding a failed
/// status then yields ``init(failedWith:)`` (every other field zero) instead of throwing.
public protocol HCIReturnParameters: Sendable, Hashable {
    /// Status (1 octet): the first return parameter.
    var status: HCIStatus { get }

    /// The return parameters of a failed command: `status`, every other field zero.
    init(failedWith status: HCIStatus)

    /// Decodes the fields after Status.
    init(status: HCIStatus, fields reader: inout ByteReader) throws(HCIDecodingError)

    /// Appends the fields after Status.
    func encodeFields(into writer: inout ByteWriter)
}

extension HCIReturnParameters {
    /// Decodes return parameters: Status, then the fields.
    ///
    /// With Status Success every field must be present and nothing may follow. With another
    /// status, return parameters that are truncated or too long decode to
    /// ``init(failedWith:)``.
    /// - Parameter opcode: the command these answer, for error messages.
    public init(decoding bytes: [UInt8], opcode: HCIOpcode) throws(HCIDecodingError) {
        let subject = HCIDecodingError.Subject.returnParameters(opcode)
        var reader = ByteReader(bytes)
        let status = HCIStatus(rawValue: try reader.requireUInt8("Status", of: subject))
        if status.isSuccess {
            self = try Self(status: status, fields: &reader)
            try reader.requireEnd(of: subject)
        } else {
            var attempt = reader
            if let full = try? Self(status: status, fields: &attempt), attempt.isAtEnd {
                self = full
            } else {
                self = Self(failedWith: status)
            }
        }
    }

    /// The return parameters: Status, then the fields.
    public func encode() -> [UInt8] {
        var writer = ByteWriter()
        writer.writeUInt8(status.rawValue)
        encodeFields(into: &writer)
        return writer.bytes
    }
}

extension HCICommand {
    /// Throws ``HCIDecodingError/Code/parameterOutOfRange`` naming `field` unless `value` is in `range`.
    static func check(_ field: String, _ value: some BinaryInteger, in range: ClosedRange<Int>) throws(HCIDecodingError) {
        guard range.contains(Int(value)) else { throw .outOfRange(subject, field: field, value, range) }
    }

    /// Throws ``HCIDecodingError/Code/parameterOutOfRange`` with `reason` unless `condition` holds.
    static func check(_ condition: Bool, _ field: String, _ reason: @autoclosure () -> String) throws(HCIDecodingError) {
        guard condition else { throw HCIDecodingError(.parameterOutOfRange, subject, field: field, reason()) }
    }
}

extension HCICommand {
    /// Checks a Connection_Handle: 0x0000…0x0EFF.
    static func checkConnectionHandle(_ handle: UInt16, field: String = "Connection_Handle") throws(HCIDecodingError) {
        try check(field, handle, in: 0x0000...0x0EFF)
    }

    /// Checks the connection parameters shared by HCI_LE_Create_Connection and
    /// HCI_LE_Connection_Update (7.8.12, 7.8.18): ranges, min ≤ max, and a supervision timeout
    /// longer than (1 + Max_Latency) × Connection_Interval_Max × 2.
    static func checkConnectionParameters(
        intervalMin: UInt16,
        intervalMax: UInt16,
        maxLatency: UInt16,
        supervisionTimeout: UInt16,
        minCELength: UInt16,
        maxCELength: UInt16
    ) throws(HCIDecodingError) {
        try check("Connection_Interval_Min", intervalMin, in: 0x0006...0x0C80)
        try check("Connection_Interval_Max", intervalMax, in: 0x0006...0x0C80)
        try check(
            intervalMin <= intervalMax, "Connection_Interval_Min",
            "\(HCIFormat.hex(intervalMin)) exceeds Connection_Interval_Max \(HCIFormat.hex(intervalMax))"
        )
        try check("Max_Latency", maxLatency, in: 0x0000...0x01F3)
        try check("Supervision_Timeout", supervisionTimeout, in: 0x000A...0x0C80)
        // Timeout × 10 ms > (1 + latency) × interval × 1.25 ms × 2  ⇔  timeout × 4 > (1 + latency) × interval.
        try check(
            Int(supervisionTimeout) * 4 > (1 + Int(maxLatency)) * Int(intervalMax), "Supervision_Timeout",
            "\(Int(supervisionTimeout) * 10) ms is not longer than (1 + Max_Latency) × Connection_Interval_Max × 2"
        )
        try check(
            minCELength <= maxCELength, "Min_CE_Length",
            "\(HCIFormat.hex(minCELength)) exceeds Max_CE_Length \(HCIFormat.hex(maxCELength))"
        )
    }
}
