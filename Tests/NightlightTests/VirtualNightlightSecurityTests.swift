import BLECore
import BLEGATT
import BLEHost
import BLESimulation
import BLEVirtual
import Foundation
import Testing
@testable import Nightlight
@testable import NightlightSimulation

/// SN profile §9 on the virtual SN: the pairing window, its flag and the 3 s hold, the order of
/// pairing refusals, four bonds replaced least recently used first, bonds kept in a 0600 flash
/// across restarts, who may read and write what (§9.2), notifications only to bonded encrypted
/// links, the Bond Management Service (§9.3) and the 10 s factory reset.
@Suite(.timeLimit(.minutes(2)))
struct VirtualNightlightSecurityTests {
    static func centralAddress(_ n: Int) -> DeviceAddress {
        try! DeviceAddress(value: 0x001B_DC5E_1000 + UInt64(n), isRandom: false)
    }

    /// The reason the SN's Pairing Failed gave, or nil when the pairing succeeded.
    static func pairingRefusal(_ connection: HostConnection) async -> SMPPairingFailed.Reason? {
        do {
            _ = try await connection.pair()
            return nil
        } catch {
            return error.pairingFailure?.reason ?? .unspecifiedReason
        }
    }

    /// The ATT error of a read (nil when it succeeds).
    static func readError(_ peer: VirtualNightlightPeer, handle: UInt16) async -> ATTErrorCode? {
        do {
            _ = try await peer.client.read(handle: handle)
            return nil
        } catch {
            return error.attErrorCode
        }
    }

    /// The ATT error of a write (nil when it succeeds).
    static func writeError(_ peer: VirtualNightlightPeer, handle: UInt16, _ value: [UInt8]) async -> ATTErrorCode? {
        do {
            try await peer.client.write(handle: handle, value: value)
            return nil
        } catch {
            return error.attErrorCode
        }
    }

    /// A descriptor's handle.
    static func descriptor(_ peer: VirtualNightlightPeer, _ uuid: BluetoothUUID, _ type: BluetoothUUID) throws -> UInt16 {
        try #require(try peer.characteristic(uuid).descriptors.first { $0.uuid == type }).handle
    }

    static func windowFlag(_ sn: VirtualNightlightWorld) async throws -> Bool {
        try await sn.nightlight.status().advertisement.status.contains(.pairingWindowOpen)
    }

    @Test func theWindowIsOpenWhileUnbondedAndClosesWithTheFirstBond() async throws {
        try await VirtualNightlightWorld.with { sn in
            #expect(try await sn.nightlight.isPairingWindowOpen())
            #expect(try await Self.windowFlag(sn), "status flag bit5 while the SN has no bond")
            let discovered = try await sn.discover()
            let advertised = try #require(NightlightClient.advertisedStatus(discovered.advertisement))
            #expect(advertised.status.contains(.pairingWindowOpen), "advertised: \(advertised)")

            let peer = try await sn.connect()
            #expect(peer.connection.security.isEncrypted && peer.connection.security.isBonded)
            #expect(try await sn.nightlight.bonds().map(\.peer) == [SimWorld.firstCentralAddress])
            #expect(try await !sn.nightlight.isPairingWindowOpen())
            #expect(try await sn.eventually { try await !Self.windowFlag(sn) }, "bit5 clears with the first bond")

            let stranger = try await sn.makeCentral(address: Self.centralAddress(1))
            let other = try await sn.connect(secure: false, using: stranger)
            #expect(await Self.pairingRefusal(other.connection) == .pairingNotSupported, "window closed: 0x05")
        }
    }

    @Test func holdingTheButton3SecondsOpensTheWindowForExactly60Seconds() async throws {
        try await VirtualNightlightWorld.with { sn in
            _ = try await sn.connect()
            try await sn.pause()
            #expect(try await sn.nightlight.hold(seconds: 2.9) == .tooShort)
            #expect(try await !sn.nightlight.isPairingWindowOpen())
            let before = try await sn.nightlight.status()
            #expect(try await sn.nightlight.hold(seconds: 3) == .pairingWindowOpened)
            try await sn.nightlight.waitUntilIdle()
            #expect(try await Self.windowFlag(sn))
            let after = try await sn.nightlight.status()
            #expect(after.button == before.button, "a hold is not a press and is not counted")
            try await sn.pass(.seconds(59))
            #expect(try await sn.nightlight.isPairingWindowOpen(), "open the whole 60 s")
            #expect(try await Self.windowFlag(sn))
            try await sn.pass(.seconds(1))
            #expect(try await !sn.nightlight.isPairingWindowOpen(), "closed at 60 s")
            #expect(try await !Self.windowFlag(sn))
        }
    }

