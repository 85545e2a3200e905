import BLECore
import BLEHCI
import Logging
import Synchronization

/// The air between virtual controllers: advertising, scanning, connections and their data.
///
/// Each advertising controller's PDUs reach every scanning controller once per advertising
/// interval, timed by the injected clock (tests pass a manual clock, tools `ContinuousClock()`),
/// with an RSSI from the two devices' distances (``VirtualRadioModel``) and noise from a seeded
/// generator, so runs repeat. A pending HCI_LE_Create_Connection to a connectable advertiser
/// connects at that advertiser's next advertising event; the advertiser stops advertising, as
/// the spec has it. Connections carry ACL data, fragmented to the connection's data length, and
/// the procedures (connection update, data length, PHY, encryption, disconnection) reach both
/// ends. Encryption compares the two ends' long-term keys: a mismatch ends the connection with
/// a MIC failure, and an unanswered key request with the LL response timeout of the clock.
///
/// Distance is simplified to one number per device: how far it is from the others' common
/// vantage point. Two devices are as far apart as the farther of the two, so a central at 1 m
/// and a peripheral at 10 m are 10 m apart.
public final class VirtualLink: Sendable {
    private let clock: any Clock<Duration>
    private let radio: VirtualRadioModel
    private let logger: Logger
    private let state: Mutex<State>

    /// Creates an empty link.
    /// - Parameters:
    ///   - clock: times advertising events.
    ///   - radio: the path-loss model.
    ///   - seed: the seed of the RSSI noise.
    public init(
        clock: some Clock<Duration>,
        radio: VirtualRadioModel = VirtualRadioModel(),
        seed: UInt64 = 0x4E69_6768_746C_6967,
        logger: Logger? = nil
    ) {
        self.clock = clock
        self.radio = radio
        self.logger = logger ?? Logger(label: "nightlight.virtual.link")
        state = Mutex(State(noise: VirtualNoiseGenerator(seed: seed)))
    }

    deinit {
        state.withLock { state in
            for timer in state.advertisers.values { timer.task.cancel() }
            for connection in state.connections.values { connection.encryption?.timer.cancel() }
        }
    }

    /// The controllers on the link, in the order they were attached.
    public var controllers: [VirtualController] {
        state.withLock { $0.members.map(\.controller) }
    }

    /// Attaches a controller `distance` metres from the others' vantage point. A controller
    /// already advertising starts being heard at once; one on another link leaves it first.
    public func attach(_ controller: VirtualController, distance: Double = 1) {
        if let other = controller.link, other !== self { other.detach(controller) }
        state.withLock { state in
            guard state.index(of: controller) == nil else { return }
            state.append(Member(controller: controller, distance: distance))
            controller.setLink(self)
            refreshAdvertising(of: controller, in: &state)
            if controller.air.withLock({ $0.isScanning || $0.initiating != nil }) {
                state.listeners.insert(ObjectIdentifier(controller))
            }
        }
    }

    /// Detaches a controller, as if it went out of range: its connections end on both sides
    /// with Connection Timeout (0x08).
    public func detach(_ controller: VirtualController) {
        state.withLock { state in
            guard let index = state.index(of: controller) else { return }
            stopAdvertisingTimer(of: controller, in: &state)
            for connection in state.connections.values where connection.involves(controller) {
                drop(connection, in: &state, reasonForCentral: .connectionTimeout, reasonForPeripheral: .connectionTimeout)
            }
            state.remove(at: index)
            controller.setLink(nil)
        }
    }

    /// Moves a controller to `distance` metres.
    public func setDistance(_ distance: Double, of controller: VirtualController) {
        state.withLock { state in
            guard let index = state.index(of: controller) else { return }
            state.members[index].distance = distance
        }
    }

    /// The distance of a controller, or `nil` when it is not on this link.
    public func distance(of controller: VirtualController) -> Double? {
        state.withLock { state in state.index(of: controller).map { state.members[$0].distance } }
    }

    /// The number of open connections.
    public var connectionCount: Int { state.withLock { $0.connections.count } }

