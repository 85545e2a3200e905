import BLECore
@testable import BLEGATT
import Testing

/// Writes, prepared writes and CCCDs through the pure core.
@Suite struct GATTServerWriteTests {
    @Test func writeRequestStoresTheValue() throws {
        var core = try ServerSample.core()
        #expect(core.ask(ATTWriteRequest(attributeHandle: 19, attributeValue: Array("Alice".utf8))) == .writeResponse(.init()))
        #expect(core.ask(ATTReadRequest(attributeHandle: 19)) == .readResponse(.init(attributeValue: Array("Alice".utf8))))
        #expect(core.storedValue(at: 19) == Array("Alice".utf8))
    }

    @Test(arguments: [
        (UInt16(0), [UInt8](), ATTErrorCode.invalidHandle),
        (99, [1], .invalidHandle),
        (1, [1, 2], .writeNotPermitted),  // a declaration
        (13, [1], .writeNotPermitted),  // read-only
        (20, [1], .writeNotPermitted),  // user description without writable auxiliaries
        (8, [UInt8](repeating: 0, count: 16), .writeNotPermitted),  // Database Hash
        (19, [UInt8](repeating: 0x41, count: 21), .invalidAttributeValueLength),  // max 20
        (22, [UInt8](repeating: 0, count: 513), .invalidAttributeValueLength),  // max 512
        (14, [1], .invalidAttributeValueLength),  // CCCD is 2 octets
        (14, [2, 0], .valueNotAllowed),  // Battery Level cannot indicate
        (28, [1, 0], .valueNotAllowed),  // Control Point cannot notify
    ])
    func writeRequestErrors(handle: UInt16, value: [UInt8], code: ATTErrorCode) throws {
        var core = try ServerSample.core()
        let before = core.storedValue(at: handle)
        #expect(core.ask(ATTWriteRequest(attributeHandle: handle, attributeValue: value)) == serverError(.writeRequest, handle, code))
        #expect(core.storedValue(at: handle) == before)
    }

    @Test func fixedLengthValuesRefuseOtherLengths() throws {
        var core = GATTServerCore(database: try GATTAttributeDatabase(services: [
            GATTServiceDefinition(uuid: BluetoothUUID(0x1234), characteristics: [
                GATTCharacteristicDefinition(uuid: BluetoothUUID(0x2BFF), properties: [.read, .write], value: [0, 0, 0], fixedLength: 3),
            ]),
        ]))
        #expect(core.ask(ATTWriteRequest(attributeHandle: 3, attributeValue: [1, 2])) == serverError(.writeRequest, 3, .invalidAttributeValueLength))
        #expect(core.ask(ATTWriteRequest(attributeHandle: 3, attributeValue: [1, 2, 3, 4])) == serverError(.writeRequest, 3, .invalidAttributeValueLength))
        #expect(core.ask(ATTWriteRequest(attributeHandle: 3, attributeValue: [1, 2, 3])) == .writeResponse(.init()))
    }

    @Test func writeCommandNeverAnswers() throws {
        var core = try ServerSample.core()
        #expect(core.ask(ATTWriteCommand(attributeHandle: 19, attributeValue: [0x42])) == nil)
        #expect(core.storedValue(at: 19) == [0x42])
        #expect(core.ask(ATTWriteCommand(attributeHandle: 13, attributeValue: [1])) == nil)
        #expect(core.storedValue(at: 13) == [87])
        #expect(core.ask(ATTWriteCommand(attributeHandle: 99, attributeValue: [1])) == nil)
        #expect(core.ask(ATTWriteCommand(attributeHandle: 19, attributeValue: [UInt8](repeating: 0, count: 21))) == nil)
        #expect(core.storedValue(at: 19) == [0x42])
    }

    // MARK: CCCDs

    @Test func clientConfigurationIsPerClient() throws {
        var core = try ServerSample.core()
        #expect(core.ask(ATTWriteRequest(attributeHandle: 14, attributeValue: [0x01, 0x00]), from: .one) == .writeResponse(.init()))
        #expect(core.ask(ATTReadRequest(attributeHandle: 14), from: .one) == .readResponse(.init(attributeValue: [0x01, 0x00])))
        #expect(core.ask(ATTReadRequest(attributeHandle: 14), from: .two) == .readResponse(.init(attributeValue: [0x00, 0x00])))
        #expect(core.subscribers(ofValue: 13).map(\.client) == [.one])
        #expect(core.ask(ATTWriteRequest(attributeHandle: 28, attributeValue: [0x02, 0x00]), from: .two) == .writeResponse(.init()))
        #expect(core.subscribers(ofValue: 27).map(\.client) == [.two])
        #expect(core.subscribers(ofValue: 27).first?.configuration == .indications)
        core.disconnect(.one)
        #expect(core.subscribers(ofValue: 13).isEmpty)
        #expect(core.ask(ATTReadRequest(attributeHandle: 14), from: .one) == .readResponse(.init(attributeValue: [0x00, 0x00])))
    }

