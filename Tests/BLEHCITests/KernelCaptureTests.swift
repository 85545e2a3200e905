import BLEHCI
import Foundation
import Testing

/// Real-kernel traffic as a regression corpus for the codecs: `btmon -w` of the VM's guest test
/// `ble-user-channel` (scripts/vm/, docs/testing.md), in which Linux 6.1 set up BlueZ's two emulated
/// controllers and then handed them to `ble simulate nightlight` (hci1) and `ble scan`, `ble
/// inspect` with LE Secure Connections pairing and `ble read` (hci0) through the HCI user channel.
///
/// Every command, event and ACL packet in it must decode, and re-encode byte for byte.
@Suite struct KernelCaptureTests {
    /// One record of a BTSnoop file with datalink 2001 (btmon's Linux monitor format): the
    /// controller index and the monitor opcode are in the flags (`index << 16 | opcode`).
    struct MonitorRecord {
        /// Monitor opcodes (BlueZ `src/shared/btsnoop.h`).
        static let commandPacket: UInt16 = 2
        static let eventPacket: UInt16 = 3
        static let aclTransmitted: UInt16 = 4
        static let aclReceived: UInt16 = 5

        var index: UInt16
        var opcode: UInt16
        var data: [UInt8]
    }

    /// Reads a BTSnoop file (RFC 1761 header, big-endian records) of datalink 2001.
    static func monitorRecords(_ file: [UInt8]) throws -> [MonitorRecord] {
        var offset = 0
        func take(_ count: Int) throws -> [UInt8] {
            guard count >= 0, file.count - offset >= count else { throw CaptureError("the capture ends inside a record at byte \(offset)") }
            defer { offset += count }
            return Array(file[offset ..< offset + count])
        }
        func uint32() throws -> UInt32 { try take(4).reduce(0) { $0 << 8 | UInt32($1) } }
        guard try take(8) == Array("btsnoop\0".utf8) else { throw CaptureError("not a BTSnoop file") }
        let version = try uint32()
        let datalink = try uint32()
        guard version == 1, datalink == 2001 else { throw CaptureError("BTSnoop version \(version), datalink \(datalink): expected 1 and 2001") }
        var records: [MonitorRecord] = []
        while offset < file.count {
            _ = try uint32()  // original length
            let included = Int(try uint32())
            let flags = try uint32()
            _ = try take(12)  // cumulative drops, timestamp
            records.append(MonitorRecord(index: UInt16(flags >> 16), opcode: UInt16(flags & 0xFFFF), data: try take(included)))
        }
        return records
    }

    struct CaptureError: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    static func fixture(_ name: String, filePath: String = #filePath) throws -> [UInt8] {
        let url = URL(filePath: filePath).deletingLastPathComponent().appending(path: "Fixtures/\(name)")
        return Array(try Data(contentsOf: url))
    }

    /// The commands Linux 6.1 sends while setting up a dual-mode controller (hci_sync.c) that our
    /// codecs do not type, since our host never sends them. Each appears once per controller
    /// (Read Local Extended Features twice, Read Local Supported Codec Capabilities six times).
    static let kernelSetupOpcodes: Set<UInt16> = [
        0x080F,  // Write Default Link Policy Settings
        0x0C0D, 0x0C12, 0x0C14, 0x0C16,  // Read Stored Link Key, Delete Stored Link Key, Read Local Name, Write Connection Accept Timeout
        0x0C1B, 0x0C23, 0x0C25,  // Read Page Scan Activity, Read Class of Device, Read Voice Setting
        0x0C38, 0x0C39, 0x0C45, 0x0C46,  // Read Number of Supported IAC, Read Current IAC LAP, Write Inquiry Mode, Read Page Scan Type
        0x0C52, 0x0C58, 0x0C63, 0x0C77,  // Write Extended Inquiry Response, Read Inquiry Response TX Power Level, Set Event Mask Page 2, Read Synchronization Train Parameters
        0x1004, 0x100D, 0x100E, 0x140C,  // Read Local Extended Features, Read Local Supported Codecs [v2], Read Local Supported Codec Capabilities, Get MWS Transport Layer Configuration
        0x201C, 0x2029, 0x202A, 0x202E,  // LE Read Supported States, LE Clear Resolving List, LE Read Resolving List Size, LE Set RPA Timeout
        0x2031, 0x203B, 0x204B, 0x2074,  // LE Set Default PHY, LE Read Number of Supported Advertising Sets, LE Read Transmit Power, LE Set Host Feature
    ]

    /// What a capture held, by kind, after every packet decoded and re-encoded byte for byte.
    struct Tally {
        var commands = 0, events = 0, acl = 0
        /// Commands our codecs do not type (the kernel's own, for BlueZ or its set-up).
        var unknownOpcodes: Set<UInt16> = []
        var leConnections = 0, advertisingReports = 0, keyRequests = 0, encryptionChanges = 0
    }