    /// Breaks every connection between two controllers as if the radio link failed: both
    /// hosts get Disconnection Complete with Connection Timeout (0x08), as when the supervision
    /// timeout expires.
    public func simulateLinkLoss(between first: VirtualController, and second: VirtualController) {
        state.withLock { state in
            for connection in state.connections.values where connection.involves(first) && connection.involves(second) {
                drop(connection, in: &state, reasonForCentral: .connectionTimeout, reasonForPeripheral: .connectionTimeout)
            }
        }
    }

    // MARK: - Called by controllers

    /// The controller enabled or disabled advertising: starts or stops its advertising events.
    func advertisingChanged(_ controller: VirtualController) {
        state.withLock { refreshAdvertising(of: controller, in: &$0) }
    }

    /// The controller started scanning or initiating: the link's advertising events go to it.
    func startedListening(_ controller: VirtualController) {
        state.withLock { state in
            guard state.index(of: controller) != nil else { return }
            state.listeners.insert(ObjectIdentifier(controller))
        }
    }

    /// The controller was reset: its advertising stops and its connections vanish, the peers
    /// seeing a supervision timeout (0x08). The controller itself hears nothing of them.
    func controllerDidReset(_ controller: VirtualController) {
        state.withLock { state in
            stopAdvertisingTimer(of: controller, in: &state)
            for connection in state.connections.values where connection.involves(controller) {
                state.connections[connection.id] = nil
                connection.encryption?.timer.cancel()
                if let peer = connection.peer(of: controller), let member = state.member(peer) {
                    member.controller.inbox.yield(.disconnected(connection: connection.id, reason: .connectionTimeout))
                }
            }
        }
    }

    /// Whether a connection is still open.
    func isOpen(connection id: UInt64) -> Bool {
        state.withLock { $0.connections[id] != nil }
    }

    /// Sends one host ACL packet over a connection: the peer's host receives it as link-layer
    /// PDUs of at most the sender's data length, the first flagged "first automatically
    /// flushable" when the packet started an L2CAP PDU. Returns `false` when the connection is
    /// gone.
    func transmit(
        connection id: UInt64,
        from sender: VirtualController,
        packetBoundaryFlag: HCIACLDataPacket.PacketBoundaryFlag,
        data: [UInt8]
    ) -> Bool {
        state.withLock { state in
            guard let connection = state.connections[id], let peer = connection.peer(of: sender),
                  let member = state.member(peer)
            else { return false }
            let maximum = max(Int(connection.transmitLength(of: sender).octets), 1)
            var fragments: [VirtualACLFragment] = []
            var offset = 0
            repeat {
                let end = min(offset + maximum, data.count)
                let flag: HCIACLDataPacket.PacketBoundaryFlag =
                    offset == 0 && packetBoundaryFlag.isFirst ? .firstAutomaticallyFlushable : .continuing
                fragments.append(VirtualACLFragment(packetBoundaryFlag: flag, data: Array(data[offset..<end])))
                offset = end
            } while offset < data.count
            member.controller.inbox.yield(.aclData(connection: id, fragments: fragments, from: ObjectIdentifier(sender)))
            return true
        }
    }

    /// The receiver delivered one ACL packet of `sender`'s: its buffer goes back.
    func acknowledge(connection id: UInt64, to sender: ObjectIdentifier) {
        let receiver = state.withLock { $0.member(sender) }
        receiver?.controller.inbox.yield(.completed(connection: id, count: 1))
    }

    /// Ends a connection at `controller`'s host's request: that host gets Connection Terminated
    /// By Local Host (0x16), the peer's host `reason`. Returns `false` when it is already gone.
    func disconnect(connection id: UInt64, by controller: VirtualController, reason: HCIStatus) -> Bool {
        state.withLock { state in
            guard let connection = state.connections[id] else { return false }
            let byCentral = connection.central == ObjectIdentifier(controller)
            drop(
                connection, in: &state,
                reasonForCentral: byCentral ? .connectionTerminatedByLocalHost : reason,
                reasonForPeripheral: byCentral ? reason : .connectionTerminatedByLocalHost
            )
            return true
        }
    }

    /// Applies new connection parameters; both ends get LE Connection Update Complete.
    func updateConnection(_ id: UInt64, parameters: VirtualConnectionParameters) {
        state.withLock { state in
            guard var connection = state.connections[id] else { return }
            connection.parameters = parameters
            state.connections[id] = connection
            send(.connectionUpdated(connection: id, parameters: parameters), toBothEndsOf: connection, in: state)
        }
    }

