import BLECore

/// The fields HCI_LE_Connection_Complete, HCI_LE_Enhanced_Connection_Complete [v1] and [v2]
/// share, in wire order; the two resolvable private addresses are present only in the
/// enhanced events.
struct HCILEConnectionCompleteFields {
    var status: HCIStatus
    var connectionHandle: UInt16
    var role: HCIRole
    var peerAddressType: HCIAddressType
    var peerAddress: DeviceAddress
    /// Local_ and Peer_Resolvable_Private_Address; nil for the legacy event.
    var resolvablePrivateAddresses: (local: DeviceAddress, peer: DeviceAddress)?
    var connectionInterval: UInt16
    var peripheralLatency: UInt16
    var supervisionTimeout: UInt16
    var centralClockAccuracy: UInt8

    init(
        status: HCIStatus,
        connectionHandle: UInt16,
        role: HCIRole,
        peerAddressType: HCIAddressType,
        peerAddress: DeviceAddress,
        resolvablePrivateAddresses: (local: DeviceAddress, peer: DeviceAddress)?,
        connectionInterval: UInt16,
        peripheralLatency: UInt16,
        supervisionTimeout: UInt16,
        centralClockAccuracy: UInt8
    ) {
        self.status = status
        self.connectionHandle = connectionHandle
        self.role = role
        self.peerAddressType = peerAddressType
        self.peerAddress = peerAddress
        self.resolvablePrivateAddresses = resolvablePrivateAddresses
        self.connectionInterval = connectionInterval
        self.peripheralLatency = peripheralLatency
        self.supervisionTimeout = supervisionTimeout
        self.centralClockAccuracy = centralClockAccuracy
    }

    /// Decodes the shared fields; `enhanced` reads the two resolvable private addresses.
    init(
        parameters reader: inout ByteReader,
        enhanced: Bool,
        of subject: HCIDecodingError.Subject
    ) throws(HCIDecodingError) {
        status = HCIStatus(rawValue: try reader.requireUInt8("Status", of: subject))
        connectionHandle = try reader.requireUInt16("Connection_Handle", of: subject)
        role = HCIRole(rawValue: try reader.requireUInt8("Role", of: subject))
        peerAddressType = HCIAddressType(rawValue: try reader.requireUInt8("Peer_Address_Type", of: subject))
        peerAddress = try reader.requireAddress("Peer_Address", isRandom: peerAddressType.isRandom ?? false, of: subject)
        if enhanced {
            let local = try reader.requireAddress("Local_Resolvable_Private_Address", isRandom: true, of: subject)
            let peer = try reader.requireAddress("Peer_Resolvable_Private_Address", isRandom: true, of: subject)
            resolvablePrivateAddresses = (local, peer)
        } else {
            resolvablePrivateAddresses = nil
        }
        connectionInterval = try reader.requireUInt16("Connection_Interval", of: subject)
        peripheralLatency = try reader.requireUInt16("Peripheral_Latency", of: subject)
        supervisionTimeout = try reader.requireUInt16("Supervision_Timeout", of: subject)
        centralClockAccuracy = try reader.requireUInt8("Central_Clock_Accuracy", of: subject)
    }

    /// Encodes the shared fields.
    func encode(into writer: inout ByteWriter) {
        writer.writeUInt8(status.rawValue)
        writer.writeUInt16(connectionHandle)
        writer.writeUInt8(role.rawValue)
        writer.writeUInt8(peerAddressType.rawValue)
        peerAddress.write(to: &writer)
        if let resolvablePrivateAddresses {
            resolvablePrivateAddresses.local.write(to: &writer)
            resolvablePrivateAddresses.peer.write(to: &writer)
        }
        writer.writeUInt16(connectionInterval)
        writer.writeUInt16(peripheralLatency)
        writer.writeUInt16(supervisionTimeout)
        writer.writeUInt8(centralClockAccuracy)
    }
}

