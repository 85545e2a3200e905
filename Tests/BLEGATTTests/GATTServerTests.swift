import BLECore
@testable import BLEGATT
import BLETesting
import Synchronization
import Testing

/// The server actor: Swift handlers, atomic validation, notifications, indications, Service Changed.
@Suite struct GATTServerTests {
    final class Log<Element: Sendable>: Sendable {
        private let items = Mutex<[Element]>([])
        func append(_ item: Element) { items.withLock { $0.append(item) } }
        var all: [Element] { items.withLock { $0 } }
    }

    // MARK: Handlers

    @Test func readHandlersComputeValues() async throws {
        let contexts = Log<GATTReadContext>()
        let server = try GATTServer(services: ServerSample.services(onRead: { context throws(GATTError) in
            contexts.append(context)
            return [UInt8](repeating: 7, count: 30)
        }))
        let secure = GATTSecurityState(isEncrypted: true, hasLongTermKey: true, encryptionKeySize: 16)
        await server.setSecurity(secure, for: .one)
        #expect(await server.respond(to: ATTMessage(ATTReadRequest(attributeHandle: 25)), from: .one, mtu: 23)
            == .readResponse(.init(attributeValue: [UInt8](repeating: 7, count: 22))))
        #expect(await server.respond(to: ATTMessage(ATTReadBlobRequest(attributeHandle: 25, valueOffset: 22)), from: .one, mtu: 23)
            == .readBlobResponse(.init(partAttributeValue: [UInt8](repeating: 7, count: 8))))
        #expect(await server.respond(
            to: ATTMessage(ATTReadByTypeRequest(startingHandle: 1, endingHandle: 0xFFFF, attributeType: ServerSample.secure)), from: .one, mtu: 517
        ) == .readByTypeResponse(.init(attributeDataList: [.init(attributeHandle: 25, attributeValue: [UInt8](repeating: 7, count: 30))])))
        #expect(contexts.all.map(\.offset) == [0, 22, 0])
        #expect(contexts.all.allSatisfy { $0.handle == 25 && $0.client == .one && $0.uuid == ServerSample.secure })
        // Permissions are checked before the handler runs.
        #expect(await server.respond(to: ATTMessage(ATTReadRequest(attributeHandle: 25)), from: .two, mtu: 23)
            == serverError(.readRequest, 25, .insufficientAuthentication))
        #expect(contexts.all.count == 3)
    }

    @Test func readHandlerErrorsAnswerTheClient() async throws {
        let server = try GATTServer(services: ServerSample.services(onRead: { context throws(GATTError) in
            throw .attError(.application(0x81), handle: context.handle)
        }))
        await server.setSecurity(GATTSecurityState(isEncrypted: true, isAuthenticated: true, encryptionKeySize: 16), for: .one)
        #expect(await server.respond(to: ATTMessage(ATTReadRequest(attributeHandle: 25)), from: .one, mtu: 23)
            == serverError(.readRequest, 25, .application(0x81)))
        #expect(await server.respond(to: ATTMessage(ATTReadMultipleRequest(setOfHandles: [13, 25])), from: .one, mtu: 23)
            == serverError(.readMultipleRequest, 25, .application(0x81)))
    }

    @Test func validatorRefusesAndTheOldValueStays() async throws {
        let writes = Log<GATTWriteContext>()
        let server = try GATTServer(services: ServerSample.services(onWrite: { writes.append($0) }))
        #expect(await server.respond(to: ATTMessage(ATTWriteRequest(attributeHandle: 22, attributeValue: [0xFF, 1])), from: .one, mtu: 23)
            == serverError(.writeRequest, 22, .application(0x80)))
        #expect(await server.value(at: 22) == ServerSample.schedule)
        #expect(writes.all.isEmpty)
        #expect(await server.respond(to: ATTMessage(ATTWriteRequest(attributeHandle: 22, attributeValue: [1, 2])), from: .one, mtu: 23)
            == .writeResponse(.init()))
        #expect(await server.value(at: 22) == [1, 2])
        #expect(writes.all.map(\.value) == [[1, 2]])
        #expect(writes.all.first?.oldValue == ServerSample.schedule)
        #expect(writes.all.first?.method == .writeRequest)
    }

    @Test func preparedWriteRefusalIsAtomic() async throws {
        let writes = Log<GATTWriteContext>()
        let server = try GATTServer(services: ServerSample.services(onWrite: { writes.append($0) }))
        func ask(_ pdu: some ATTPDU) async -> ATTMessage? {
            await server.respond(to: ATTMessage(pdu), from: .one, mtu: 23)
        }
        // A valid Child Name and an invalid schedule (first octet 0xFF) in one reliable write.
        _ = await ask(ATTPrepareWriteRequest(attributeHandle: 19, valueOffset: 0, partAttributeValue: Array("Zoe".utf8)))
        let invalid = [UInt8](repeating: 0xFF, count: 40)
        _ = await ask(ATTPrepareWriteRequest(attributeHandle: 22, valueOffset: 0, partAttributeValue: Array(invalid[0..<18])))
        _ = await ask(ATTPrepareWriteRequest(attributeHandle: 22, valueOffset: 18, partAttributeValue: Array(invalid[18..<36])))
        _ = await ask(ATTPrepareWriteRequest(attributeHandle: 22, valueOffset: 36, partAttributeValue: Array(invalid[36...])))
        #expect(await ask(ATTExecuteWriteRequest(flags: .immediatelyWriteAllPendingPreparedValues))
            == serverError(.executeWriteRequest, 22, .application(0x80)))
        #expect(await server.value(at: 19) == [])
        #expect(await server.value(at: 22) == ServerSample.schedule)
        #expect(writes.all.isEmpty)
        #expect(await server.core.state(of: .one).prepareQueue.isEmpty)

        // The same write with a valid schedule stores both, and the validator saw the whole value.
        let valid = [UInt8](repeating: 0x01, count: 40)
        _ = await ask(ATTPrepareWriteRequest(attributeHandle: 19, valueOffset: 0, partAttributeValue: Array("Zoe".utf8)))
        _ = await ask(ATTPrepareWriteRequest(attributeHandle: 22, valueOffset: 0, partAttributeValue: Array(valid[0..<18])))
        _ = await ask(ATTPrepareWriteRequest(attributeHandle: 22, valueOffset: 18, partAttributeValue: Array(valid[18...])))
        #expect(await ask(ATTExecuteWriteRequest(flags: .immediatelyWriteAllPendingPreparedValues)) == .executeWriteResponse(.init()))
        #expect(await server.value(at: 19) == Array("Zoe".utf8))
        #expect(await server.value(at: 22) == valid)
        #expect(writes.all.map(\.handle) == [19, 22])
        #expect(writes.all.allSatisfy { $0.method == .executeWrite })
    }

    @Test func writeContextCarriesTheClientConfiguration() async throws {
        let seen = Log<GATTClientConfiguration>()
        let server = try GATTServer(services: [GATTServiceDefinition(uuid: BluetoothUUID(0x1234), characteristics: [
            GATTCharacteristicDefinition(uuid: BluetoothUUID(0x2BFF), properties: [.write, .indicate], validate: { context throws(GATTError) in
                seen.append(context.clientConfiguration)
                guard context.clientConfiguration.contains(.indications) else {
                    throw .attError(.cccdImproperlyConfigured, handle: context.handle)
                }
            }),
        ])])
        #expect(await server.respond(to: ATTMessage(ATTWriteRequest(attributeHandle: 3, attributeValue: [1])), from: .one, mtu: 23)
            == serverError(.writeRequest, 3, .cccdImproperlyConfigured))
        _ = await server.respond(to: ATTMessage(ATTWriteRequest(attributeHandle: 4, attributeValue: [2, 0])), from: .one, mtu: 23)
        #expect(await server.respond(to: ATTMessage(ATTWriteRequest(attributeHandle: 3, attributeValue: [1])), from: .one, mtu: 23)
            == .writeResponse(.init()))
        #expect(seen.all == [[], .indications])
    }

    // MARK: Over a bearer

    /// A server attached to the peripheral side of an in-memory link.
    static func connected(_ server: GATTServer, exchangeMTU: Bool = false) async throws -> InMemoryATTLink {
        let link = InMemoryATTLink(clock: ManualClock())
        await server.attach(link.peripheral)
        if exchangeMTU { try await link.central.exchangeMTU() }
        return link
    }

    @Test func answersRequestsOverABearer() async throws {
        let server = try GATTServer(services: ServerSample.services())
        let link = try await Self.connected(server)
        let response = try await link.central.request(ATTReadRequest(attributeHandle: 13), expecting: ATTReadResponse.self)
        #expect(response.attributeValue == [87])
        await #expect(throws: GATTError.self) {
            try await link.central.request(ATTReadRequest(attributeHandle: 3), expecting: ATTReadResponse.self)
        }
        guard let client = await server.client(on: link.peripheral) else { Issue.record(); return }
        let gone = Log<GATTClientID>()
        await server.setDisconnectHandler { gone.append($0) }
        await link.disconnect()
        // The bearer's close reaches the server on a task of its own.
        for _ in 0..<10_000 where gone.all.isEmpty { await Task.yield() }
        #expect(await server.client(on: link.peripheral) == nil)
        #expect(gone.all == [client])
    }

    @Test func updateValueNotifiesSubscribersOnly() async throws {
        let server = try GATTServer(services: ServerSample.services())
        let subscribed = try await Self.connected(server)
        let silent = try await Self.connected(server)
        _ = try await subscribed.central.request(ATTWriteRequest(attributeHandle: 14, attributeValue: [0x01, 0x00]), expecting: ATTWriteResponse.self)
        #expect(try await server.updateValue([55], for: BluetoothUUID(0x2A19)) == 1)
        #expect(subscribed.sentByPeripheral.last == ATTHandleValueNotification(attributeHandle: 13, attributeValue: [55]).encode())
        #expect(!silent.sentByPeripheral.contains { $0.first == ATTOpcode.handleValueNotification.rawValue })
        #expect(await server.value(at: 13) == [55])
        await #expect(throws: GATTError.self) { try await server.updateValue([1], at: 12) }
        await #expect(throws: GATTError.self) { try await server.updateValue([1], for: BluetoothUUID(0x2A00)) }
    }

    @Test(arguments: [false, true])
    func notificationsAndIndicationsAreCutToMTUMinusThree(exchangeMTU: Bool) async throws {
        let long = GATTServiceDefinition(uuid: BluetoothUUID(0x1234), characteristics: [
            GATTCharacteristicDefinition(uuid: BluetoothUUID(0x2BF0), properties: [.read, .notify]),
            GATTCharacteristicDefinition(uuid: BluetoothUUID(0x2BF1), properties: [.read, .indicate]),
        ])
        let server = try GATTServer(services: [long])
        let link = try await Self.connected(server, exchangeMTU: exchangeMTU)
        let mtu = Int(await link.peripheral.mtu)
        #expect(mtu == (exchangeMTU ? 517 : 23))
        _ = try await link.central.request(ATTWriteRequest(attributeHandle: 4, attributeValue: [0x01, 0x00]), expecting: ATTWriteResponse.self)
        _ = try await link.central.request(ATTWriteRequest(attributeHandle: 7, attributeValue: [0x02, 0x00]), expecting: ATTWriteResponse.self)
        let value = [UInt8]((0..<512).map { UInt8(truncatingIfNeeded: $0) })
        #expect(try await server.updateValue(value, at: 3) == 1)
        #expect(link.sentByPeripheral.last == ATTHandleValueNotification(attributeHandle: 3, attributeValue: Array(value.prefix(mtu - 3))).encode())
        #expect(try await server.updateValue(value, at: 6) == 1)  // returns once confirmed
        #expect(link.sentByPeripheral.last == ATTHandleValueIndication(attributeHandle: 6, attributeValue: Array(value.prefix(mtu - 3))).encode())
        #expect(await server.value(at: 6) == value)
    }

    @Test func serviceChangedIsIndicatedAndConfirmationMakesTheClientAware() async throws {
        let server = try GATTServer(services: ServerSample.services())
        let link = try await Self.connected(server)
        guard let client = await server.client(on: link.peripheral) else { Issue.record(); return }
        _ = try await link.central.request(ATTWriteRequest(attributeHandle: 4, attributeValue: [0x02, 0x00]), expecting: ATTWriteResponse.self)
        _ = try await link.central.request(ATTWriteRequest(attributeHandle: 6, attributeValue: [0x01]), expecting: ATTWriteResponse.self)
        let oldHash = await server.databaseHash
        let range = try await server.addServices([GATTServerTestServices.deviceInformation])
        #expect(range == 32...34)
        #expect(link.sentByPeripheral.last == ATTHandleValueIndication(attributeHandle: 3, attributeValue: [0x20, 0x00, 0x22, 0x00]).encode())
        #expect(await server.core.state(of: client).isChangeAware)
        #expect(await server.databaseHash != oldHash)
        let hash = try await link.central.request(ATTReadRequest(attributeHandle: 8), expecting: ATTReadResponse.self)
        #expect(hash.attributeValue == (await server.databaseHash))

        #expect(try await server.removeService(BluetoothUUID(0x180A)) == 32...34)
        #expect(await server.databaseHash == oldHash)
    }

    @Test func aClientThatDidNotSubscribeStaysChangeUnaware() async throws {
        let server = try GATTServer(services: ServerSample.services())
        let link = try await Self.connected(server)
        _ = try await link.central.request(ATTWriteRequest(attributeHandle: 6, attributeValue: [0x01]), expecting: ATTWriteResponse.self)
        try await server.addServices([GATTServerTestServices.deviceInformation])
        #expect(!link.sentByPeripheral.contains { $0.first == ATTOpcode.handleValueIndication.rawValue })
        await #expect(throws: GATTError.self) {
            try await link.central.request(ATTReadRequest(attributeHandle: 13), expecting: ATTReadResponse.self)
        }
        let value = try await link.central.request(ATTReadRequest(attributeHandle: 13), expecting: ATTReadResponse.self)
        #expect(value.attributeValue == [87])
    }
}

enum GATTServerTestServices {
    static let deviceInformation = GATTServiceDefinition(uuid: BluetoothUUID(0x180A), characteristics: [
        GATTCharacteristicDefinition(uuid: BluetoothUUID(0x2A29), properties: .read, value: Array("Nightlight Labs".utf8)),
    ])
}
