import BLECore
import BLEHCI
import Logging
import Synchronization

extension VirtualLink {
    /// One controller on the link.
    struct Member: Sendable {
        let controller: VirtualController
        var distance: Double
        var id: ObjectIdentifier { ObjectIdentifier(controller) }
    }

    /// A running advertising timer.
    struct AdvertisingTimer: Sendable {
        let generation: UInt64
        let task: Task<Void, Never>
    }

    /// One connection between two controllers on the link.
    struct Connection: Sendable {
        let id: UInt64
        let central: ObjectIdentifier
        let centralHandle: UInt16
        let peripheral: ObjectIdentifier
        let peripheralHandle: UInt16
        var parameters: VirtualConnectionParameters
        var phy = HCILEPHY.le1M
        var centralTX = VirtualDataLength.initial
        var peripheralTX = VirtualDataLength.initial
        /// Whether the link is encrypted.
        var isEncrypted = false
        /// The encryption procedure waiting for the peripheral's host, if any.
        var encryption: PendingEncryption?

        func involves(_ controller: VirtualController) -> Bool {
            let id = ObjectIdentifier(controller)
            return central == id || peripheral == id
        }

        func peer(of controller: VirtualController) -> ObjectIdentifier? {
            peer(of: ObjectIdentifier(controller))
        }

        func peer(of id: ObjectIdentifier) -> ObjectIdentifier? {
            if id == central { return peripheral }
            if id == peripheral { return central }
            return nil
        }

        func transmitLength(of controller: VirtualController) -> VirtualDataLength {
            transmitLength(of: ObjectIdentifier(controller))
        }

        func transmitLength(of id: ObjectIdentifier) -> VirtualDataLength {
            id == central ? centralTX : peripheralTX
        }

        mutating func setTransmitLength(_ length: VirtualDataLength, of controller: VirtualController) {
            if ObjectIdentifier(controller) == central { centralTX = length } else { peripheralTX = length }
        }
    }

    /// An encryption start (or pause) procedure waiting for the peripheral's host's key.
    struct PendingEncryption: Sendable {
        /// Tells this procedure's response timer from a later one's.
        let generation: UInt64
        /// The central's key.
        let longTermKey: [UInt8]
        /// The LL response timer (Core 5.4, Vol 6, Part B, 5.2).
        let timer: Task<Void, Never>
    }

    /// Everything the link knows, under one lock.
    struct State: Sendable {
        var members: [Member] = []
        var connections: [UInt64: Connection] = [:]
        var advertisers: [ObjectIdentifier: AdvertisingTimer] = [:]
        var nextConnectionID: UInt64 = 0
        var nextGeneration: UInt64 = 0
        var noise: VirtualNoiseGenerator

        /// Where each member is in ``members``: every advertising event and every PDU looks a
        /// member up, and a search through the members made that grow with the link.
        private(set) var positions: [ObjectIdentifier: Int] = [:]
        /// The members that may be scanning or initiating: every member that started to since
        /// it was last found doing neither (an advertising event drops those). An event goes
        /// to these, not to every member: asking each member of a link of 200 advertisers
        /// whether it listens made an event's cost grow with the link.
        var listeners: Set<ObjectIdentifier> = []

        mutating func append(_ member: Member) {
            positions[member.id] = members.count
            members.append(member)
        }

        mutating func remove(at index: Int) {
            listeners.remove(members[index].id)
            members.remove(at: index)
            positions = Dictionary(uniqueKeysWithValues: members.enumerated().map { ($1.id, $0) })
        }

        func index(of controller: VirtualController) -> Int? {
            positions[ObjectIdentifier(controller)]
        }

        func index(of id: ObjectIdentifier) -> Int? {
            positions[id]
        }

        func member(_ id: ObjectIdentifier) -> Member? {
            positions[id].map { members[$0] }
        }

        /// The lowest Connection_Handle from 0x0040 that `id` has no open connection on.
        func freeHandle(for id: ObjectIdentifier) -> UInt16 {
            let used = Set(connections.values.compactMap { connection -> UInt16? in
                if connection.central == id { return connection.centralHandle }
                if connection.peripheral == id { return connection.peripheralHandle }
                return nil
            })
            var handle: UInt16 = 0x0040
            while used.contains(handle) { handle += 1 }
            return handle
        }
    }
}
