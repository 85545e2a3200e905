import BLECore

/// HCI_Read_Local_Version_Information: the controller's HCI and LMP/LL versions and manufacturer.
///
/// Core 5.4, Vol 4, Part E, 7.4.1. No parameters. Return parameters, 9 octets: Status (1),
/// HCI_Version (1), HCI_Subversion (2), LMP_Version (1), Company_Identifier (2),
/// LMP_Subversion (2). Version codes are in Assigned Numbers (0x0D = Core 5.4).
public struct HCIReadLocalVersionInformation: HCICommandCompleting {
    /// 0x1001.
    public static let opcode = HCIOpcode.readLocalVersionInformation

    /// Creates the command.
    public init() {}

    /// There are no parameters.
    public init(parameters reader: inout ByteReader) throws(HCIDecodingError) {}

    /// There are no parameters.
    public func encodeParameters(into writer: inout ByteWriter) {}

    /// Status and the controller's versions.
    public struct ReturnParameters: HCIReturnParameters {
        /// Status (1 octet).
        public var status: HCIStatus
        /// HCI_Version (1 octet): the HCI version (Assigned Numbers, e.g. 0x0D for 5.4).
        public var hciVersion: UInt8
        /// HCI_Subversion (2 octets): implementation-defined revision.
        public var hciSubversion: UInt16
        /// LMP_Version (1 octet): the LMP/LL version, same code space as HCI_Version.
        public var lmpVersion: UInt8
        /// Company_Identifier (2 octets): the controller's manufacturer (Assigned Numbers).
        public var companyIdentifier: UInt16
        /// LMP_Subversion (2 octets): implementation-defined revision.
        public var lmpSubversion: UInt16

        /// Creates return parameters.
        public init(
            status: HCIStatus,
            hciVersion: UInt8,
            hciSubversion: UInt16,
            lmpVersion: UInt8,
            companyIdentifier: UInt16,
            lmpSubversion: UInt16
        ) {
            self.status = status
            self.hciVersion = hciVersion
            self.hciSubversion = hciSubversion
            self.lmpVersion = lmpVersion
            self.companyIdentifier = companyIdentifier
            self.lmpSubversion = lmpSubversion
        }

        /// A failure: `status`, every other field zero.
        public init(failedWith status: HCIStatus) {
            self.init(status: status, hciVersion: 0, hciSubversion: 0, lmpVersion: 0, companyIdentifier: 0, lmpSubversion: 0)
        }

        /// Decodes the fields after Status.
        public init(status: HCIStatus, fields reader: inout ByteReader) throws(HCIDecodingError) {
            let subject = HCIDecodingError.Subject.returnParameters(HCIReadLocalVersionInformation.opcode)
            self.status = status
            hciVersion = try reader.requireUInt8("HCI_Version", of: subject)
            hciSubversion = try reader.requireUInt16("HCI_Subversion", of: subject)
            lmpVersion = try reader.requireUInt8("LMP_Version", of: subject)
            companyIdentifier = try reader.requireUInt16("Company_Identifier", of: subject)
            lmpSubversion = try reader.requireUInt16("LMP_Subversion", of: subject)
        }

        /// Encodes the fields after Status.
        public func encodeFields(into writer: inout ByteWriter) {
            writer.writeUInt8(hciVersion)
            writer.writeUInt16(hciSubversion)
            writer.writeUInt8(lmpVersion)
            writer.writeUInt16(companyIdentifier)
            writer.writeUInt16(lmpSubversion)
        }
    }
}
