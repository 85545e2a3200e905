import BLEHCI
import Logging
import NIOCore
import NIOPosix

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `hci-socket:N`: the Linux HCI user channel of adapter hciN, which gives this process the whole
/// controller, bypassing BlueZ.
///
/// It opens `socket(AF_BLUETOOTH, SOCK_RAW | SOCK_CLOEXEC, BTPROTO_HCI)` and binds it to
/// `struct sockaddr_hci { hci_family = AF_BLUETOOTH, hci_dev = N, hci_channel = HCI_CHANNEL_USER }`
/// (linux `include/net/bluetooth/hci_sock.h`). Each read is one whole packet with its H4 indicator
/// byte, and each write must be one whole packet, so writes go out one at a time.
///
/// Needs `CAP_NET_ADMIN`, and the adapter down in BlueZ (`sudo btmgmt --index N power off`). The
/// kernel refuses otherwise, and the error says which and what to do.
public final class HCISocketTransport: HCITransport {
    /// The canonical spec of this transport.
    public let spec: TransportSpec
    /// The packets received from the controller; finishes on ``close()`` and throws when the link fails.
    public let packets: AsyncThrowingStream<HCIPacket, any Error>
    private let connection: ChannelConnection

    private init(spec: TransportSpec, packets: AsyncThrowingStream<HCIPacket, any Error>, connection: ChannelConnection) {
        self.spec = spec
        self.packets = packets
        self.connection = connection
    }

    /// Opens the user channel of adapter `hci<adapter>`.
    ///
    /// - Throws: ``TransportError``: `unavailable` when the kernel has no Bluetooth sockets,
    ///   `permissionDenied` without `CAP_NET_ADMIN`, `busy` when BlueZ or another program uses the
    ///   adapter, `notFound` when there is no such adapter, `unsupported` off Linux.
    public static func open(adapter: Int, options: TransportOptions) async throws -> HCISocketTransport {
        let spec = TransportSpec.hciSocket(adapter: adapter)
        let name = spec.description
        guard let device = UInt16(exactly: adapter), device != HCISocketAddress.noDevice else {
            throw TransportError(.invalidSpec, spec: name, "adapter \(adapter) is out of range 0…65534")
        }
        #if os(Linux)
        let descriptor = socket(
            HCISocketAddress.addressFamily,
            Int32(SOCK_RAW.rawValue | SOCK_CLOEXEC.rawValue | SOCK_NONBLOCK.rawValue),
            HCISocketAddress.protocolHCI
        )
        guard descriptor >= 0 else { throw openError(errno, step: .socket, adapter: adapter, spec: name) }
        let address = HCISocketAddress(device: device, channel: HCISocketAddress.userChannel)
        let bound = address.bytes.withUnsafeBytes { raw in
            bind(descriptor, raw.baseAddress!.assumingMemoryBound(to: sockaddr.self), socklen_t(raw.count))
        }
        guard bound == 0 else {
            let code = errno
            SystemCalls.close(descriptor)
            throw openError(code, step: .bind, adapter: adapter, spec: name)
        }
        do {
            let transport = try await adopt(descriptor: descriptor, spec: spec, options: options)
            options.logger.info("\(name): opened the HCI user channel of hci\(adapter)", metadata: ["transport": "\(name)"])
            return transport
        } catch {
            SystemCalls.close(descriptor)
            throw error
        }
        #else
        throw TransportError(.unsupported, spec: name, "the HCI user channel is Linux only; use serial: or tcp-client: here")
        #endif
    }

    /// Wraps a descriptor on which each read is one H4 frame and each write must be one (a bound
    /// HCI socket, or a `SOCK_SEQPACKET` socket in tests). On failure the descriptor is still the
    /// caller's.
    static func adopt(descriptor: CInt, spec: TransportSpec, options: TransportOptions) async throws -> HCISocketTransport {
        let name = spec.description
        let (packets, continuation) = AsyncThrowingStream.makeStream(of: HCIPacket.self, throwing: (any Error).self)
        let logger = options.logger
        let channel: any Channel
        do {
            channel = try await NIOPipeBootstrap(group: options.eventLoopGroup)
                .channelOption(.recvAllocator, value: FixedSizeRecvByteBufferAllocator(capacity: H4.maximumFrameLength))
                .takingOwnershipOfDescriptor(inputOutput: descriptor) { channel in
                    channel.eventLoop.makeCompletedFuture {
                        try channel.pipeline.syncOperations.addHandler(OneWriteAtATimeHandler())
                        try channel.pipeline.syncOperations.addHandler(
                            H4ChannelHandler(framing: .datagram, continuation: continuation, logger: logger, spec: name, peerName: "the adapter")
                        )
                        return channel
                    }
                }
        } catch {
            continuation.finish()
            throw TransportError(.io, spec: name, "cannot use the HCI socket with NIO: \(error)")
        }
        let connection = ChannelConnection(channel: channel, spec: name, peerName: "the adapter", continuation: continuation)
        return HCISocketTransport(spec: spec, packets: packets, connection: connection)
    }

