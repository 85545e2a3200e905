import BLECore
import BLEHCI

/// What one controller is doing on the air, shared with its link under the controller's lock:
/// advertising (with what), scanning, initiating (to whom).
///
/// The link reads it at every advertising event and, when a connection is made, clears the
/// peripheral's advertising and the central's initiation in the same critical section, so the
/// controller and the link never disagree about who is still advertising or initiating.
struct VirtualAirState: Sendable {
    /// Set while advertising is enabled.
    var advertising: VirtualAdvertising?
    /// Whether scanning is enabled.
    var isScanning = false
    /// Set while an HCI_LE_Create_Connection is pending.
    var initiating: VirtualInitiation?
    /// The data length the host suggested for new connections
    /// (HCI_LE_Write_Suggested_Default_Data_Length; 27 octets until it does).
    var suggestedDataLength = VirtualDataLength.initial
}

/// One advertiser's advertising as it goes on the air (Core 5.4, Vol 6, Part B, 4.4.2).
struct VirtualAdvertising: Sendable, Hashable {
    /// Advertising_Type.
    var type: HCILEAdvertisingType
    /// The advertising interval (Advertising_Interval_Min; 3.75 ms for high duty cycle directed).
    var interval: Duration
    /// The address in the PDUs (public or random, from Own_Address_Type).
    var address: DeviceAddress
    /// The target of directed advertising (Peer_Address), else `nil`.
    var directedTo: DeviceAddress?
    /// Advertising_Data.
    var data: [UInt8]
    /// Scan_Response_Data.
    var scanResponseData: [UInt8]

    /// Whether an initiator may answer with CONNECT_IND.
    var isConnectable: Bool {
        type == .advInd || type == .advDirectIndHighDutyCycle || type == .advDirectIndLowDutyCycle
    }

    /// Whether a scanner may answer with SCAN_REQ.
    var isScannable: Bool { type == .advInd || type == .advScanInd }

    /// Whether advertising stops by itself after 1.28 s (Core 5.4, Vol 6, Part B, 4.4.2.4.3).
    var isHighDutyCycleDirected: Bool { type == .advDirectIndHighDutyCycle }

    /// The Event_Type of the LE Advertising Report for this PDU.
    var reportEventType: HCILEAdvertisingReport.EventType {
        switch type {
        case .advInd: .advInd
        case .advDirectIndHighDutyCycle, .advDirectIndLowDutyCycle: .advDirectInd
        case .advScanInd: .advScanInd
        default: .advNonconnInd
        }
    }
}

/// A pending HCI_LE_Create_Connection, as the initiator's link layer holds it.
struct VirtualInitiation: Sendable, Hashable {
    /// The advertiser to connect to.
    var peerAddress: DeviceAddress
    /// Initiator_Filter_Policy 0x01: connect to the Filter Accept List (always empty here).
    var usesFilterAcceptList: Bool
    /// The initiator's own address in CONNECT_IND.
    var ownAddress: DeviceAddress
    /// Connection_Interval (1.25 ms units): the controller picks Connection_Interval_Min.
    var connectionInterval: UInt16
    /// Max_Latency.
    var peripheralLatency: UInt16
    /// Supervision_Timeout (10 ms units).
    var supervisionTimeout: UInt16
}

/// The parameters of one connection that both ends share.
struct VirtualConnectionParameters: Sendable, Hashable {
    /// Connection_Interval (1.25 ms units).
    var interval: UInt16
    /// Peripheral_Latency (connection events).
    var latency: UInt16
    /// Supervision_Timeout (10 ms units).
    var supervisionTimeout: UInt16
}

/// A link-layer data length: the most payload octets and air time one PDU carries.
struct VirtualDataLength: Sendable, Hashable {
    /// connMaxTxOctets / connMaxRxOctets.
    var octets: UInt16
    /// connMaxTxTime / connMaxRxTime (µs).
    var time: UInt16

