import BLECore
import BLEHCI
import Testing

@Suite struct HCICodeTests {
    @Test func opcodeSplitsIntoOGFAndOCF() {
        #expect(HCIOpcode.leSetScanParameters.ogf == 0x08)
        #expect(HCIOpcode.leSetScanParameters.ocf == 0x000B)
        #expect(HCIOpcode(ogf: 0x03, ocf: 0x0003) == .reset)
        #expect(HCIOpcode(ogf: 0x01, ocf: 0x0006) == .disconnect)
        #expect(HCIOpcode.reset.description == "HCI_Reset (0x0C03)")
        #expect(HCIOpcode(rawValue: 0xFC01).name == "OGF 0x3F OCF 0x01")
        #expect(HCIOpcode(rawValue: 0x2123).name == "OGF 0x08 OCF 0x0123")
    }

    @Test func statusNamesFollowTheSpec() {
        #expect(HCIStatus.success.isSuccess)
        #expect(HCIStatus(rawValue: 0x02).name == "Unknown Connection Identifier")
        #expect(HCIStatus(rawValue: 0x08).name == "Connection Timeout")
        #expect(HCIStatus(rawValue: 0x12).name == "Invalid HCI Command Parameters")
        #expect(HCIStatus(rawValue: 0x13).name == "Remote User Terminated Connection")
        #expect(HCIStatus(rawValue: 0x16).name == "Connection Terminated By Local Host")
        #expect(HCIStatus(rawValue: 0x3E).name.hasPrefix("Connection Failed to be Established"))
        #expect(HCIStatus(rawValue: 0x45).name == "Packet Too Long")
        #expect(HCIStatus(rawValue: 0x2B).name == "status 0x2B")
        #expect(HCIStatus.connectionTimeout.description == "Connection Timeout (0x08)")
        for raw in UInt8(0x00)...0x47 where ![0x2B, 0x31, 0x33, 0x3F].contains(raw) {
            #expect(!HCIStatus(rawValue: raw).name.hasPrefix("status"), "0x\(String(raw, radix: 16)) has no name")
        }
    }

    @Test func eventAndSubeventNames() {
        #expect(HCIEventCode.commandComplete.name == "HCI_Command_Complete")
        #expect(HCIEventCode(rawValue: 0x57).name == "event 0x57")
        #expect(HCILEMetaSubevent.extendedAdvertisingReport.name == "HCI_LE_Extended_Advertising_Report")
        #expect(HCILEMetaSubevent(rawValue: 0x33).name == "LE subevent 0x33")
    }

    @Test func leEventMaskBitsFollowSubeventCodes() {
        #expect(HCILEEventMask.connectionComplete.rawValue == 1 << 0)
        #expect(HCILEEventMask.enhancedConnectionComplete.rawValue == 1 << 9)
        #expect(HCILEEventMask.extendedAdvertisingReport.rawValue == 1 << 12)
        #expect(HCILEEventMask.enhancedConnectionCompleteV2.rawValue == 1 << 40)
        #expect(HCILEEventMask(subevent: HCILEMetaSubevent(rawValue: 0)).isEmpty)
        #expect(HCILEEventMask(subevent: HCILEMetaSubevent(rawValue: 64)).rawValue == 1 << 63)
        #expect(HCILEEventMask.leHost.contains([.advertisingReport, .extendedAdvertisingReport, .longTermKeyRequest]))
    }

    @Test func eventMaskBits() {
        #expect(HCIEventMask.disconnectionComplete.rawValue == 0x10)
        #expect(HCIEventMask.encryptionChange.rawValue == 0x80)
        #expect(HCIEventMask.hardwareError.rawValue == 0x8000)
        #expect(HCIEventMask.leMeta.rawValue == 0x2000_0000_0000_0000)
        #expect(HCIEventMask.leHost.contains([.disconnectionComplete, .encryptionChange, .leMeta, .commandComplete]))
        #expect(HCISetEventMask(eventMask: .leHost).packet.encode() == hex("010c 08 90e8 0402 0080 0020"))
    }

    @Test func decodingErrorDescriptions() {
        let error = HCIDecodingError(.truncated, .command(.disconnect), field: "Reason", "1 byte expected, 0 left")
        #expect(error.description == "malformed HCI_Disconnect command: Reason: 1 byte expected, 0 left")
        let range = HCIDecodingError.outOfRange(.command(.leSetScanParameters), field: "LE_Scan_Interval", 2, 0x0004...0x4000)
        #expect(range.description == "invalid HCI_LE_Set_Scan_Parameters command: LE_Scan_Interval: 0x02 is outside 0x04…0x4000")
        #expect(HCIDecodingError.Subject.leMetaEvent(.phyUpdateComplete).description == "HCI_LE_PHY_Update_Complete event")
        #expect(HCIDecodingError.Subject.packet(.aclData).description == "ACL Data packet")
    }
}