    /// Sets `controller`'s transmit data length; when it changes, both ends get LE Data Length
    /// Change (Core 5.4, Vol 4, Part E, 7.7.65.7).
    func setDataLength(_ id: UInt64, by controller: VirtualController, tx: VirtualDataLength) {
        state.withLock { state in
            guard var connection = state.connections[id], connection.transmitLength(of: controller) != tx,
                  let peer = connection.peer(of: controller)
            else { return }
            connection.setTransmitLength(tx, of: controller)
            state.connections[id] = connection
            let peerTX = connection.transmitLength(of: peer)
            state.member(ObjectIdentifier(controller))?.controller.inbox
                .yield(.dataLengthChanged(connection: id, tx: tx, rx: peerTX))
            state.member(peer)?.controller.inbox.yield(.dataLengthChanged(connection: id, tx: peerTX, rx: tx))
        }
    }

    /// Switches the connection's PHY; the requesting end always gets LE PHY Update Complete,
    /// the peer only when the PHY changed (7.7.65.12). Returns `false` when the connection is gone.
    func setPHY(_ id: UInt64, by controller: VirtualController, phy: HCILEPHY) -> Bool {
        state.withLock { state in
            guard var connection = state.connections[id] else { return false }
            let message = VirtualLinkMessage.phyUpdated(connection: id, phy: phy)
            if connection.phy == phy {
                state.member(ObjectIdentifier(controller))?.controller.inbox.yield(message)
            } else {
                connection.phy = phy
                state.connections[id] = connection
                send(message, toBothEndsOf: connection, in: state)
            }
            return true
        }
    }

    /// The RSSI `controller` measures from its peer on a connection, or `nil` when it is gone.
    func rssi(connection id: UInt64, at controller: VirtualController) -> Int8? {
        state.withLock { state in
            guard let connection = state.connections[id], let peer = connection.peer(of: controller),
                  let receiver = state.index(of: controller), let transmitter = state.index(of: peer)
            else { return nil }
            return rssi(from: state.members[transmitter], to: state.members[receiver], in: &state)
        }
    }

    // MARK: - Encryption

    /// How long a link layer waits for the answer to an LL control PDU before it drops the
    /// connection with LL Response Timeout (0x22) (Core 5.4, Vol 6, Part B, 5.2).
    static let llResponseTimeout = Duration.seconds(40)

    /// How a request to start encryption went.
    enum EncryptionStart: Sendable, Equatable {
        /// The procedure runs (or was already refused by a peer without LE Encryption).
        case started
        /// Another encryption procedure is under way on the connection.
        case alreadyPending
        /// The connection is gone, or `central` is not its central.
        case gone
    }

    /// The central's host asked to encrypt the connection with `longTermKey` (HCI_LE_Enable_Encryption):
    /// the start procedure (or the pause procedure, which encapsulates it, on an encrypted link)
    /// begins with LL_ENC_REQ carrying Rand and EDIV (Core 5.4, Vol 6, Part B, 5.1.3).
    ///
    /// A peripheral without LE Encryption rejects it at once with Unsupported Remote Feature
    /// (0x1A); otherwise its host is asked for the key, and the central's link layer waits for
    /// the answer at most ``llResponseTimeout`` of the link's clock.
    func startEncryption(
        _ id: UInt64,
        by central: VirtualController,
        randomNumber: UInt64,
        encryptedDiversifier: UInt16,
        longTermKey: [UInt8]
    ) -> EncryptionStart {
        state.withLock { state in
            guard var connection = state.connections[id], connection.central == ObjectIdentifier(central),
                  let peripheral = state.member(connection.peripheral)
            else { return .gone }
            guard connection.encryption == nil else { return .alreadyPending }
            guard peripheral.controller.configuration.leFeatures.contains(.leEncryption) else {
                // LL_REJECT_IND / LL_REJECT_EXT_IND with Unsupported Remote Feature (5.1.3.1).
                central.inbox.yield(.encryptionChanged(
                    connection: id, status: .unsupportedRemoteFeature, isEncrypted: connection.isEncrypted
                ))
                return .started
            }
            state.nextGeneration += 1
            let generation = state.nextGeneration
            let clock = clock
            let timer = Task { [weak self] in
                guard await Self.sleep(on: clock, for: Self.llResponseTimeout) else { return }
                self?.encryptionTimedOut(id, generation: generation)
            }
            connection.encryption = PendingEncryption(generation: generation, longTermKey: longTermKey, timer: timer)
            state.connections[id] = connection
            peripheral.controller.inbox.yield(.longTermKeyRequested(
                connection: id, randomNumber: randomNumber, encryptedDiversifier: encryptedDiversifier
            ))
            return .started
        }
    }