    @Test func severalCentralsPairWhileTheWindowIsOpen() async throws {
        try await VirtualNightlightWorld.with { sn in
            _ = try await sn.connect()
            #expect(try await sn.nightlight.hold(seconds: 3) == .pairingWindowOpened)
            for n in 1...2 {
                let phone = try await sn.makeCentral(address: Self.centralAddress(n))
                let peer = try await sn.connect(secure: false, using: phone)
                #expect(await Self.pairingRefusal(peer.connection) == nil, "phone \(n) pairs within the 60 s")
                try await peer.connection.disconnect()
            }
            // The SN stores a bond as it handles the last key of the pairing, a moment after the
            // phone has what it needs.
            #expect(try await sn.eventually { try await sn.nightlight.bonds().count == 3 })
        }
    }

    @Test func aPairingRequestIsRefusedFirstForTheWindowThenForItsRequirements() async throws {
        try await VirtualNightlightWorld.with { sn in
            let bonded = try await sn.connect()
            try await bonded.connection.disconnect()  // a SN takes two centrals at a time
            let noBonding = try await sn.makeCentral(address: Self.centralAddress(1), policy: SMPPairingPolicy(bonding: false))
            let legacy = try await sn.makeCentral(address: Self.centralAddress(2), policy: SMPPairingPolicy(secureConnections: false))
            let first = try await sn.connect(secure: false, using: noBonding)
            #expect(await Self.pairingRefusal(first.connection) == .pairingNotSupported, "window closed comes first")
            _ = try await sn.nightlight.hold(seconds: 3)
            #expect(await Self.pairingRefusal(first.connection) == .authenticationRequirements, "no Bonding flag: 0x03")
            try await first.connection.disconnect()
            let second = try await sn.connect(secure: false, using: legacy)
            #expect(await Self.pairingRefusal(second.connection) == .authenticationRequirements, "no SC bit: 0x03")
            #expect(try await sn.nightlight.bonds().count == 1)
        }
    }

    @Test func fourBondsAtMostAndAFifthReplacesTheLeastRecentlyUsed() async throws {
        try await VirtualNightlightWorld.with { sn in
            var phones: [BLEHost] = []
            for n in 1...5 { phones.append(try await sn.makeCentral(address: Self.centralAddress(n))) }
            for phone in phones.prefix(4) {
                _ = try await sn.nightlight.hold(seconds: 3)
                let peer = try await sn.connect(using: phone)
                try await peer.connection.disconnect()
            }
            #expect(try await sn.nightlight.bonds().map(\.peer) == (1...4).map(Self.centralAddress))
            // Phone 1 encrypts with its bond: a use, so phone 2's is now the least recently used.
            let again = try await sn.connect(using: phones[0])
            #expect(again.connection.security.isEncrypted)
            try await again.connection.disconnect()
            #expect(try await sn.nightlight.bonds().map(\.peer) == [2, 3, 4, 1].map(Self.centralAddress))
            _ = try await sn.nightlight.hold(seconds: 3)
            let fifth = try await sn.connect(using: phones[4])
            try await fifth.connection.disconnect()
            #expect(try await sn.nightlight.bonds().map(\.peer) == [3, 4, 1, 5].map(Self.centralAddress), "phone 2's bond was replaced")
        }
    }