    @Test func reservedClientConfigurationBitsAreIgnored() throws {
        var core = try ServerSample.core()
        #expect(core.ask(ATTWriteRequest(attributeHandle: 14, attributeValue: [0x05, 0x80])) == .writeResponse(.init()))
        #expect(core.ask(ATTReadRequest(attributeHandle: 14)) == .readResponse(.init(attributeValue: [0x01, 0x00])))
        #expect(core.ask(ATTWriteRequest(attributeHandle: 14, attributeValue: [0x00, 0x00])) == .writeResponse(.init()))
        #expect(core.subscribers(ofValue: 13).isEmpty)
    }

    // MARK: Client Supported Features

    @Test func clientSupportedFeaturesCannotBeCleared() throws {
        var core = try ServerSample.core()
        #expect(core.ask(ATTReadRequest(attributeHandle: 6)) == .readResponse(.init(attributeValue: [0x00])))
        #expect(core.ask(ATTWriteRequest(attributeHandle: 6, attributeValue: [0x01])) == .writeResponse(.init()))
        #expect(core.ask(ATTWriteRequest(attributeHandle: 6, attributeValue: [0x00])) == serverError(.writeRequest, 6, .valueNotAllowed))
        #expect(core.ask(ATTWriteRequest(attributeHandle: 6, attributeValue: [0xFF])) == .writeResponse(.init()))
        #expect(core.ask(ATTReadRequest(attributeHandle: 6)) == .readResponse(.init(attributeValue: [0x07])))  // unknown bits dropped
        #expect(core.ask(ATTReadRequest(attributeHandle: 6), from: .two) == .readResponse(.init(attributeValue: [0x00])))
    }

    // MARK: Prepared writes

