import BLECore

/// The return parameters of a command that returns only a Status.
///
/// Core 5.4, Vol 4, Part E, 7 (e.g. HCI_Reset, 7.3.2): Status (1 octet).
public struct HCIStatusReturnParameters: HCIReturnParameters {
    /// Status (1 octet).
    public var status: HCIStatus

    /// Creates return parameters.
    public init(status: HCIStatus) {
        self.status = status
    }

    /// The same as ``init(status:)``.
    public init(failedWith status: HCIStatus) {
        self.status = status
    }

    /// There are no fields after Status.
    public init(status: HCIStatus, fields reader: inout ByteReader) throws(HCIDecodingError) {
        self.status = status
    }

    /// There are no fields after Status.
    public func encodeFields(into writer: inout ByteWriter) {}
}
