import BLECore
import BLEGATT
import BLEHCI
import BLEHost
import BLESimulation
import BLETesting
import BLETransport
import BLEVirtual
import Dispatch
import Logging
import Synchronization
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - Against a controller server that misbehaves

extension BumbleFaultTests {
    @Suite struct OverAFaultyServer {
        /// Runs `body` with a started ``FaultyControllerServer`` and our host on it (not started),
        /// then stops both.
        static func withServer<T: Sendable>(
            fault: FaultyControllerServer.Fault? = nil,
            after answered: Int = 0,
            commandTimeout: Duration = BumbleFaultTests.commandTimeout,
            transportOptions: TransportOptions = TransportOptions(logger: logger("faults.transport")),
            _ body: (FaultyControllerServer, BLEHost) async throws -> T
        ) async throws -> T {
            let server = try FaultyControllerServer(fault: fault, after: answered)
            return try await run({
                try await BumbleFaultTests.withHost(
                    port: server.port, address: "C3:4E:4C:11:00:01", commandTimeout: commandTimeout, transportOptions: transportOptions
                ) { host in try await body(server, host) }
            }, thenAlways: { await server.stop() })
        }

        /// Fault 2 during start-up: the controller answers `answered` commands, then nothing.
        /// `start()` fails within the command timeout with an error naming the unanswered command
        /// (a timeout, or for an optional informational command, the unresponsive controller).
        @Test(arguments: [0, 1, 3])
        func controllerFallsSilentDuringStartUp(answered: Int) async throws {
            try await Self.withServer(fault: .silent, after: answered) { server, host in
                let started = ContinuousClock.now
                let error = try await #require(throws: HostError.self) {
                    try await BumbleFaultTests.within(commandTimeout + slack, "start() against a silent controller") {
                        try await host.start()
                    }
                }
                let elapsed = ContinuousClock.now - started
                #expect(elapsed >= commandTimeout - .milliseconds(100) && elapsed < commandTimeout + slack, "\(elapsed)")
                let commands = server.commands
                try #require(commands.count == answered + 1, "the host sent \(commands.map(\.name))")
                let unanswered = commands[answered]
                #expect([.commandTimeout, .controllerUnresponsive].contains(error.code), "\(error)")
                #expect(error.description.contains(unanswered.name), "\(error) does not name \(unanswered.name)")
                #expect(error.description.contains("within \(commandTimeout)"), "\(error)")
                await expectFailedForGood(host)
            }
        }

        /// Fault 2 after start-up: the controller falls silent while a scan and advertising are
        /// being started; both fail, one with the timeout, the other with its consequence.
        @Test func controllerFallsSilentWithOperationsPending() async throws {
            try await Self.withServer { server, host in
                _ = try await host.start()
                server.setFault(.silent)
                let data = try AdvertisingData([.flags(.leGeneralDiscoverableOnly)])
                let outcomes = try await BumbleFaultTests.outcomes(within: commandTimeout + slack, [
                    { _ = try await host.scan() },
                    { try await host.startAdvertising(data: data) },
                ])
                expectOneTimedOutOthersUnresponsive(outcomes)
                await expectFailedForGood(host)
            }
        }

        /// Fault 3, resynchronisation: random bytes that cannot start a packet come before every
        /// packet the controller sends. The parser drops exactly those bytes (logging them) and
        /// start-up completes.
        @Test func junkBeforeEveryPacketIsDroppedAndStartUpCompletes() async throws {
            // Never 0x02…0x05 (ACL, synchronous, event, ISO): the host's parser accepts those.
            let junk: [UInt8] = [0x00, 0x01] + (0..<6).map { _ in UInt8.random(in: 0x06...0xFF) }
            let warnings = WarningLog()
            let options = TransportOptions(logger: warnings.logger("faults.transport"))
            try await Self.withServer(fault: .junkBeforeEachPacket(junk), transportOptions: options) { server, host in
                let info = try await BumbleFaultTests.within(.seconds(20), "start() through the junk") {
                    try await host.start()
                }
                #expect(info.publicAddress == server.controller.publicAddress)
                #expect(server.junkBytesSent >= junk.count * 8, "fewer packets than start-up needs")
                #expect(warnings.droppedBytes == server.junkBytesSent, "junk \(junk) sent \(server.junkBytesSent) bytes")
                #expect(warnings.messages.contains { $0.contains("garbage on the wire") }, "\(warnings.messages)")
            }
        }