    /// Prepares `value` for `handle` in parts of ATT_MTU − 5 octets.
    static func prepare(_ core: inout GATTServerCore, _ value: [UInt8], at handle: UInt16, mtu: Int = 23, from client: GATTClientID = .one) {
        var offset = 0
        repeat {
            let part = Array(value[offset..<min(value.count, offset + mtu - 5)])
            let request = ATTPrepareWriteRequest(attributeHandle: handle, valueOffset: UInt16(offset), partAttributeValue: part)
            #expect(core.ask(request, mtu: UInt16(mtu), from: client)
                == .prepareWriteResponse(.init(attributeHandle: handle, valueOffset: UInt16(offset), partAttributeValue: part)))
            offset += part.count
        } while offset < value.count
    }

    @Test(arguments: [23, 517])
    func longWriteStoresTheWholeValueOnExecute(mtu: Int) throws {
        var core = try ServerSample.core()
        let value = [UInt8]((0..<200).map { UInt8(truncatingIfNeeded: $0 &* 7) })
        Self.prepare(&core, value, at: 22, mtu: mtu)
        #expect(core.storedValue(at: 22) == ServerSample.schedule)  // nothing written yet
        #expect(core.ask(ATTExecuteWriteRequest(flags: .immediatelyWriteAllPendingPreparedValues), mtu: UInt16(mtu)) == .executeWriteResponse(.init()))
        #expect(core.storedValue(at: 22) == value)
        #expect(core.state(of: .one).prepareQueue.isEmpty)
    }

    @Test func reliableWriteOfSeveralAttributes() throws {
        var core = try ServerSample.core()
        Self.prepare(&core, Array("Bob".utf8), at: 19)
        Self.prepare(&core, [1, 2, 3], at: 22)
        Self.prepare(&core, [0x01, 0x00], at: 14)
        #expect(core.ask(ATTExecuteWriteRequest(flags: .immediatelyWriteAllPendingPreparedValues)) == .executeWriteResponse(.init()))
        #expect(core.storedValue(at: 19) == Array("Bob".utf8))
        #expect(core.storedValue(at: 22) == [1, 2, 3])
        #expect(core.subscribers(ofValue: 13).map(\.client) == [.one])
    }

    @Test func executeChecksOffsetsAndLengthsAndWritesNothingOnError() throws {
        var core = try ServerSample.core()
        Self.prepare(&core, Array("Bob".utf8), at: 19)
        _ = core.ask(ATTPrepareWriteRequest(attributeHandle: 22, valueOffset: 101, partAttributeValue: [1]))
        #expect(core.ask(ATTExecuteWriteRequest(flags: .immediatelyWriteAllPendingPreparedValues)) == serverError(.executeWriteRequest, 22, .invalidOffset))
        #expect(core.storedValue(at: 19) == [])
        #expect(core.state(of: .one).prepareQueue.isEmpty)

        Self.prepare(&core, [UInt8](repeating: 0x41, count: 21), at: 19)  // max 20
        #expect(core.ask(ATTExecuteWriteRequest(flags: .immediatelyWriteAllPendingPreparedValues))
            == serverError(.executeWriteRequest, 19, .invalidAttributeValueLength))
        #expect(core.storedValue(at: 19) == [])

        Self.prepare(&core, [0x02, 0x00], at: 14)
        #expect(core.ask(ATTExecuteWriteRequest(flags: .immediatelyWriteAllPendingPreparedValues)) == serverError(.executeWriteRequest, 14, .valueNotAllowed))
    }

    @Test func partsReplaceTheValueFromTheirOffset() throws {
        var core = try ServerSample.core()
        // Offsets may start inside the current value: the value is kept up to the offset.
        _ = core.ask(ATTPrepareWriteRequest(attributeHandle: 22, valueOffset: 98, partAttributeValue: [0xAA, 0xBB, 0xCC]))
        #expect(core.ask(ATTExecuteWriteRequest(flags: .immediatelyWriteAllPendingPreparedValues)) == .executeWriteResponse(.init()))
        #expect(core.storedValue(at: 22) == Array(ServerSample.schedule.prefix(98)) + [0xAA, 0xBB, 0xCC])
    }

    @Test func cancelDiscardsTheQueue() throws {
        var core = try ServerSample.core()
        Self.prepare(&core, Array("Bob".utf8), at: 19)
        #expect(core.ask(ATTExecuteWriteRequest(flags: .cancelAllPreparedWrites)) == .executeWriteResponse(.init()))
        #expect(core.ask(ATTExecuteWriteRequest(flags: .immediatelyWriteAllPendingPreparedValues)) == .executeWriteResponse(.init()))
        #expect(core.storedValue(at: 19) == [])
        #expect(core.ask(ATTExecuteWriteRequest(flags: .init(rawValue: 0x02))) == serverError(.executeWriteRequest, 0, .invalidPDU))
    }

    @Test func prepareChecksHandleAndPermissionAndQueueLimit() throws {
        var core = try ServerSample.core(.init(prepareQueueLimit: 2))
        #expect(core.ask(ATTPrepareWriteRequest(attributeHandle: 0, valueOffset: 0, partAttributeValue: [1])) == serverError(.prepareWriteRequest, 0, .invalidHandle))
        #expect(core.ask(ATTPrepareWriteRequest(attributeHandle: 13, valueOffset: 0, partAttributeValue: [1])) == serverError(.prepareWriteRequest, 13, .writeNotPermitted))
        Self.prepare(&core, [1, 2], at: 19)
        Self.prepare(&core, [3], at: 19)
        #expect(core.ask(ATTPrepareWriteRequest(attributeHandle: 19, valueOffset: 3, partAttributeValue: [4]))
            == serverError(.prepareWriteRequest, 19, .prepareQueueFull))
        #expect(core.ask(ATTExecuteWriteRequest(flags: .immediatelyWriteAllPendingPreparedValues)) == .executeWriteResponse(.init()))
        // Second part at offset 0 replaced the first: parts are applied in order.
        #expect(core.storedValue(at: 19) == [3])
    }

    @Test func prepareQueuesArePerClient() throws {
        var core = try ServerSample.core()
        Self.prepare(&core, Array("One".utf8), at: 19, from: .one)
        #expect(core.ask(ATTExecuteWriteRequest(flags: .immediatelyWriteAllPendingPreparedValues), from: .two) == .executeWriteResponse(.init()))
        #expect(core.storedValue(at: 19) == [])
        #expect(core.ask(ATTExecuteWriteRequest(flags: .immediatelyWriteAllPendingPreparedValues), from: .one) == .executeWriteResponse(.init()))
        #expect(core.storedValue(at: 19) == Array("One".utf8))
    }

    @Test func validatedWritesWaitForCommit() throws {
        var core = try ServerSample.core()
        let message = ATTMessage(ATTWriteRequest(attributeHandle: 22, attributeValue: [0xFF]))
        guard case .write(let write) = core.respond(to: message, from: .one, mtu: 23) else { Issue.record(); return }
        #expect(write.entries.map(\.handle) == [22])
        #expect(write.entries.first?.oldValue == ServerSample.schedule)
        #expect(write.refusal(22, .application(0x80)) == serverError(.writeRequest, 22, .application(0x80)))
        #expect(core.storedValue(at: 22) == ServerSample.schedule)  // a refused write is simply never committed
        #expect(core.commit(write) == .writeResponse(.init()))
        #expect(core.storedValue(at: 22) == [0xFF])
    }

    @Test func applicationSetValue() throws {
        var core = try ServerSample.core()
        try core.setValue([42], at: 13)
        #expect(core.ask(ATTReadRequest(attributeHandle: 13)) == .readResponse(.init(attributeValue: [42])))
        #expect(throws: GATTError.self) { try core.setValue([1], at: 12) }
        #expect(throws: GATTError.self) { try core.setValue([1], at: 14) }
        #expect(throws: GATTError.self) { try core.setValue([1], at: 99) }
        #expect(throws: GATTError.self) { try core.setValue([UInt8](repeating: 0, count: 513), at: 22) }
    }
}
