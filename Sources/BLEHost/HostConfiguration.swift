import BLECore
import BLEGATT
import BLEHCI

extension BLEHost {
    /// How the host drives its controller and its connections.
    public struct Configuration: Sendable {
        /// A static random address to set with HCI_LE_Set_Random_Address and use as own address
        /// when advertising, scanning and initiating; nil uses the public address (BD_ADDR).
        public var randomAddress: DeviceAddress?
        /// How long the controller has to answer a command (Command Complete or Command Status)
        /// before the command fails and the controller is reported unresponsive.
        public var commandTimeout: Duration
        /// Whether advertising restarts after a peripheral-role connection ends (on by default).
        public var readvertiseAfterDisconnect: Bool
        /// Which connection parameter update requests are accepted as central.
        public var connectionParameterPolicy: ConnectionParameterPolicy
        /// The ATT_MTU each connection's bearer offers.
        public var preferredATTMTU: UInt16
        /// The ATT transaction timeout (30 s per the spec).
        public var attTransactionTimeout: Duration
        /// How long a peripheral waits for the central to answer and apply a parameter update
        /// request (L2CAP RTX, Core 5.4, Vol 3, Part A, 6.2.1: 1–60 s).
        public var signalingTimeout: Duration
        /// The largest L2CAP payload accepted from a peer; longer frames are dropped.
        public var maximumL2CAPPayloadLength: Int
        /// PDUs a connection may have queued for the controller before ATT commands and
        /// notifications wait (``ATTBearerTransport/waitForSendCapacity()``).
        public var sendQueueLimit: Int
        /// What this host offers and demands when it pairs.
        public var pairingPolicy: SMPPairingPolicy
        /// Where bonds are kept (in memory unless the application gives a store).
        public var bondStore: any BondStore
        /// The agent asked during pairing until ``BLEHost/setPairingAgent(_:)`` replaces it.
        public var pairingAgent: any PairingAgent
        /// Our identity, distributed to peers that ask for it; nil distributes none.
        public var localIdentity: SMPLocalIdentity?
        /// The SMP timeout: a pairing fails when nothing moves for this long (30 s in the spec,
        /// Core 5.4, Vol 3, Part H, 3.4).
        public var pairingTimeout: Duration
        /// Whether the host asks its controller for the longest link-layer data PDUs on every new
        /// connection (HCI_LE_Write_Suggested_Default_Data_Length with the controller's maximum,
        /// as Linux does), when the controller has the LE Data Packet Length Extension feature
        /// and the command; on by default. Off, connections keep 27-octet PDUs until a host asks
        /// (``HostConnection/setDataLength(txOctets:txTime:)``), so an ATT PDU longer than 23
        /// octets crosses the air in several PDUs.
        public var suggestsLongestDataLength: Bool

        /// Creates a configuration with the defaults: public address, 5 s command timeout,
        /// re-advertising on, accept valid parameter updates, ATT_MTU 517, 30 s timeouts, Just
        /// Works pairing with bonds kept in memory, the longest data PDUs suggested.
        public init(
            randomAddress: DeviceAddress? = nil,
            commandTimeout: Duration = .seconds(5),
            readvertiseAfterDisconnect: Bool = true,
            connectionParameterPolicy: ConnectionParameterPolicy = .acceptValid,
            preferredATTMTU: UInt16 = ATTBearer.maximumMTU,
            attTransactionTimeout: Duration = ATTBearer.transactionTimeout,
            signalingTimeout: Duration = .seconds(30),
            maximumL2CAPPayloadLength: Int = 2048,
            sendQueueLimit: Int = 8,
            pairingPolicy: SMPPairingPolicy = SMPPairingPolicy(),
            bondStore: any BondStore = MemoryBondStore(),
            pairingAgent: any PairingAgent = DefaultPairingAgent(),
            localIdentity: SMPLocalIdentity? = nil,
            pairingTimeout: Duration = .seconds(30),
            suggestsLongestDataLength: Bool = true
        ) {
            self.randomAddress = randomAddress
            self.commandTimeout = commandTimeout
            self.readvertiseAfterDisconnect = readvertiseAfterDisconnect
            self.connectionParameterPolicy = connectionParameterPolicy
            self.preferredATTMTU = preferredATTMTU
            self.attTransactionTimeout = attTransactionTimeout
            self.signalingTimeout = signalingTimeout
            self.maximumL2CAPPayloadLength = maximumL2CAPPayloadLength
            self.sendQueueLimit = sendQueueLimit
            self.pairingPolicy = pairingPolicy
            self.bondStore = bondStore
            self.pairingAgent = pairingAgent
            self.localIdentity = localIdentity
            self.pairingTimeout = pairingTimeout
            self.suggestsLongestDataLength = suggestsLongestDataLength
        }
    }