extension HCILEConnectionComplete {
    init(_ fields: HCILEConnectionCompleteFields) {
        self.init(
            status: fields.status,
            connectionHandle: fields.connectionHandle,
            role: fields.role,
            peerAddressType: fields.peerAddressType,
            peerAddress: fields.peerAddress,
            connectionInterval: fields.connectionInterval,
            peripheralLatency: fields.peripheralLatency,
            supervisionTimeout: fields.supervisionTimeout,
            centralClockAccuracy: fields.centralClockAccuracy
        )
    }

    var fields: HCILEConnectionCompleteFields {
        HCILEConnectionCompleteFields(
            status: status,
            connectionHandle: connectionHandle,
            role: role,
            peerAddressType: peerAddressType,
            peerAddress: peerAddress,
            resolvablePrivateAddresses: nil,
            connectionInterval: connectionInterval,
            peripheralLatency: peripheralLatency,
            supervisionTimeout: supervisionTimeout,
            centralClockAccuracy: centralClockAccuracy
        )
    }
}

extension HCILEEnhancedConnectionComplete {
    init(_ fields: HCILEConnectionCompleteFields) {
        guard let addresses = fields.resolvablePrivateAddresses else {
            preconditionFailure("enhanced connection complete fields decoded without the resolvable private addresses")
        }
        self.init(
            status: fields.status,
            connectionHandle: fields.connectionHandle,
            role: fields.role,
            peerAddressType: fields.peerAddressType,
            peerAddress: fields.peerAddress,
            localResolvablePrivateAddress: addresses.local,
            peerResolvablePrivateAddress: addresses.peer,
            connectionInterval: fields.connectionInterval,
            peripheralLatency: fields.peripheralLatency,
            supervisionTimeout: fields.supervisionTimeout,
            centralClockAccuracy: fields.centralClockAccuracy
        )
    }
}

extension HCILEEnhancedConnectionCompleteV2 {
    init(_ fields: HCILEConnectionCompleteFields, advertisingHandle: UInt8, syncHandle: UInt16) {
        guard let addresses = fields.resolvablePrivateAddresses else {
            preconditionFailure("enhanced connection complete fields decoded without the resolvable private addresses")
        }
        self.init(
            status: fields.status,
            connectionHandle: fields.connectionHandle,
            role: fields.role,
            peerAddressType: fields.peerAddressType,
            peerAddress: fields.peerAddress,
            localResolvablePrivateAddress: addresses.local,
            peerResolvablePrivateAddress: addresses.peer,
            connectionInterval: fields.connectionInterval,
            peripheralLatency: fields.peripheralLatency,
            supervisionTimeout: fields.supervisionTimeout,
            centralClockAccuracy: fields.centralClockAccuracy,
            advertisingHandle: advertisingHandle,
            syncHandle: syncHandle
        )
    }
}

/// The enhanced connection complete events [v1] and [v2], which carry the same leading fields.
protocol HCILEEnhancedConnectionCompleting {
    var status: HCIStatus { get }
    var connectionHandle: UInt16 { get }
    var role: HCIRole { get }
    var peerAddressType: HCIAddressType { get }
    var peerAddress: DeviceAddress { get }
    var localResolvablePrivateAddress: DeviceAddress { get }
    var peerResolvablePrivateAddress: DeviceAddress { get }
    var connectionInterval: UInt16 { get }
    var peripheralLatency: UInt16 { get }
    var supervisionTimeout: UInt16 { get }
    var centralClockAccuracy: UInt8 { get }
}

extension HCILEEnhancedConnectionCompleting {
    var fields: HCILEConnectionCompleteFields {
        HCILEConnectionCompleteFields(
            status: status,
            connectionHandle: connectionHandle,
            role: role,
            peerAddressType: peerAddressType,
            peerAddress: peerAddress,
            resolvablePrivateAddresses: (localResolvablePrivateAddress, peerResolvablePrivateAddress),
            connectionInterval: connectionInterval,
            peripheralLatency: peripheralLatency,
            supervisionTimeout: supervisionTimeout,
            centralClockAccuracy: centralClockAccuracy
        )
    }
}

extension HCILEEnhancedConnectionComplete: HCILEEnhancedConnectionCompleting {}
extension HCILEEnhancedConnectionCompleteV2: HCILEEnhancedConnectionCompleting {}
