import BLECore
import BLEHCI
import Logging
import Synchronization

/// A virtual LE controller: the HCI command set an LE host needs, answered as Core 5.4, Vol 4,
/// Part E specifies, on a ``VirtualLink`` shared with other virtual controllers.
///
/// A host drives it through ``hostTransport`` (in process) or, through ``VirtualHCIServer``, over
/// H4 on TCP. Commands complete with Num_HCI_Command_Packets = 1; unknown opcodes are answered
/// Unknown HCI Command (0x01), malformed or out-of-range parameters Invalid HCI Command
/// Parameters (0x12), commands the current state forbids the spec's status (Command Disallowed,
/// 0x0C, for most). Events honour HCI_Set_Event_Mask and HCI_LE_Set_Event_Mask.
///
/// What the link does (advertising reports, connections, ACL data, disconnections, procedure
/// completions) reaches the controller as messages it handles one at a time, in the order the
/// link decided, between host commands.
public actor VirtualController {
    /// What the controller reports about itself and its buffer sizes.
    public nonisolated let configuration: VirtualControllerConfiguration
    /// The public device address (BD_ADDR).
    public nonisolated var publicAddress: DeviceAddress { configuration.publicAddress }

    /// What the controller is doing on the air, shared with its link.
    nonisolated let air = Mutex(VirtualAirState())
    /// Messages from the link.
    nonisolated let inbox = AsyncFIFO<VirtualLinkMessage>()
    /// The current host connection.
    private nonisolated let host: Mutex<HostEnd>
    /// The link this controller is attached to (weak: the link owns its controllers).
    private nonisolated let linkBox = Mutex(LinkReference())
    let logger: Logger

    /// HCI_Set_Event_Mask.
    var eventMask = HCIEventMask.defaultAfterReset
    /// HCI_LE_Set_Event_Mask.
    var leEventMask = HCILEEventMask.defaultAfterReset
    /// HCI_LE_Set_Random_Address, `nil` until set.
    var randomAddress: DeviceAddress?
    /// HCI_LE_Set_Advertising_Parameters.
    var advertisingParameters = VirtualController.defaultAdvertisingParameters
    /// HCI_LE_Set_Advertising_Data.
    var advertisingData: [UInt8] = []
    /// HCI_LE_Set_Scan_Response_Data.
    var scanResponseData: [UInt8] = []
    /// HCI_LE_Set_Scan_Parameters.
    var scanParameters = VirtualController.defaultScanParameters
    /// Filter_Duplicates of the current scan.
    var filtersDuplicates = false
    /// The reports already sent while filtering duplicates.
    var reportedAdvertisers: Set<DuplicateKey> = []
    /// Connections by Connection_Handle.
    var connections: [UInt16: Connection] = [:]
    /// ACL buffers holding packets not yet delivered to the peer.
    var buffersInUse = 0
    /// HCI_Set_Controller_To_Host_Flow_Control.
    var controllerToHostFlowControl: UInt8 = 0
    /// Counters of host mistakes and traffic.
    public internal(set) var statistics = VirtualControllerStatistics()

    /// Creates a controller, powered on and reset, attached to no link.
    public init(configuration: VirtualControllerConfiguration, logger: Logger? = nil) {
        self.configuration = configuration
        var logger = logger ?? Logger(label: "nightlight.virtual")
        logger[metadataKey: "controller"] = "\(configuration.name)"
        self.logger = logger
        host = Mutex(HostEnd(generation: 0, receiveBufferCount: Int(configuration.totalNumACLDataPackets)))
        let inbox = self.inbox
        Task { [weak self] in
            while let message = await inbox.next() {
                guard let self else { return }
                await self.handle(message, thenQueuedOn: inbox)
            }
        }
    }

    /// Creates a controller with a public address and default buffers and features.
    public init(publicAddress: DeviceAddress, name: String? = nil, logger: Logger? = nil) {
        self.init(configuration: VirtualControllerConfiguration(publicAddress: publicAddress, name: name), logger: logger)
    }

    deinit {
        inbox.finish()
        host.withLock { $0.fifo.finish() }
    }

    /// The host's end of this controller's HCI. After that transport is closed this is a new
    /// one, for the next host.
    public nonisolated var hostTransport: VirtualHCIHostTransport {
        host.withLock { VirtualHCIHostTransport(controller: self, generation: $0.generation, fifo: $0.fifo) }
    }

    /// The link this controller is attached to, if any.
    public nonisolated var link: VirtualLink? { linkBox.withLock { $0.link } }

    nonisolated func setLink(_ link: VirtualLink?) {
        linkBox.withLock { $0.link = link }
    }

    /// Whether advertising is enabled.
    public nonisolated var isAdvertising: Bool { air.withLock { $0.advertising != nil } }
    /// Whether scanning is enabled.
    public nonisolated var isScanning: Bool { air.withLock { $0.isScanning } }
    /// Whether an HCI_LE_Create_Connection is pending.
    public nonisolated var isInitiating: Bool { air.withLock { $0.initiating != nil } }

    /// Waits until every message the link has queued for this controller so far (advertising
    /// reports, data, procedure completions) is handled and its events are on the host
    /// transport: a synchronisation point for tests that check that something did *not* happen.
    public nonisolated func waitUntilIdle() async {
        await withCheckedContinuation { continuation in
            inbox.yield(.barrier(continuation))
        }
    }

    /// The Connection_Handles of the open connections, in order.
    public var connectionHandles: [UInt16] { connections.keys.sorted() }

    // MARK: - Host side

    /// A packet from the host on transport `generation`.
    func receive(_ packet: HCIPacket, generation: Int) throws {
        guard host.withLock({ $0.generation == generation }) else {
            throw VirtualError(.closed, "the host transport of \(configuration.name) is closed; take a new one from hostTransport")
        }
        switch packet {
        case .command(let command):
            handleCommand(command)
        case .aclData(let data):
            handleHostACL(data)
        case .event:
            logger.warning("dropped an HCI event sent by the host: hosts send commands and data, not events")
        case .synchronousData, .isoData:
            logger.warning("dropped \(packet.packetType) packet: this controller is LE ACL only")
        }
    }

    /// Handles packets back to back, as a burst a host wrote without waiting for anything in
    /// between; the link's messages wait until the burst is over. Stops at the first packet the
    /// transport refuses (closed) and throws.
    func receive(_ packets: [HCIPacket], generation: Int) throws {
        for packet in packets { try receive(packet, generation: generation) }
    }

    /// ``receive(_:generation:)`` for the packets of `transport`.
    func receiveBurst(_ packets: [HCIPacket], from transport: VirtualHCIHostTransport) throws {
        try receive(packets, generation: transport.generation)
    }

    /// Handles a message from the link, then those queued behind it, in one turn on the actor.
    func handle(_ message: VirtualLinkMessage, thenQueuedOn inbox: AsyncFIFO<VirtualLinkMessage>) {
        handle(message)
        for _ in 1..<AsyncFIFO<VirtualLinkMessage>.batchLimit {
            guard let next = inbox.poll() else { return }
            handle(next)
        }
    }

    /// Closes host transport `generation` and opens a fresh one for the next host.
    func closeHost(generation: Int) {
        let closed = host.withLock { end -> HostEnd? in
            guard end.generation == generation else { return nil }
            defer { end = HostEnd(generation: generation + 1, receiveBufferCount: Int(configuration.totalNumACLDataPackets)) }
            return end
        }
        // Outside the lock: the acknowledgements go through the link's.
        closed?.fifo.finish()
        closed?.receiveBuffers.releaseAll()
    }

    /// Sends a packet to the host, unconditionally.
    func sendToHost(_ packet: HCIPacket) {
        host.withLock { _ = $0.fifo.yield(packet) }
    }

    /// Sends the fragments of one packet the peer transmitted on `handle` to the host; the peer
    /// gets its buffer back (`acknowledgement`) once they fit in this controller's receive
    /// buffers.
    func sendToHost(
        _ fragments: [VirtualACLFragment], on handle: UInt16, acknowledgement: VirtualReceiveBuffers.Acknowledgement?
    ) {
        let end = host.withLock { $0 }
        end.receiveBuffers.hold(fragments.count, acknowledgement: acknowledgement)
        for fragment in fragments {
            end.fifo.yield(.aclData(HCIACLDataPacket(
                handle: handle, packetBoundaryFlag: fragment.packetBoundaryFlag, data: fragment.data
            )))
        }
    }

    /// Sends an event to the host unless the event masks suppress it (Core 5.4, Vol 4, Part E,
    /// 7.3.1 and 7.8.1). Command Complete and Command Status always go through.
    func emit(_ event: HCIEvent) {
        guard isUnmasked(event) else { return }
        sendToHost(.event(event.packet))
    }

    /// Whether the event masks let `event` through to the host.
    func isUnmasked(_ event: HCIEvent) -> Bool {
        switch event {
        case .commandComplete, .commandStatus:
            return true
        case .leMeta(let subevent):
            return eventMask.contains(.leMeta) && leEventMask.contains(HCILEEventMask(subevent: subevent.subeventCode))
        case .disconnectionComplete:
            return eventMask.contains(.disconnectionComplete)
        case .numberOfCompletedPackets:
            return eventMask.contains(.numberOfCompletedPackets)
        case .dataBufferOverflow:
            return eventMask.contains(.dataBufferOverflow)
        case .hardwareError:
            return eventMask.contains(.hardwareError)
        case .encryptionChange:
            return eventMask.contains(.encryptionChange)
        case .encryptionKeyRefreshComplete:
            return eventMask.contains(.encryptionKeyRefreshComplete)
        case .unknown(let code, _):
            let bit = Int(code.rawValue) - 1
            return (0..<64).contains(bit) && eventMask.rawValue & (1 << UInt64(bit)) != 0
        }
    }

    // MARK: - Addresses

    /// The address used on the air for an own-address type: public for 0x00 and 0x02 (no
    /// resolving list), the random address for 0x01 and 0x03, `nil` when that is not set.
    func ownAddress(for type: HCIOwnAddressType) -> DeviceAddress? {
        switch type {
        case .public, .resolvableOrPublic: publicAddress
        default: randomAddress
        }
    }

    /// Whether `address` is one of this controller's.
    func isOwnAddress(_ address: DeviceAddress) -> Bool {
        address == publicAddress || address == randomAddress
    }

    /// The connection with the link's identifier `id`.
    func connection(withID id: UInt64) -> Connection? {
        connections.values.first { $0.id == id }
    }

    // MARK: - Defaults

    /// The advertising parameters after reset (Core 5.4, Vol 4, Part E, 7.8.5): 1.28 s,
    /// ADV_IND, public address, all channels, no filter.
    static let defaultAdvertisingParameters = HCILESetAdvertisingParameters(
        advertisingIntervalMin: 0x0800, advertisingIntervalMax: 0x0800, advertisingType: .advInd,
        ownAddressType: .public, peerAddressType: .public, peerAddress: VirtualController.zeroAddress
    )

    /// The scan parameters after reset (7.8.10): passive, 10 ms interval and window.
    static let defaultScanParameters = HCILESetScanParameters(
        leScanType: .passive, leScanInterval: 0x0010, leScanWindow: 0x0010, ownAddressType: .public
    )

    /// 00:00:00:00:00:00, public.
    static let zeroAddress: DeviceAddress = {
        var reader = ByteReader([0, 0, 0, 0, 0, 0])
        return DeviceAddress.read(from: &reader, isRandom: false)!
    }()

    /// 00:00:00:00:00:00, random: the "no resolvable private address" of the enhanced events.
    static let zeroRandomAddress: DeviceAddress = {
        var reader = ByteReader([0, 0, 0, 0, 0, 0])
        return DeviceAddress.read(from: &reader, isRandom: true)!
    }()
}