    /// The peripheral's host answered the key request with `key`, or with `nil` (negative reply,
    /// or the request was masked). Returns `false` when no procedure waits for an answer.
    ///
    /// Core 5.4, Vol 6, Part B, 5.1.3.1:
    /// - the central's key: the link is encrypted; both hosts get Encryption Change, or
    ///   Encryption Key Refresh Complete when it was encrypted before (5.1.3.2);
    /// - another key: each end's session key differs, the first encrypted PDU fails its MIC
    ///   check and both ends leave the connection with Connection Terminated due to MIC
    ///   Failure (0x3D);
    /// - no key: the central's host gets Encryption Change with PIN or Key Missing (0x06) and
    ///   the link stays unencrypted; after a pause (the link was encrypted) the peripheral
    ///   instead ends the link with PIN or Key Missing, which its own host sees as Connection
    ///   Terminated By Local Host (0x16).
    @discardableResult
    func replyLongTermKey(_ id: UInt64, by peripheral: VirtualController, key: [UInt8]?) -> Bool {
        state.withLock { state in
            guard var connection = state.connections[id], connection.peripheral == ObjectIdentifier(peripheral),
                  let pending = connection.encryption
            else { return false }
            pending.timer.cancel()
            connection.encryption = nil
            let wasEncrypted = connection.isEncrypted
            guard let key else {
                if wasEncrypted {
                    drop(connection, in: &state, reasonForCentral: .pinOrKeyMissing, reasonForPeripheral: .connectionTerminatedByLocalHost)
                } else {
                    state.connections[id] = connection
                    state.member(connection.central)?.controller.inbox
                        .yield(.encryptionChanged(connection: id, status: .pinOrKeyMissing, isEncrypted: false))
                }
                return true
            }
            guard key == pending.longTermKey else {
                logger.debug("the long-term keys of connection \(id) differ: MIC failure")
                drop(
                    connection, in: &state,
                    reasonForCentral: .connectionTerminatedDueToMICFailure, reasonForPeripheral: .connectionTerminatedDueToMICFailure
                )
                return true
            }
            connection.isEncrypted = true
            state.connections[id] = connection
            let message: VirtualLinkMessage = wasEncrypted
                ? .encryptionKeyRefreshed(connection: id)
                : .encryptionChanged(connection: id, status: .success, isEncrypted: true)
            send(message, toBothEndsOf: connection, in: state)
            return true
        }
    }

    /// The peripheral's host never answered: both link layers time out and leave the connection
    /// with LL Response Timeout (0x22) (Core 5.4, Vol 6, Part B, 5.2).
    private func encryptionTimedOut(_ id: UInt64, generation: UInt64) {
        state.withLock { state in
            guard let connection = state.connections[id], connection.encryption?.generation == generation else { return }
            logger.debug("connection \(id): no answer to LL_ENC_REQ in \(Self.llResponseTimeout)")
            drop(connection, in: &state, reasonForCentral: .lmpResponseTimeout, reasonForPeripheral: .lmpResponseTimeout)
        }
    }

    /// Sleeps `duration` on `clock`; `false` when cancelled first.
    private static func sleep<C: Clock<Duration>>(on clock: C, for duration: Duration) async -> Bool {
        do {
            try await clock.sleep(until: clock.now.advanced(by: duration), tolerance: nil)
            return true
        } catch {
            return false
        }
    }

    // MARK: - Advertising events