        /// A frame header sent on its own, and what the host makes of it.
        struct HeaderCase: Sendable, CustomTestStringConvertible {
            var header: [UInt8]
            var maximumACLDataLength = HCIACLDataPacket.maximumDataLength
            var resynchronises = false
            var testDescription: String {
                "\(BumbleInteropTests.hex(header)) with ACL length at most \(maximumACLDataLength)"
            }
        }

        /// Fault 3, a frame header announcing more than will come. Within the parser's bounds it
        /// is a frame: it swallows the answers that follow and the next command times out with a
        /// clear error. With `maximumACLDataLength` set (as the parser's policy advises), an
        /// oversized ACL header is garbage, dropped, and the next command succeeds.
        @Test(arguments: [
            HeaderCase(header: [0x04, 0x0E, 0xFF]),
            HeaderCase(header: [0x02, 0xFF, 0x0F, 0xFF, 0xFF]),
            HeaderCase(header: [0x02, 0xFF, 0x0F, 0xFF, 0xFF], maximumACLDataLength: 251, resynchronises: true),
        ])
        func headerAnnouncingMoreThanComes(_ headerCase: HeaderCase) async throws {
            let warnings = WarningLog()
            let options = TransportOptions(logger: warnings.logger("faults.transport"), maximumACLDataLength: headerCase.maximumACLDataLength)
            try await Self.withServer(transportOptions: options) { server, host in
                _ = try await host.start()
                server.inject(headerCase.header)
                let started = ContinuousClock.now
                let outcome = try await BumbleFaultTests.outcomes(within: commandTimeout + slack, [
                    { _ = try await host.send(HCIReadBDADDR()) }
                ])[0]
                if headerCase.resynchronises {
                    #expect(outcome == nil, "\(String(describing: outcome))")
                    #expect(warnings.droppedBytes == headerCase.header.count)
                } else {
                    let error = outcome as? HostError
                    #expect(error?.code == .commandTimeout, "\(String(describing: outcome))")
                    #expect(error?.command == HCIReadBDADDR.opcode)
                    #expect(ContinuousClock.now - started >= commandTimeout - .milliseconds(100))
                    await expectFailedForGood(host)
                }
            }
        }

        /// Fault 3, garbage then a hang-up in the middle of a packet, while start-up waits for an
        /// answer: start-up fails at once (not after the long command timeout) with the
        /// transport's reason.
        @Test func garbageThenHangUpEndsStartUpAtOnce() async throws {
            let last: [UInt8] = [0x00, 0xFF, 0x42, 0x04, 0x0E, 0x04]
            // A long command timeout, so "at once" (the hang-up) and "at the timeout" stay apart even
            // when the machine is busy.
            try await Self.withServer(fault: .hangUp(sending: last), after: 1, commandTimeout: .seconds(60)) { _, host in
                let started = ContinuousClock.now
                let error = try await #require(throws: HostError.self) {
                    try await BumbleFaultTests.within(.seconds(30), "start() against a controller that hangs up") {
                        try await host.start()
                    }
                }
                #expect(ContinuousClock.now - started < .seconds(20))
                #expect(error.code == .transportClosed, "\(error)")
                #expect(error.description.contains("hung up in the middle of a packet (3 bytes of it dropped)"), "\(error)")
                let state = await host.state
                guard case .failed(let failure) = state else {
                    Issue.record("the host is \(state), not failed")
                    return
                }
                #expect(failure.code == .transportClosed)
            }
        }

        /// Fault 3, noise: every packet the controller sends is replaced by random bytes, which
        /// may parse as anything. Start-up still ends with a host error within the command
        /// timeout, and the host is failed, not hung.
        @Test func noiseInsteadOfAnswersEndsStartUp() async throws {
            try await Self.withServer(fault: .noiseInsteadOfEachPacket(byteCount: 64)) { _, host in
                let started = ContinuousClock.now
                await #expect(throws: HostError.self) {
                    try await BumbleFaultTests.within(commandTimeout + slack, "start() against noise") {
                        try await host.start()
                    }
                }
                #expect(ContinuousClock.now - started < commandTimeout + slack)
                let state = await host.state
                guard case .failed = state else {
                    Issue.record("the host is \(state), not failed")
                    return
                }
            }
        }
    }
}