    /// Where the host is in its life: not started, starting, ready, or failed for good.
    public enum State: Sendable, Hashable {
        /// ``BLEHost/start()`` has not run.
        case idle
        /// The start-up sequence is running.
        case starting
        /// The controller is initialised; everything works.
        case ready
        /// The controller failed (hardware error, stopped answering, transport closed) or the host
        /// was stopped; every operation fails with this error. Create a new host to recover.
        case failed(HostError)
    }
}

/// What the start-up sequence learnt about the controller.
///
/// Core 5.4, Vol 4, Part E, 7.4 (informational parameters) and 7.8.2–7.8.3.
public struct ControllerInfo: Sendable, Hashable {
    /// HCI_Read_Local_Version_Information, when the controller answered it.
    public var version: HCIReadLocalVersionInformation.ReturnParameters?
    /// LMP_Features of HCI_Read_Local_Supported_Features, when answered.
    public var lmpFeatures: UInt64?
    /// Supported_Commands of HCI_Read_Local_Supported_Commands (64 octets), when answered.
    public var supportedCommands: [UInt8]?
    /// LE_Features of HCI_LE_Read_Local_Supported_Features, when answered.
    public var leFeatures: HCILEFeatures?
    /// The most data octets in one ACL packet to the controller.
    public var aclDataPacketLength: Int
    /// How many ACL packets the controller can hold.
    public var totalNumACLDataPackets: Int
    /// BD_ADDR: the public address (00:00:00:00:00:00 when the controller has none).
    public var publicAddress: DeviceAddress
    /// The random address set at start-up, if one was configured.
    public var randomAddress: DeviceAddress?

    /// Creates controller information.
    public init(
        version: HCIReadLocalVersionInformation.ReturnParameters? = nil,
        lmpFeatures: UInt64? = nil,
        supportedCommands: [UInt8]? = nil,
        leFeatures: HCILEFeatures? = nil,
        aclDataPacketLength: Int,
        totalNumACLDataPackets: Int,
        publicAddress: DeviceAddress,
        randomAddress: DeviceAddress? = nil
    ) {
        self.version = version
        self.lmpFeatures = lmpFeatures
        self.supportedCommands = supportedCommands
        self.leFeatures = leFeatures
        self.aclDataPacketLength = aclDataPacketLength
        self.totalNumACLDataPackets = totalNumACLDataPackets
        self.publicAddress = publicAddress
        self.randomAddress = randomAddress
    }

    /// The address the host uses over the air: the random address if set, else the public one.
    public var address: DeviceAddress { randomAddress ?? publicAddress }
}

/// How to advertise (legacy advertising, Core 5.4, Vol 4, Part E, 7.8.5).
public struct AdvertisingParameters: Sendable, Hashable {
    /// The advertising interval range, 20 ms…10.24 s (rounded to 0.625 ms units).
    public var interval: ClosedRange<Duration>
    /// Whether centrals may connect (ADV_IND); otherwise ADV_SCAN_IND with a scan response, or
    /// ADV_NONCONN_IND without.
    public var isConnectable: Bool
    /// How many peripheral-role connections to accept: advertising restarts after a connection
    /// while fewer are open.
    public var maximumConnections: Int

    /// Creates parameters: by default connectable, 100–150 ms, one connection at a time.
    public init(interval: ClosedRange<Duration> = .milliseconds(100) ... .milliseconds(150), isConnectable: Bool = true, maximumConnections: Int = 1) {
        self.interval = interval
        self.isConnectable = isConnectable
        self.maximumConnections = maximumConnections
    }
}