    private func refreshAdvertising(of controller: VirtualController, in state: inout State) {
        guard let advertising = controller.air.withLock({ $0.advertising }) else {
            stopAdvertisingTimer(of: controller, in: &state)
            return
        }
        let id = ObjectIdentifier(controller)
        guard state.advertisers[id] == nil else { return }
        state.nextGeneration += 1
        let generation = state.nextGeneration
        let clock = clock
        let interval = advertising.interval
        let task = Task { [weak self] in
            await Self.runAdvertisingEvents(clock: clock, interval: interval) { elapsed in
                self?.advertisingEvent(of: id, generation: generation, elapsed: elapsed) ?? false
            }
        }
        state.advertisers[id] = AdvertisingTimer(generation: generation, task: task)
    }

    private func stopAdvertisingTimer(of controller: VirtualController, in state: inout State) {
        state.advertisers.removeValue(forKey: ObjectIdentifier(controller))?.task.cancel()
    }

    /// Sleeps one interval, runs an event, and again, until the event says stop or the task is
    /// cancelled.
    private static func runAdvertisingEvents<C: Clock<Duration>>(
        clock: C,
        interval: Duration,
        event: (Duration) -> Bool
    ) async {
        let start = clock.now
        while !Task.isCancelled {
            do {
                try await clock.sleep(until: clock.now.advanced(by: interval), tolerance: nil)
            } catch {
                return
            }
            guard event(start.duration(to: clock.now)) else { return }
        }
    }

    /// One advertising event of advertiser `id`: scanners hear it; a waiting initiator
    /// connects. Returns whether advertising goes on.
    private func advertisingEvent(of id: ObjectIdentifier, generation: UInt64, elapsed: Duration) -> Bool {
        state.withLock { state in
            guard state.advertisers[id]?.generation == generation, let advertiserIndex = state.index(of: id)
            else { return false }
            let advertiser = state.members[advertiserIndex]
            guard let advertising = advertiser.controller.air.withLock({ $0.advertising }) else {
                state.advertisers[id] = nil
                return false
            }
            // High duty cycle directed advertising lasts 1.28 s (Core 5.4, Vol 6, Part B, 4.4.2.4.3).
            if advertising.isHighDutyCycleDirected, elapsed >= .milliseconds(1_280) {
                advertiser.controller.air.withLock { $0.advertising = nil }
                state.advertisers[id] = nil
                advertiser.controller.inbox.yield(.advertisingTimedOut(directedTo: advertising.directedTo))
                return false
            }
            // Only the members that may listen, in the order they joined the link (the RSSI
            // noise is drawn in that order); those found neither scanning nor initiating leave
            // the listeners until they start again.
            var scanners: [Int] = []
            var initiators: [Int] = []
            for listener in state.listeners {
                guard let index = state.index(of: listener), index != advertiserIndex else { continue }
                let (scanning, initiating) = state.members[index].controller.air.withLock { ($0.isScanning, $0.initiating != nil) }
                if scanning { scanners.append(index) }
                if initiating { initiators.append(index) }
                if !scanning && !initiating { state.listeners.remove(listener) }
            }
            scanners.sort()
            initiators.sort()
            for index in scanners {
                let receiver = state.members[index]
                let advertisingRSSI = rssi(from: advertiser, to: receiver, in: &state)
                let scanResponseRSSI = rssi(from: advertiser, to: receiver, in: &state)
                receiver.controller.inbox.yield(.advertisement(VirtualHeardAdvertisement(
                    advertising: advertising, rssi: advertisingRSSI, scanResponseRSSI: scanResponseRSSI
                )))
            }
            guard advertising.isConnectable else { return true }
            for index in initiators {
                let initiator = state.members[index]
                if let initiation = claim(advertiser: advertiser.controller, advertising: advertising, initiator: initiator.controller) {
                    state.advertisers[id] = nil
                    connect(central: initiator, peripheral: advertiser, initiation: initiation, advertising: advertising, in: &state)
                    return false
                }
            }
            return true
        }
    }

