import BLEGATT

/// Why a Smart Nightlight value was refused: the field it concerns and the rule it breaks.
///
/// One error type for every SN value (shared/SN-PROFILE.md): decoding wire bytes, validating a
/// value built in memory, parsing the schedule text form or a firmware image. ``description``
/// reads as a sentence, e.g. `group Weekend: period 2 (19:00–18:00) ends before it starts`, and
/// ``attErrorCode`` is the ATT error the device answers a write of such a value with (§6).
public struct SNValueError: Error, Sendable, Hashable, Codable, CustomStringConvertible {
    /// The kind of rule broken, which decides the ATT error of ``SNValueError/attErrorCode``.
    public struct Code: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
        /// A short identifier, e.g. `invalidSchedule`.
        public let rawValue: String

        /// Wraps an identifier.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// A week or temporary day schedule blob is invalid in any way (§6: ATT error 0x80).
        public static let invalidSchedule = Code(rawValue: "invalidSchedule")
        /// A value has the wrong length (§6: ATT error 0x0D).
        public static let invalidLength = Code(rawValue: "invalidLength")
        /// A field is out of its range, or a date or time is impossible (§3, §6: ATT error 0xFF).
        public static let outOfRange = Code(rawValue: "outOfRange")
        /// The text form of a value (schedule text, hex color) does not parse.
        public static let invalidText = Code(rawValue: "invalidText")
        /// A firmware image is refused (§7: status 4, image rejected).
        public static let imageRejected = Code(rawValue: "imageRejected")
        /// A firmware image is not signed (§7.1): header version 1, or nothing after the payload.
        /// A SN running firmware 1.1 rejects it too (status 4, image rejected).
        public static let unsignedImage = Code(rawValue: "unsignedImage")
        /// A control point request or response is malformed (§7: status 2, invalid parameter).
        public static let invalidRequest = Code(rawValue: "invalidRequest")

        /// The identifier.
        public var description: String { rawValue }
    }

    /// The kind of rule broken.
    public var code: Code
    /// Where the problem is, outermost first, e.g. `["group Weekend", "period 2 (19:00–18:00)"]`.
    public var path: [String]
    /// What is wrong with the innermost field, e.g. `ends before it starts`.
    public var message: String

    /// Creates an error about the field at `path`.
    public init(_ code: Code, path: [String] = [], _ message: String) {
        self.code = code
        self.path = path
        self.message = message
    }

    /// The field path joined with `: `, e.g. `group Weekend: period 2 (19:00–18:00)`; empty for the
    /// whole value.
    public var field: String { path.joined(separator: ": ") }

    /// The field and the message as one sentence.
    public var description: String { path.isEmpty ? message : field + " " + message }

    /// The ATT error a SN answers a write of the refused value with (§6).
    ///
    /// Invalid Schedule (0x80) for schedule blobs, Invalid Attribute Value Length (0x0D) for a
    /// fixed-size value of the wrong length, Out of Range (0xFF) for anything else.
    public var attErrorCode: ATTErrorCode {
        switch code {
        case .invalidSchedule: .invalidSchedule
        case .invalidLength: .invalidAttributeValueLength
        default: .outOfRange
        }
    }

    /// The same error seen from an enclosing field: `component` is put in front of the path.
    public func within(_ component: String) -> SNValueError {
        SNValueError(code, path: [component] + path, message)
    }

    /// The same error with another code, e.g. any error inside a schedule blob becomes
    /// ``Code/invalidSchedule``.
    public func with(code: Code) -> SNValueError {
        SNValueError(code, path: path, message)
    }
}

extension ATTErrorCode {
    /// 0x80 Invalid Schedule: the SN refuses a week or temporary day schedule (SN profile §6).
    public static let invalidSchedule = ATTErrorCode(rawValue: 0x80)
}
