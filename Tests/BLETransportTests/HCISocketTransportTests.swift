import BLEHCI
@testable import BLETransport
import Testing

#if canImport(Glibc)
import Glibc
#endif

@Suite struct HCISocketTransportTests {
    @Test func socketAddressLayout() {
        // struct sockaddr_hci { sa_family_t hci_family; unsigned short hci_dev; unsigned short hci_channel; }
        #expect(MemoryLayout<sa_family_t>.size == 2)
        #expect(HCISocketAddress.addressFamily == 31)
        #expect(HCISocketAddress.protocolHCI == 1)
        #expect(HCISocketAddress.userChannel == 1)
        let isLittleEndian = 1.littleEndian == 1
        let hci0 = HCISocketAddress(device: 0, channel: HCISocketAddress.userChannel).bytes
        let hci1 = HCISocketAddress(device: 1, channel: HCISocketAddress.userChannel).bytes
        let big = HCISocketAddress(device: 0x1234, channel: HCISocketAddress.userChannel).bytes
        if isLittleEndian {
            #expect(hci0 == [0x1F, 0x00, 0x00, 0x00, 0x01, 0x00])
            #expect(hci1 == [0x1F, 0x00, 0x01, 0x00, 0x01, 0x00])
            #expect(big == [0x1F, 0x00, 0x34, 0x12, 0x01, 0x00])
        } else {
            #expect(hci1 == [0x00, 0x1F, 0x00, 0x01, 0x00, 0x01])
        }
    }

    static let errors: [(HCISocketTransport.Step, CInt, TransportError.Code, String)] = [
        (.socket, EAFNOSUPPORT, .unavailable, "Linux Bluetooth sockets are not available (EAFNOSUPPORT): this kernel has no Bluetooth support (or this runs in a container without the host's network namespace)"),
        (.socket, EPERM, .permissionDenied, "the HCI user channel needs CAP_NET_ADMIN: run as root or `sudo setcap cap_net_admin+eip` on the executable (EPERM)"),
        (.bind, EPERM, .permissionDenied, "the HCI user channel needs CAP_NET_ADMIN: run as root or `sudo setcap cap_net_admin+eip` on the executable (EPERM)"),
        (.bind, EBUSY, .busy, "adapter hci1 is in use (EBUSY): BlueZ has it powered on (power it down with `sudo btmgmt --index 1 power off`), or another program holds its user channel (stop that program)"),
        (.bind, 132, .unavailable, "adapter hci1 is blocked by rfkill (ERFKILL): unblock it with `sudo rfkill unblock bluetooth`"),
        (.bind, ENODEV, .notFound, "there is no adapter hci1 (ENODEV): list them with `btmgmt info` or `ls /sys/class/bluetooth`"),
        (.bind, EUSERS, .busy, "another program already holds the user channel of hci1 (EUSERS): stop it first"),
        (.bind, EALREADY, .busy, "another program already holds the user channel of hci1 (EALREADY): stop it first"),
        (.bind, EINVAL, .io, "bind(HCI_CHANNEL_USER) failed for hci1: Invalid argument (EINVAL)"),
    ]

    @Test(arguments: errors)
    func errnoMapping(step: HCISocketTransport.Step, code: CInt, expected: TransportError.Code, message: String) {
        let error = HCISocketTransport.openError(code, step: step, adapter: 1, spec: "hci-socket:1")
        #expect(error.code == expected)
        #expect(error.message == message)
        #expect(error.description == "hci-socket:1: " + message)
    }

    /// There is no kernel Bluetooth here: opening must fail with the clear error, not crash. (On a
    /// machine with Bluetooth it fails for lack of CAP_NET_ADMIN, a powered adapter or no hci0.)
    @Test func openingHereFailsClearly() async throws {
        do {
            let transport = try await Transports.open("hci-socket:0", options: LogRecorder().options())
            await transport.close()  // A privileged machine with a powered-down hci0: nothing to check.
        } catch let error as TransportError {
            #expect([.unavailable, .permissionDenied, .busy, .notFound].contains(error.code), "\(error)")
            #expect(error.spec == "hci-socket:0")
            let probe = socket(31, Int32(SOCK_RAW.rawValue | SOCK_CLOEXEC.rawValue), 1)
            if probe < 0, errno == EAFNOSUPPORT {
                #expect(error.description.hasPrefix("hci-socket:0: Linux Bluetooth sockets are not available (EAFNOSUPPORT)"))
            } else if probe >= 0 {
                close(probe)
            }
        }
    }

    @Test func adapterOutOfRange() async {
        await #expect {
            _ = try await HCISocketTransport.open(adapter: 0xFFFF, options: LogRecorder().options())
        } throws: { ($0 as? TransportError)?.code == .invalidSpec }
    }

    /// The datagram path (one packet per read and per write) over a `SOCK_SEQPACKET` socket pair,
    /// which keeps record boundaries as the HCI socket does.
    @Test(.timeLimit(.minutes(1))) func datagramFramingKeepsOnePacketPerWrite() async throws {
        var pair: [CInt] = [-1, -1]
        #expect(socketpair(AF_UNIX, Int32(SOCK_SEQPACKET.rawValue | SOCK_CLOEXEC.rawValue), 0, &pair) == 0)
        // A junk record first: logged and dropped, the stream goes on.
        let junk: [UInt8] = [0x04, 0x0E, 0x09, 0x01]
        #expect(write(pair[1], junk, junk.count) == junk.count)

        // A small send buffer, and nobody reading yet: sends queue up inside NIO, where a plain
        // stream channel would merge them into one writev (one record holding many packets).
        var sendBuffer: CInt = 4096
        #expect(setsockopt(pair[1], SOL_SOCKET, SO_SNDBUF, &sendBuffer, socklen_t(MemoryLayout<CInt>.size)) == 0)

        let log = LogRecorder()
        let controller = try await HCISocketTransport.adopt(
            descriptor: pair[1], spec: .hciSocket(adapter: 1), options: log.options(side: .controller)
        )
        let events = (0..<200).map { index in
            HCIPacket.event(HCIEventPacket(eventCode: .commandComplete, parameters: [0x01, UInt8(index), 0x0C, 0x00]))
        }
        let sending = Task {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for event in events { group.addTask { try await controller.send(event) } }
                try await group.waitForAll()
            }
        }
        try await Task.sleep(for: .milliseconds(50))
        let host = try await HCISocketTransport.adopt(descriptor: pair[0], spec: .hciSocket(adapter: 0), options: log.options())
        let received = try await receive(events.count, from: host)
        try await withTimeout("the sends") { try await sending.value }
        #expect(Set(received) == Set(events))
        #expect(log.contains("hci-socket:0: dropped a 4-byte frame"))
        #expect(log.messages.filter { $0.contains("dropped") }.count == 1)

        try await host.send(Sample.reset)
        try await host.send(Sample.bigACL)
        #expect(try await receive(2, from: controller) == [Sample.reset, Sample.bigACL])

        await controller.close()
        #expect((try await streamEnd(of: host) as? TransportError)?.code == .peerClosed)
        await host.close()
    }
}