    /// Takes the initiator's pending connection and the advertiser's advertising together when
    /// the initiator is waiting for this advertiser, else changes nothing.
    private func claim(
        advertiser: VirtualController,
        advertising: VirtualAdvertising,
        initiator: VirtualController
    ) -> VirtualInitiation? {
        advertiser.air.withLock { advertiserAir -> VirtualInitiation? in
            guard advertiserAir.advertising != nil else { return nil }
            let claimed = initiator.air.withLock { initiatorAir -> VirtualInitiation? in
                guard let initiation = initiatorAir.initiating, !initiation.usesFilterAcceptList,
                      initiation.peerAddress == advertising.address
                else { return nil }
                if let target = advertising.directedTo, target != initiation.ownAddress { return nil }
                initiatorAir.initiating = nil
                return initiation
            }
            if claimed != nil { advertiserAir.advertising = nil }
            return claimed
        }
    }

    private func connect(
        central: Member,
        peripheral: Member,
        initiation: VirtualInitiation,
        advertising: VirtualAdvertising,
        in state: inout State
    ) {
        state.nextConnectionID += 1
        let parameters = VirtualConnectionParameters(
            interval: initiation.connectionInterval, latency: initiation.peripheralLatency,
            supervisionTimeout: initiation.supervisionTimeout
        )
        var connection = Connection(
            id: state.nextConnectionID,
            central: central.id, centralHandle: state.freeHandle(for: central.id),
            peripheral: peripheral.id, peripheralHandle: state.freeHandle(for: peripheral.id),
            parameters: parameters
        )
        // A link layer whose host suggested longer PDUs runs the Data Length Update procedure
        // once connected, when both ends support it (Core 5.4, Vol 6, Part B, 4.5.10, 5.1.9).
        let centralTX = central.controller.air.withLock { $0.suggestedDataLength }
        let peripheralTX = peripheral.controller.air.withLock { $0.suggestedDataLength }
        let bothExtend = [central, peripheral].allSatisfy { $0.controller.configuration.leFeatures.contains(.leDataPacketLengthExtension) }
        let updatesDataLength = bothExtend && (centralTX != .initial || peripheralTX != .initial)
        if updatesDataLength {
            connection.setTransmitLength(centralTX, of: central.controller)
            connection.setTransmitLength(peripheralTX, of: peripheral.controller)
        }
        state.connections[connection.id] = connection
        logger.debug("connected \(central.controller.configuration.name) to \(peripheral.controller.configuration.name)")
        central.controller.inbox.yield(.connected(VirtualConnectionEstablished(
            connection: connection.id, handle: connection.centralHandle, role: .central, peerAddress: advertising.address,
            parameters: parameters, peerFeatures: peripheral.controller.configuration.leFeatures
        )))
        peripheral.controller.inbox.yield(.connected(VirtualConnectionEstablished(
            connection: connection.id, handle: connection.peripheralHandle, role: .peripheral, peerAddress: initiation.ownAddress,
            parameters: parameters, peerFeatures: central.controller.configuration.leFeatures
        )))
        if updatesDataLength {
            central.controller.inbox.yield(.dataLengthChanged(connection: connection.id, tx: centralTX, rx: peripheralTX))
            peripheral.controller.inbox.yield(.dataLengthChanged(connection: connection.id, tx: peripheralTX, rx: centralTX))
        }
    }

    // MARK: - Helpers

    private func drop(
        _ connection: Connection,
        in state: inout State,
        reasonForCentral: HCIStatus,
        reasonForPeripheral: HCIStatus
    ) {
        state.connections[connection.id] = nil
        connection.encryption?.timer.cancel()
        state.member(connection.central)?.controller.inbox.yield(.disconnected(connection: connection.id, reason: reasonForCentral))
        state.member(connection.peripheral)?.controller.inbox
            .yield(.disconnected(connection: connection.id, reason: reasonForPeripheral))
    }

    private func send(_ message: VirtualLinkMessage, toBothEndsOf connection: Connection, in state: State) {
        state.member(connection.central)?.controller.inbox.yield(message)
        state.member(connection.peripheral)?.controller.inbox.yield(message)
    }

    private func rssi(from transmitter: Member, to receiver: Member, in state: inout State) -> Int8 {
        let amplitude = radio.noiseAmplitude
        let noise = amplitude == 0 ? 0 : Int.random(in: -amplitude...amplitude, using: &state.noise)
        return radio.rssi(
            measuredPower: transmitter.controller.configuration.measuredPower,
            distance: max(transmitter.distance, receiver.distance),
            noise: noise
        )
    }
}