    /// Sends one packet and waits until the kernel has taken it.
    public func send(_ packet: HCIPacket) async throws {
        try await connection.send(packet)
    }

    /// Closes the socket (the kernel gives the adapter back); ``packets`` finishes and later sends
    /// throw. Idempotent.
    public func close() async {
        await connection.close()
    }

    /// Which system call failed while opening.
    enum Step {
        case socket
        case bind
    }

    /// `ERFKILL` (linux `include/uapi/asm-generic/errno.h`): the adapter's radio is blocked by
    /// rfkill, so the kernel cannot power it up for the user channel.
    static let rfkillErrno: CInt = 132

    /// An `errno` from opening the user channel, in the user's terms.
    static func openError(_ code: CInt, step: Step, adapter: Int, spec: String) -> TransportError {
        let capability = "needs CAP_NET_ADMIN: run as root or `sudo setcap cap_net_admin+eip` on the executable"
        switch (step, code) {
        case (.socket, EAFNOSUPPORT), (.socket, EPROTONOSUPPORT), (.socket, ESOCKTNOSUPPORT):
            return TransportError(
                .unavailable, spec: spec,
                "Linux Bluetooth sockets are not available (\(TransportError.errnoName(code))): this kernel has no Bluetooth support"
                    + " (or this runs in a container without the host's network namespace)"
            )
        case (_, EPERM), (_, EACCES):
            return TransportError(.permissionDenied, spec: spec, "the HCI user channel \(capability) (\(TransportError.errnoName(code)))")
        case (.bind, ENODEV):
            return TransportError(
                .notFound, spec: spec,
                "there is no adapter hci\(adapter) (ENODEV): list them with `btmgmt info` or `ls /sys/class/bluetooth`"
            )
        case (.bind, EBUSY):
            // The kernel says EBUSY for an adapter that is up: powered on in BlueZ, or held by
            // another program's user channel (EUSERS is only for a race between two binds).
            return TransportError(
                .busy, spec: spec,
                "adapter hci\(adapter) is in use (EBUSY): BlueZ has it powered on (power it down with"
                    + " `sudo btmgmt --index \(adapter) power off`), or another program holds its user channel (stop that program)"
            )
        case (.bind, rfkillErrno):
            return TransportError(
                .unavailable, spec: spec,
                "adapter hci\(adapter) is blocked by rfkill (ERFKILL): unblock it with `sudo rfkill unblock bluetooth`"
            )
        case (.bind, EUSERS), (.bind, EALREADY):
            return TransportError(
                .busy, spec: spec,
                "another program already holds the user channel of hci\(adapter) (\(TransportError.errnoName(code))): stop it first"
            )
        default:
            let call = step == .socket ? "socket(AF_BLUETOOTH)" : "bind(HCI_CHANNEL_USER)"
            return TransportError(.io, spec: spec, "\(call) failed for hci\(adapter): \(TransportError.errnoText(code))")
        }
    }
}

/// `struct sockaddr_hci` (linux `include/net/bluetooth/hci_sock.h`): three host-order 16-bit
/// fields, 6 bytes in all.
///
/// ```c
/// struct sockaddr_hci {
///     sa_family_t    hci_family;   // AF_BLUETOOTH (31)
///     unsigned short hci_dev;      // adapter index: 0 for hci0
///     unsigned short hci_channel;  // HCI_CHANNEL_USER (1)
/// };
/// ```
struct HCISocketAddress: Hashable {
    /// `AF_BLUETOOTH` (`include/linux/socket.h`).
    static let addressFamily: CInt = 31
    /// `BTPROTO_HCI` (`include/net/bluetooth/bluetooth.h`).
    static let protocolHCI: CInt = 1
    /// `HCI_CHANNEL_RAW`.
    static let rawChannel: UInt16 = 0
    /// `HCI_CHANNEL_USER`: exclusive access to one adapter.
    static let userChannel: UInt16 = 1
    /// `HCI_DEV_NONE`: no adapter (invalid for the user channel).
    static let noDevice: UInt16 = 0xFFFF

    /// `hci_dev`.
    var device: UInt16
    /// `hci_channel`.
    var channel: UInt16

    /// The 6 bytes passed to `bind`, in host byte order.
    var bytes: [UInt8] {
        var fields = [UInt16(Self.addressFamily), device, channel]
        return fields.withUnsafeMutableBytes { Array($0) }
    }
}