    /// Decodes every command, event and ACL packet of `records` and checks that each re-encodes to
    /// its bytes.
    static func decodeEveryPacket(_ records: [MonitorRecord]) throws -> Tally {
        var tally = Tally()
        for record in records {
            switch record.opcode {
            case MonitorRecord.commandPacket:
                let packet = try HCICommandPacket(decoding: record.data)
                #expect(packet.encode() == record.data)
                if let command = try HCICommands.decode(packet) {
                    #expect(command.packet.encode() == record.data, "\(command)")
                } else {
                    tally.unknownOpcodes.insert(packet.opcode.rawValue)
                }
                tally.commands += 1
            case MonitorRecord.eventPacket:
                let event = try HCIEvent(decoding: record.data)
                #expect(event.packet.encode() == record.data, "\(event)")
                switch event {
                case .leMeta(.connectionComplete), .leMeta(.enhancedConnectionComplete), .leMeta(.enhancedConnectionCompleteV2): tally.leConnections += 1
                case .leMeta(.advertisingReport): tally.advertisingReports += 1
                case .leMeta(.longTermKeyRequest): tally.keyRequests += 1
                case .encryptionChange: tally.encryptionChanges += 1
                default: break
                }
                tally.events += 1
            case MonitorRecord.aclTransmitted, MonitorRecord.aclReceived:
                let packet = try HCIACLDataPacket(decoding: record.data)
                #expect(packet.encode() == record.data)
                tally.acl += 1
            default:
                continue  // index notes, mgmt traffic, system notes
            }
        }
        return tally
    }

    @Test func everyPacketOfARealKernelSessionDecodesAndReencodes() throws {
        let tally = try Self.decodeEveryPacket(try Self.monitorRecords(try Self.fixture("kernel-ble-user-channel.btsnoop")))
        // hci0 and hci1: the kernel's setup of each, then our hosts' sessions.
        #expect(tally.commands == 162 && tally.events == 440 && tally.acl == 522, "\(tally)")
        // Every command our hosts sent decodes to its type; the others are the kernel's own setup
        // of the dual-mode controllers before the user channel took them (BR/EDR and housekeeping).
        #expect(tally.unknownOpcodes == Self.kernelSetupOpcodes, "\(tally.unknownOpcodes.sorted().map { String($0, radix: 16) })")
        // The scan heard the SN, inspect connected (both sides see it) and paired (the SN is asked for the key).
        #expect(tally.advertisingReports > 0)
        #expect(tally.leConnections == 4, "two connections (inspect, read), each seen by both controllers")
        #expect(tally.keyRequests == 1)
        #expect(tally.encryptionChanges >= 2)
    }

    /// The commands the kernel sends for bluetoothd while it powers hci0 on, discovers and connects
    /// to the SN (hci_sync.c), which our host never sends.
    static let blueZCentralOpcodes: Set<UInt16> = [
        0x2007, 0x2011, 0x201C,  // LE Read Advertising Channel TX Power, LE Add Device To Filter Accept List, LE Read Supported States
        0x2029, 0x202A, 0x202E,  // LE Clear Resolving List, LE Read Resolving List Size, LE Set RPA Timeout
    ]

    /// BlueZ 5.66's central (the kernel's HCI and SMP for bluetoothd on hci0) against `ble simulate
    /// nightlight` on hci1 through the user channel: part a of the guest test `bluez-peer`, cut to
    /// that part's window with scripts/vm/btsnoop-window. Discovery, connection, GATT discovery and
    /// reads, LE Secure Connections pairing, encryption and a notification, seen from both sides.
    @Test func everyPacketOfABlueZCentralSessionWithOurNightlightDecodesAndReencodes() throws {
        let tally = try Self.decodeEveryPacket(try Self.monitorRecords(try Self.fixture("kernel-bluez-central.btsnoop")))
        #expect(tally.commands == 40 && tally.events == 157 && tally.acl == 212, "\(tally)")
        #expect(tally.unknownOpcodes == Self.blueZCentralOpcodes, "\(tally.unknownOpcodes.sorted().map { String($0, radix: 16) })")
        #expect(tally.advertisingReports > 0)
        #expect(tally.leConnections == 2, "one connection, seen by both controllers")
        #expect(tally.keyRequests == 1, "the SN is asked for the key it made when BlueZ paired")
        #expect(tally.encryptionChanges == 2)
    }

    @Test func aTruncatedOrForeignCaptureIsRefusedNotCrashedOn() throws {
        let file = try Self.fixture("kernel-ble-user-channel.btsnoop")
        #expect(throws: CaptureError.self) { _ = try Self.monitorRecords(Array(file.prefix(100))) }
        var pcap = file
        pcap[15] = 1  // datalink 2001 → 2049
        #expect(throws: CaptureError.self) { _ = try Self.monitorRecords(pcap) }
        #expect(throws: CaptureError.self) { _ = try Self.monitorRecords(Array("not a capture".utf8)) }
    }
}