    @Test func bondsLiveInTheFlashWhichOnlyItsOwnerMayRead() async throws {
        let directory = VirtualNightlightWorld.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try await VirtualNightlightWorld.with([try VirtualNightlight(index: 0, directory: directory)]) { sn in
            let peer = try await sn.connect()
            try await sn.nightlight.restart()
            #expect(try await sn.eventually { !peer.connection.isConnected })
            #expect(try await sn.nightlight.bonds().map(\.peer) == [SimWorld.firstCentralAddress], "kept through a restart")
            let again = try await sn.connect()
            #expect(again.connection.security.isEncrypted, "re-encrypted with the kept key, no new pairing")
            #expect(try await sn.nightlight.bonds().count == 1)
        }
        let path = "\(directory)/nightlight-0.json"
        let mode = try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
        #expect(mode & 0o777 == 0o600)
        let record = try JSONDecoder().decode(SNFlashRecord.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(record.bonds?.map(\.peer) == [SimWorld.firstCentralAddress.description])
        // A new process on the same flash.
        try await VirtualNightlightWorld.with([try VirtualNightlight(index: 0, directory: directory)]) { sn in
            let bonds = try await sn.nightlight.bonds()
            #expect(bonds.map(\.peer) == [SimWorld.firstCentralAddress])
            #expect(try await !sn.nightlight.isPairingWindowOpen())
        }
    }

    @Test func openAndProtectedAttributesAnswerAsSection9Point2Says() async throws {
        try await VirtualNightlightWorld.with { sn in
            // Not bonded, not encrypted.
            let stranger = try await sn.makeCentral(address: Self.centralAddress(1))
            let open = try await sn.connect(secure: false, using: stranger)
            for uuid in [SNUUID.deviceName, SNUUID.modelNumber, SNUUID.batteryLevel, SNUUID.batteryLevelStatus, SNUUID.currentTime,
                         SNUUID.localTimeInformation, SNUUID.bondManagementFeature] {
                #expect(await Self.readError(open, handle: try open.handle(uuid)) == nil, "\(uuid) is open")
            }
            #expect(try await open.read(SNUUID.bondManagementFeature) == [0x10, 0x04, 0x01])
            let batteryCCCD = try Self.descriptor(open, SNUUID.batteryLevel, GATTAttributeType.clientCharacteristicConfiguration)
            #expect(await Self.writeError(open, handle: batteryCCCD, [0x01, 0x00]) == nil, "battery notifications are open")
            let timeCCCD = try Self.descriptor(open, SNUUID.currentTime, GATTAttributeType.clientCharacteristicConfiguration)
            #expect(await Self.writeError(open, handle: timeCCCD, [0x01, 0x00]) == nil, "subscribing to Current Time is open")

            let protectedReads = [SNUUID.ledPowerEnable, SNUUID.activeState, SNUUID.buttonMode, SNUUID.onTime, SNUUID.childName, SNUUID.weekSchedule]
            for uuid in protectedReads {
                #expect(await Self.readError(open, handle: try open.handle(uuid)) == .insufficientAuthentication, "\(uuid): not bonded")
            }
            #expect(await Self.writeError(open, handle: try open.handle(SNUUID.currentTime), SNClockTime.notSet.encode()) == .insufficientAuthentication)
            #expect(await Self.writeError(open, handle: try open.handle(SNUUID.localTimeInformation), [0, 0]) == .insufficientAuthentication)
            #expect(await Self.writeError(open, handle: try open.handle(SNUUID.bondManagementControlPoint), [0x03]) == .insufficientAuthentication)
            let description = try Self.descriptor(open, SNUUID.childName, GATTAttributeType.characteristicUserDescription)
            #expect(await Self.readError(open, handle: description) == .insufficientAuthentication, "User Descriptions too")
            let activeCCCD = try Self.descriptor(open, SNUUID.activeState, GATTAttributeType.clientCharacteristicConfiguration)
            #expect(await Self.writeError(open, handle: activeCCCD, [0x01, 0x00]) == .insufficientAuthentication, "and CCCDs")
            // What an attribute never allows comes first.
            #expect(await Self.writeError(open, handle: try open.handle(SNUUID.activeState), [0]) == .writeNotPermitted)
            #expect(await Self.readError(open, handle: try open.handle(SNUUID.firmwareControlPoint)) == .readNotPermitted)
            #expect(await Self.readError(open, handle: try open.handle(SNUUID.bondManagementControlPoint)) == .readNotPermitted)

            // Bonded, then back unencrypted: 0x0F.
            let bonded = try await sn.connect()
            #expect(await Self.readError(bonded, handle: try bonded.handle(SNUUID.ledPowerEnable)) == nil)
            try await bonded.connection.disconnect()
            let unencrypted = try await sn.connect(secure: false)
            #expect(unencrypted.connection.security.isBonded && !unencrypted.connection.security.isEncrypted)
            #expect(await Self.readError(unencrypted, handle: try unencrypted.handle(SNUUID.ledPowerEnable)) == .insufficientEncryption)
            #expect(await Self.writeError(unencrypted, handle: try unencrypted.handle(SNUUID.childName), Array("Al".utf8)) == .insufficientEncryption)
            #expect(await Self.writeError(unencrypted, handle: try unencrypted.handle(SNUUID.activeState), [0]) == .writeNotPermitted)
            _ = try await unencrypted.connection.encrypt()
            #expect(await Self.readError(unencrypted, handle: try unencrypted.handle(SNUUID.ledPowerEnable)) == nil)
        }
    }

    @Test func protectedNotificationsGoOnlyToEncryptedBondedLinks() async throws {
        try await VirtualNightlightWorld.with { sn in
            let peer = try await sn.connect()
            var states = try await peer.subscribe(SNUUID.activeState)
            var battery = try await peer.subscribe(SNUUID.batteryLevel)
            let stranger = try await sn.makeCentral(address: Self.centralAddress(1))
            let open = try await sn.connect(secure: false, using: stranger)
            var openBattery = try await open.subscribe(SNUUID.batteryLevel)
            await #expect(throws: GATTError.self) { _ = try await open.subscribe(SNUUID.activeState) }
            _ = try await sn.nightlight.press()
            let state = try await states.nextActiveState()
            #expect(state.mode == .childButton)
            try await sn.nightlight.setBatteryLevel(42)
            #expect(try await battery.next() == [42])
            #expect(try await openBattery.next() == [42], "battery notifications go to everyone")
        }
    }

    @Test func bondManagementDeletesWhatEachOpCodeSays() async throws {
        try await VirtualNightlightWorld.with { sn in
            // A SN takes two centrals at a time: ours, and one phone at a time.
            let peer = try await sn.connect()
            let phone = try await sn.makeCentral(address: Self.centralAddress(1))
            _ = try await sn.nightlight.hold(seconds: 3)
            try await sn.connect(using: phone).connection.disconnect()
            #expect(try await sn.eventually { try await sn.nightlight.bonds().count == 2 }, "the SN stores the bond a moment after the phone")
            let controlPoint = try peer.handle(SNUUID.bondManagementControlPoint)
            #expect(await Self.writeError(peer, handle: controlPoint, [0x04]) == SNBondManagement.opCodeNotSupported)
            #expect(await Self.writeError(peer, handle: controlPoint, []) == SNBondManagement.opCodeNotSupported)
            #expect(await Self.writeError(peer, handle: controlPoint, [0x03, 0x12, 0x34]) == SNBondManagement.operationFailed, "no authorization codes")
            #expect(try await sn.nightlight.bonds().count == 2)

            // 0x09: all but the requester's; the others are disconnected.
            let again = try await sn.connect(using: phone)
            #expect(again.connection.security.isEncrypted)
            #expect(await Self.writeError(again, handle: controlPoint, [0x09]) == nil)
            #expect(try await sn.nightlight.bonds().map(\.peer) == [Self.centralAddress(1)])
            #expect(try await sn.eventually { !peer.connection.isConnected }, "its link was encrypted with a deleted key")
            #expect(again.connection.isConnected)

            // 0x03: the requester's own, then the SN disconnects.
            #expect(await Self.writeError(again, handle: controlPoint, [0x03]) == nil)
            #expect(try await sn.nightlight.bonds().isEmpty)
            #expect(try await sn.eventually { !again.connection.isConnected }, "the SN disconnects after answering")
            #expect(try await sn.nightlight.isPairingWindowOpen())

            // 0x06: every bond, and the window opens (once the hold's 60 s are over).
            try await sn.pass(.seconds(60))
            sn.resume()
            let first = try await sn.connect(using: try await sn.makeCentral(address: Self.centralAddress(3)))
            #expect(try await !sn.nightlight.isPairingWindowOpen())
            #expect(await Self.writeError(first, handle: controlPoint, [0x06]) == nil)
            #expect(try await sn.nightlight.bonds().isEmpty)
            #expect(try await sn.nightlight.isPairingWindowOpen())
        }
    }

    @Test func holding10SecondsResetsToFactoryButKeepsFirmwareClockAndBattery() async throws {
        try await VirtualNightlightWorld.with([try VirtualNightlight(index: 1)]) { sn in
            let peer = try await sn.connect()
            try await peer.write(SNUUID.buttonColor, [1, 2, 3])
            try await peer.write(SNUUID.ledLink, [0])
            try await peer.write(SNUUID.temporaryDaySchedule, TemporaryDaySchedule(remainingDays: 2, periods: [Period(start: 60, end: 120, color: .white)]).encode())
            let before = try await sn.nightlight.status()
            #expect(before.childName == "Mia" && before.weekScheduleName == "School nights" && before.clock.isSet)
            #expect(try await sn.nightlight.hold(seconds: 10) == .factoryReset)
            #expect(try await sn.eventually { !peer.connection.isConnected }, "a reset restarts the SN")
            let after = try await sn.nightlight.status()
            #expect(after.childName == "" && after.weekScheduleName == WeekSchedule.factory.name)
            #expect(!after.temporarySchedule.isActive)
            #expect(after.firmwareVersion == before.firmwareVersion)
            #expect(after.clock.isSet, "the clock is kept")
            #expect(after.battery.level == before.battery.level, "the battery is kept")
            #expect(try await sn.nightlight.bonds().isEmpty)
            #expect(try await sn.nightlight.isPairingWindowOpen())
            // Our bond is stale: the SN answers 0x05, and encrypting fails with a missing key.
            let again = try await sn.connect(secure: false)
            #expect(await Self.readError(again, handle: try again.handle(SNUUID.buttonColor)) == .insufficientAuthentication)
            await #expect(throws: HostError.self) { _ = try await again.connection.encrypt() }
            if again.connection.isConnected { try await again.connection.disconnect() }
            let fresh = try await sn.connect(secure: false)
            _ = try await fresh.connection.pair()
            #expect(try await fresh.read(SNUUID.buttonColor) == ChildButtonSettings.factory.color.encode())
            #expect(try await fresh.read(SNUUID.ledLink) == [1])
        }
    }
}