    /// 27 octets, 328 µs: every connection starts with these (Core 5.4, Vol 6, Part B, 4.5.10).
    static let initial = VirtualDataLength(octets: 27, time: 328)
    /// 251 octets, 2120 µs: the longest PDU on the LE 1M PHY, what a virtual controller with the
    /// LE Data Packet Length Extension feature supports (HCI_LE_Read_Maximum_Data_Length).
    static let maximum = VirtualDataLength(octets: 251, time: 2120)
}

/// What a link tells a controller, in the order it happened. Each controller consumes its own
/// queue of these on its actor, so the order the link decided is the order its host sees.
enum VirtualLinkMessage: Sendable {
    /// An advertising PDU (and, for a scannable one, its scan response) heard by a scanner.
    case advertisement(VirtualHeardAdvertisement)
    /// A connection was created; this controller has `handle` in `role`.
    case connected(VirtualConnectionEstablished)
    /// High duty cycle directed advertising ended without a connection.
    case advertisingTimedOut(directedTo: DeviceAddress?)
    /// Link-layer PDUs from the peer, as ACL packets for this controller's host; `from` is the
    /// sending controller, to which the buffer goes back.
    case aclData(connection: UInt64, fragments: [VirtualACLFragment], from: ObjectIdentifier)
    /// The peer delivered `count` of this controller's ACL packets: return the buffers.
    case completed(connection: UInt64, count: Int)
    /// The connection ended with `reason`.
    case disconnected(connection: UInt64, reason: HCIStatus)
    /// The connection parameters changed.
    case connectionUpdated(connection: UInt64, parameters: VirtualConnectionParameters)
    /// The data lengths changed.
    case dataLengthChanged(connection: UInt64, tx: VirtualDataLength, rx: VirtualDataLength)
    /// The PHY procedure completed.
    case phyUpdated(connection: UInt64, phy: HCILEPHY)
    /// The central started encryption (LL_ENC_REQ, Core 5.4, Vol 6, Part B, 5.1.3.1): this
    /// peripheral asks its host for the key identified by Rand and EDIV.
    case longTermKeyRequested(connection: UInt64, randomNumber: UInt64, encryptedDiversifier: UInt16)
    /// The encryption start procedure ended with `status`; the link is now encrypted or not.
    case encryptionChanged(connection: UInt64, status: HCIStatus, isEncrypted: Bool)
    /// The encryption pause procedure ended: the encrypted link uses the new key.
    case encryptionKeyRefreshed(connection: UInt64)
    /// An event this controller queued for itself, to be sent after the current command's
    /// Command Status.
    case deferredEvent(HCIEvent)
    /// Resumes a waiter once everything queued before it is handled.
    case barrier(CheckedContinuation<Void, Never>)
}

/// An advertising event as one scanner receives it.
struct VirtualHeardAdvertisement: Sendable {
    /// The PDU.
    var advertising: VirtualAdvertising
    /// The RSSI of the advertising PDU.
    var rssi: Int8
    /// The RSSI of the scan response, should the scanner ask for it.
    var scanResponseRSSI: Int8
}

/// The news of a new connection, for one of its two ends.
struct VirtualConnectionEstablished: Sendable {
    /// The link's identifier of the connection, never reused.
    var connection: UInt64
    /// This end's Connection_Handle.
    var handle: UInt16
    /// This end's role.
    var role: HCIRole
    /// The other end's address in the connection.
    var peerAddress: DeviceAddress
    /// The connection parameters.
    var parameters: VirtualConnectionParameters
    /// The other end's LE features, answered by HCI_LE_Read_Remote_Features.
    var peerFeatures: HCILEFeatures
}

/// One ACL fragment on its way to the peer's host.
struct VirtualACLFragment: Sendable, Hashable {
    /// Packet_Boundary_Flag as the receiving controller sends it to its host.
    var packetBoundaryFlag: HCIACLDataPacket.PacketBoundaryFlag
    /// The octets.
    var data: [UInt8]
}
