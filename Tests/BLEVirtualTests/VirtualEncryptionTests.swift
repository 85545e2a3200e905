import BLECore
import BLEHCI
import Testing
@testable import BLEVirtual

/// LE encryption between two virtual controllers over raw HCI: the start procedure, the pause
/// procedure (key refresh), a wrong key, a missing key, an unanswered request, and the commands
/// in the wrong role or state (Core 5.4, Vol 6, Part B, 5.1.3; Vol 4, Part E, 7.8.23–7.8.26).
@Suite(.timeLimit(.minutes(1)))
struct VirtualEncryptionTests {
    /// The central's key: 16 octets, least significant first.
    static let key: [UInt8] = (0..<16).map { UInt8(0xA0 + $0) }
    /// A key that differs from ``key`` in its last octet only.
    static let otherKey: [UInt8] = Array(key.dropLast()) + [0x00]
    static let rand: UInt64 = 0x0102_0304_0506_0708
    static let ediv: UInt16 = 0xBEEF

    /// A connected world whose peripheral host takes LE Long Term Key Requests (unless
    /// `peripheralLEEvents` says otherwise).
    struct Connected {
        let world: VirtualWorld
        let centralHandle: UInt16
        let peripheralHandle: UInt16
        var centralHost: HCITestHost { world.centralHost }
        var peripheralHost: HCITestHost { world.peripheralHost }

        init(
            peripheral: VirtualControllerConfiguration = VirtualControllerConfiguration(
                publicAddress: VirtualWorld.peripheralAddress, name: "peripheral"
            ),
            peripheralLEEvents: HCILEEventMask = HCITestHost.legacyLEEvents.union(.longTermKeyRequest)
        ) async throws {
            world = try await VirtualWorld(peripheral: peripheral, powerOn: false)
            try await world.centralHost.powerOn(leEventMask: HCITestHost.legacyLEEvents.union(.longTermKeyRequest))
            try await world.peripheralHost.powerOn(leEventMask: peripheralLEEvents)
            let (central, peripheral) = try await world.connect()
            centralHandle = central.connectionHandle
            peripheralHandle = peripheral.connectionHandle
        }