extension VirtualController {
    /// The host's end of the HCI: the queue of packets to the host and its generation.
    struct HostEnd: Sendable {
        let generation: Int
        /// Received ACL packets held for this host.
        let receiveBuffers: VirtualReceiveBuffers
        /// The packets to the host; taking an ACL packet frees its receive buffer.
        let fifo: AsyncFIFO<HCIPacket>

        init(generation: Int, receiveBufferCount: Int) {
            self.generation = generation
            let receiveBuffers = VirtualReceiveBuffers(count: receiveBufferCount)
            self.receiveBuffers = receiveBuffers
            fifo = AsyncFIFO { packet in
                if case .aclData = packet { receiveBuffers.hostTookPacket() }
            }
        }
    }

    /// A weak reference to the link.
    struct LinkReference: Sendable {
        weak var link: VirtualLink?
    }

    /// One open connection, as this end sees it.
    struct Connection: Sendable {
        /// The link's identifier, never reused.
        var id: UInt64
        /// Connection_Handle.
        var handle: UInt16
        /// This end's role.
        var role: HCIRole
        /// The other end's address.
        var peerAddress: DeviceAddress
        /// Interval, latency, supervision timeout.
        var parameters: VirtualConnectionParameters
        /// The PHY, both directions.
        var phy = HCILEPHY.le1M
        /// This end's transmit data length.
        var tx = VirtualDataLength.initial
        /// This end's receive data length.
        var rx = VirtualDataLength.initial
        /// The other end's LE features.
        var peerFeatures: HCILEFeatures
        /// ACL packets from the host not yet delivered to the peer.
        var packetsInFlight = 0
        /// Whether the link is encrypted (Core 5.4, Vol 6, Part B, 5.1.3).
        var isEncrypted = false
        /// A peripheral's HCI_LE_Long_Term_Key_Request waits for its host's reply.
        var isAwaitingLongTermKey = false
    }

    /// What duplicate filtering compares: the advertiser and the kind of report.
    struct DuplicateKey: Hashable, Sendable {
        var address: DeviceAddress
        var eventType: UInt8
    }
}

/// Counters a ``VirtualController`` keeps of its host's mistakes and of its traffic.
public struct VirtualControllerStatistics: Sendable, Hashable {
    /// ACL packets the host sent while it had no ACL credit left: a host bug.
    public var aclCreditOverruns = 0
    /// ACL packets longer than LE_ACL_Data_Packet_Length: a host bug.
    public var oversizedACLPackets = 0
    /// ACL packets on a Connection_Handle that is not open (dropped).
    public var unknownHandleACLPackets = 0
    /// ACL packets from the host handed to the link.
    public var aclPacketsSent = 0
    /// ACL packets delivered to the host.
    public var aclPacketsReceived = 0
    /// Commands received, including unknown and malformed ones.
    public var commands = 0

    /// Creates zeroed counters.
    public init() {}
}