        /// Sends HCI_LE_Enable_Encryption from the central and expects Command Status Success.
        func enable(key: [UInt8] = VirtualEncryptionTests.key) async throws {
            #expect(try await centralHost.status(HCILEEnableEncryption(
                connectionHandle: centralHandle, randomNumber: VirtualEncryptionTests.rand,
                encryptedDiversifier: VirtualEncryptionTests.ediv, longTermKey: key
            )) == .success)
        }

        /// Waits for the peripheral host's LE Long Term Key Request.
        func request() async throws -> HCILELongTermKeyRequest {
            try await peripheralHost.nextEvent("LE Long Term Key Request", longTermKeyRequest)
        }

        /// Answers the request with `key` (or a negative reply) and expects Command Complete
        /// Success on the peripheral's handle.
        func reply(_ key: [UInt8]?) async throws {
            if let key {
                let answer = try await peripheralHost.complete(HCILELongTermKeyRequestReply(connectionHandle: peripheralHandle, longTermKey: key))
                #expect(answer == .init(status: .success, connectionHandle: peripheralHandle))
            } else {
                let answer = try await peripheralHost.complete(HCILELongTermKeyRequestNegativeReply(connectionHandle: peripheralHandle))
                #expect(answer == .init(status: .success, connectionHandle: peripheralHandle))
            }
        }

        /// Runs the start procedure with matching keys and checks both Encryption Change events.
        func encrypt() async throws {
            try await enable()
            _ = try await request()
            try await reply(VirtualEncryptionTests.key)
            for (host, handle) in [(centralHost, centralHandle), (peripheralHost, peripheralHandle)] {
                let change = try await host.nextEvent("Encryption Change", encryptionChange)
                #expect(change == HCIEncryptionChange(status: .success, connectionHandle: handle, encryptionEnabled: 0x01))
            }
        }

        /// HCI_Read_Encryption_Key_Size on both ends.
        func keySizes() async throws -> [HCIReadEncryptionKeySize.ReturnParameters] {
            [
                try await centralHost.complete(HCIReadEncryptionKeySize(connectionHandle: centralHandle)),
                try await peripheralHost.complete(HCIReadEncryptionKeySize(connectionHandle: peripheralHandle)),
            ]
        }

        /// The events of `codes` kept by `host` once both controllers are idle.
        func strayEvents(on host: HCITestHost, _ codes: Set<HCIEventCode>) async -> [HCIEventPacket] {
            await world.central.waitUntilIdle()
            await world.peripheral.waitUntilIdle()
            return await host.takeKept().compactMap { packet in
                if case .event(let event) = packet, codes.contains(event.eventCode) { return event }
                return nil
            }
        }
    }

    @Test func matchingKeysEncryptBothEnds() async throws {
        let link = try await Connected()
        #expect(try await link.keySizes().map(\.status) == [.insufficientSecurity, .insufficientSecurity])

        try await link.enable()
        let request = try await link.request()
        #expect(request == HCILELongTermKeyRequest(
            connectionHandle: link.peripheralHandle, randomNumber: Self.rand, encryptedDiversifier: Self.ediv
        ))
        try await link.reply(Self.key)
        for (host, handle) in [(link.centralHost, link.centralHandle), (link.peripheralHost, link.peripheralHandle)] {
            let change = try await host.nextEvent("Encryption Change", encryptionChange)
            #expect(change.status == .success && change.connectionHandle == handle && change.isEncrypted)
        }

        let sizes = try await link.keySizes()
        #expect(sizes == [
            .init(status: .success, connectionHandle: link.centralHandle, keySize: 16),
            .init(status: .success, connectionHandle: link.peripheralHandle, keySize: 16),
        ])
        #expect(link.world.link.connectionCount == 1)
    }

    @Test func secondStartWithTheSameKeyRefreshesTheKeyOnBothEnds() async throws {
        let link = try await Connected()
        try await link.encrypt()

        try await link.enable()
        _ = try await link.request()
        try await link.reply(Self.key)
        for (host, handle) in [(link.centralHost, link.centralHandle), (link.peripheralHost, link.peripheralHandle)] {
            let refresh = try await host.nextEvent("Encryption Key Refresh Complete", keyRefreshComplete)
            #expect(refresh == HCIEncryptionKeyRefreshComplete(status: .success, connectionHandle: handle))
            #expect(await link.strayEvents(on: host, [.encryptionChange]).isEmpty, "a refresh is not an Encryption Change")
        }
        #expect(try await link.keySizes().map(\.keySize) == [16, 16])
    }

    @Test(arguments: [false, true])
    func mismatchingKeysEndTheLinkWithMICFailure(alreadyEncrypted: Bool) async throws {
        let link = try await Connected()
        if alreadyEncrypted { try await link.encrypt() }

        try await link.enable()
        _ = try await link.request()
        try await link.reply(Self.otherKey)
        for (host, handle) in [(link.centralHost, link.centralHandle), (link.peripheralHost, link.peripheralHandle)] {
            let complete = try await host.nextEvent("Disconnection Complete", disconnectionComplete)
            #expect(complete.status == .success && complete.connectionHandle == handle)
            #expect(complete.reason == .connectionTerminatedDueToMICFailure)
            #expect(await link.strayEvents(on: host, [.encryptionChange, .encryptionKeyRefreshComplete]).isEmpty)
        }
        #expect(link.world.link.connectionCount == 0)
        #expect(await link.world.central.connectionHandles.isEmpty)
        #expect(await link.world.peripheral.connectionHandles.isEmpty)
        // The state went with the connection.
        #expect(try await link.keySizes().map(\.status) == [.unknownConnectionIdentifier, .unknownConnectionIdentifier])
    }

    @Test func negativeReplyLeavesTheLinkUnencrypted() async throws {
        let link = try await Connected()
        try await link.enable()
        _ = try await link.request()
        try await link.reply(nil)

        let change = try await link.centralHost.nextEvent("Encryption Change", encryptionChange)
        #expect(change == HCIEncryptionChange(status: .pinOrKeyMissing, connectionHandle: link.centralHandle, encryptionEnabled: 0x00))
        // The peripheral's host hears nothing beyond its Command Complete.
        #expect(await link.strayEvents(on: link.peripheralHost, [.encryptionChange, .disconnectionComplete]).isEmpty)
        #expect(link.world.link.connectionCount == 1)
        #expect(try await link.keySizes().map(\.status) == [.insufficientSecurity, .insufficientSecurity])

        // A later start may succeed.
        try await link.encrypt()
    }

    @Test func negativeReplyToAKeyRefreshEndsTheLink() async throws {
        let link = try await Connected()
        try await link.encrypt()
        try await link.enable()
        _ = try await link.request()
        try await link.reply(nil)
        // Vol 6, Part B, 5.1.3.1: after a pause the peripheral performs the ACL Termination
        // procedure with PIN or Key Missing.
        let central = try await link.centralHost.nextEvent("Disconnection Complete", disconnectionComplete)
        #expect(central.connectionHandle == link.centralHandle && central.reason == .pinOrKeyMissing)
        let peripheral = try await link.peripheralHost.nextEvent("Disconnection Complete", disconnectionComplete)
        #expect(peripheral.connectionHandle == link.peripheralHandle && peripheral.reason == .connectionTerminatedByLocalHost)
        #expect(link.world.link.connectionCount == 0)
    }

    @Test func maskedLongTermKeyRequestIsANegativeReply() async throws {
        let link = try await Connected(peripheralLEEvents: HCITestHost.legacyLEEvents)
        try await link.enable()
        let change = try await link.centralHost.nextEvent("Encryption Change", encryptionChange)
        #expect(change.status == .pinOrKeyMissing && !change.isEncrypted)
        let requests = await link.strayEvents(on: link.peripheralHost, [.leMeta])
        #expect(requests.isEmpty, "the peripheral's host masked the request")
        // Nothing waits for an answer now.
        #expect(try await link.peripheralHost.complete(HCILELongTermKeyRequestNegativeReply(
            connectionHandle: link.peripheralHandle
        )).status == .commandDisallowed)
    }

    @Test func unansweredRequestEndsTheLinkAfterTheLLResponseTimeout() async throws {
        let link = try await Connected()
        let clock = link.world.clock
        try await link.enable()
        _ = try await link.request()
        #expect(await clock.waitForSleepers(count: 1))
        clock.advance(by: .seconds(39))
        #expect(await link.strayEvents(on: link.centralHost, [.disconnectionComplete]).isEmpty)
        #expect(link.world.link.connectionCount == 1)

        clock.advance(by: .seconds(1))
        for (host, handle) in [(link.centralHost, link.centralHandle), (link.peripheralHost, link.peripheralHandle)] {
            let complete = try await host.nextEvent("Disconnection Complete", disconnectionComplete)
            #expect(complete.connectionHandle == handle && complete.reason == .lmpResponseTimeout)
        }
        #expect(link.world.link.connectionCount == 0)
        // Too late: the connection is gone.
        #expect(try await link.peripheralHost.complete(HCILELongTermKeyRequestReply(
            connectionHandle: link.peripheralHandle, longTermKey: Self.key
        )).status == .unknownConnectionIdentifier)
    }

    @Test func answeredRequestStopsTheResponseTimer() async throws {
        let link = try await Connected()
        try await link.encrypt()
        #expect(link.world.clock.sleeperCount == 0)
        link.world.clock.advance(by: .seconds(60))
        #expect(await link.strayEvents(on: link.centralHost, [.disconnectionComplete]).isEmpty)
        #expect(link.world.link.connectionCount == 1)
    }

    @Test func commandsInTheWrongRoleOrStateAreRefused() async throws {
        let link = try await Connected()
        // Only the central starts encryption (7.8.24).
        #expect(try await link.peripheralHost.status(HCILEEnableEncryption(
            connectionHandle: link.peripheralHandle, longTermKey: Self.key
        )) == .commandDisallowed)
        // Unknown handles.
        #expect(try await link.centralHost.status(HCILEEnableEncryption(connectionHandle: 0x0123, longTermKey: Self.key)) == .unknownConnectionIdentifier)
        let unknownReply = try await link.peripheralHost.complete(HCILELongTermKeyRequestReply(connectionHandle: 0x0123, longTermKey: Self.key))
        #expect(unknownReply == .init(status: .unknownConnectionIdentifier, connectionHandle: 0x0123))
        #expect(try await link.peripheralHost.complete(HCILELongTermKeyRequestNegativeReply(connectionHandle: 0x0123)).status == .unknownConnectionIdentifier)
        let unknownSize = try await link.centralHost.complete(HCIReadEncryptionKeySize(connectionHandle: 0x0123))
        #expect(unknownSize == .init(status: .unknownConnectionIdentifier, connectionHandle: 0x0123, keySize: 0))
        // A reply with no request outstanding, and one from the central (7.8.25, 7.8.26).
        #expect(try await link.peripheralHost.complete(HCILELongTermKeyRequestReply(
            connectionHandle: link.peripheralHandle, longTermKey: Self.key
        )).status == .commandDisallowed)
        #expect(try await link.centralHost.complete(HCILELongTermKeyRequestNegativeReply(
            connectionHandle: link.centralHandle
        )).status == .commandDisallowed)

        // One procedure at a time.
        try await link.enable()
        #expect(try await link.centralHost.status(HCILEEnableEncryption(
            connectionHandle: link.centralHandle, longTermKey: Self.key
        )) == .commandDisallowed)
        _ = try await link.request()
        try await link.reply(Self.key)
        #expect(try await link.centralHost.nextEvent("Encryption Change", encryptionChange).isEncrypted)
    }

    @Test func malformedEncryptionCommandsAreInvalidParameters() async throws {
        let link = try await Connected()
        // 27 octets: the key is one short.
        let short = HCICommandPacket(opcode: .leEnableEncryption, parameters: [0x40, 0x00] + [UInt8](repeating: 0, count: 25))
        guard case .commandStatus(let status) = try await link.centralHost.send(short) else {
            Issue.record("HCI_LE_Enable_Encryption is answered by Command Status")
            return
        }
        #expect(status.status == .invalidHCICommandParameters)
        let reply = HCICommandPacket(opcode: .leLongTermKeyRequestReply, parameters: [0x40, 0x00] + Self.key + [0x00])
        guard case .commandComplete(let complete) = try await link.peripheralHost.send(reply) else {
            Issue.record("HCI_LE_Long_Term_Key_Request_Reply is answered by Command Complete")
            return
        }
        #expect(try complete.returnParameters(for: HCILELongTermKeyRequestReply.self).status == .invalidHCICommandParameters)
        #expect(link.world.link.connectionCount == 1)
    }

    @Test func peerWithoutLEEncryptionRejectsTheStart() async throws {
        var configuration = VirtualControllerConfiguration(publicAddress: VirtualWorld.peripheralAddress, name: "peripheral")
        configuration.leFeatures.remove(.leEncryption)
        let link = try await Connected(peripheral: configuration)
        try await link.enable()
        let change = try await link.centralHost.nextEvent("Encryption Change", encryptionChange)
        #expect(change == HCIEncryptionChange(status: .unsupportedRemoteFeature, connectionHandle: link.centralHandle, encryptionEnabled: 0))

        // That controller has no encryption commands at all.
        let commands = try await link.peripheralHost.complete(HCIReadLocalSupportedCommands())
        #expect(!commands.supports(octet: 28, bit: 0) && !commands.supports(octet: 28, bit: 1) && !commands.supports(octet: 28, bit: 2))
        #expect(try await link.peripheralHost.complete(HCILELongTermKeyRequestReply(
            connectionHandle: link.peripheralHandle, longTermKey: Self.key
        )).status == .unknownHCICommand)
    }

    @Test func controllerAdvertisesEncryption() async throws {
        let world = try await VirtualWorld()
        let commands = try await world.centralHost.complete(HCIReadLocalSupportedCommands())
        #expect(commands.supports(octet: 20, bit: 4))  // HCI_Read_Encryption_Key_Size
        #expect(commands.supports(octet: 27, bit: 7))  // HCI_LE_Rand
        #expect(commands.supports(octet: 28, bit: 0))  // HCI_LE_Enable_Encryption
        #expect(commands.supports(octet: 28, bit: 1))  // HCI_LE_Long_Term_Key_Request_Reply
        #expect(commands.supports(octet: 28, bit: 2))  // HCI_LE_Long_Term_Key_Request_Negative_Reply
        let features = try await world.centralHost.complete(HCILEReadLocalSupportedFeatures())
        #expect(features.leFeatures.contains(.leEncryption))

        let first = try await world.centralHost.complete(HCILERand())
        let second = try await world.centralHost.complete(HCILERand())
        #expect(first.status == .success && second.status == .success)
        #expect(first.randomNumber != second.randomNumber)
    }
}

/// Matches an Encryption Change.
@Sendable private func encryptionChange(_ event: HCIEvent) -> HCIEncryptionChange? {
    if case .encryptionChange(let change) = event { return change }
    return nil
}

/// Matches an Encryption Key Refresh Complete.
@Sendable private func keyRefreshComplete(_ event: HCIEvent) -> HCIEncryptionKeyRefreshComplete? {
    if case .encryptionKeyRefreshComplete(let refresh) = event { return refresh }
    return nil
}

/// Matches an LE Long Term Key Request.
@Sendable private func longTermKeyRequest(_ event: HCIEvent) -> HCILELongTermKeyRequest? {
    if case .leMeta(.longTermKeyRequest(let request)) = event { return request }
    return nil
}
