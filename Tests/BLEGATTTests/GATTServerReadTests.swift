import BLECore
@testable import BLEGATT
import Testing

/// Discovery and read procedures through the pure core, at ATT_MTU 23 and 517.
@Suite struct GATTServerReadTests {
    // MARK: Find Information

    @Test func findInformationListsOneFormatAsFarAsTheMTUAllows() throws {
        var core = try ServerSample.core()
        let all = ATTFindInformationRequest(startingHandle: 0x0001, endingHandle: 0xFFFF)
        guard case .findInformationResponse(let small)? = core.ask(all, mtu: 23) else { Issue.record(); return }
        #expect(small.information.map(\.handle) == [1, 2, 3, 4, 5])
        #expect(small.information[0].uuid == GATTAttributeType.primaryService)
        guard case .findInformationResponse(let large)? = core.ask(all, mtu: 517) else { Issue.record(); return }
        #expect(large.information.map(\.handle) == Array(1...18))  // 19 has a 128-bit type
        guard case .findInformationResponse(let wide)? = core.ask(
            ATTFindInformationRequest(startingHandle: 19, endingHandle: 0xFFFF), mtu: 517
        ) else { Issue.record(); return }
        #expect(wide.information == [.init(handle: 19, uuid: ServerSample.childName)])
    }

    @Test(arguments: [(UInt16(0), UInt16(5), ATTErrorCode.invalidHandle), (6, 5, .invalidHandle), (32, 0xFFFF, .attributeNotFound)])
    func findInformationErrors(start: UInt16, end: UInt16, code: ATTErrorCode) throws {
        var core = try ServerSample.core()
        #expect(core.ask(ATTFindInformationRequest(startingHandle: start, endingHandle: end))
            == serverError(.findInformationRequest, start, code))
    }

    // MARK: Find By Type Value

    @Test func findByTypeValueFindsServicesWithTheirGroupEnd() throws {
        var core = try ServerSample.core()
        #expect(core.ask(ATTFindByTypeValueRequest(startingHandle: 1, endingHandle: 0xFFFF, attributeType: 0x2800, attributeValue: [0x0F, 0x18]))
            == .findByTypeValueResponse(.init(handlesInformationList: [.init(foundAttributeHandle: 11, groupEndHandle: 15)])))
        #expect(core.ask(ATTFindByTypeValueRequest(startingHandle: 1, endingHandle: 0xFFFF, attributeType: 0x2800, attributeValue: serverUUIDBytes(ServerSample.led)), mtu: 517)
            == .findByTypeValueResponse(.init(handlesInformationList: [.init(foundAttributeHandle: 16, groupEndHandle: 28)])))
        // A non-grouping attribute: the group end is the attribute itself.
        #expect(core.ask(ATTFindByTypeValueRequest(startingHandle: 1, endingHandle: 0xFFFF, attributeType: 0x2901, attributeValue: Array("Child Name".utf8)))
            == .findByTypeValueResponse(.init(handlesInformationList: [.init(foundAttributeHandle: 20, groupEndHandle: 20)])))
    }

    @Test func findByTypeValueErrors() throws {
        var core = try ServerSample.core()
        #expect(core.ask(ATTFindByTypeValueRequest(startingHandle: 12, endingHandle: 0xFFFF, attributeType: 0x2800, attributeValue: [0x0F, 0x18]))
            == serverError(.findByTypeValueRequest, 12, .attributeNotFound))
        #expect(core.ask(ATTFindByTypeValueRequest(startingHandle: 0, endingHandle: 0xFFFF, attributeType: 0x2800, attributeValue: []))
            == serverError(.findByTypeValueRequest, 0, .invalidHandle))
        #expect(core.ask(ATTFindByTypeValueRequest(startingHandle: 9, endingHandle: 8, attributeType: 0x2800, attributeValue: []))
            == serverError(.findByTypeValueRequest, 9, .invalidHandle))
    }

    @Test func findByTypeValueStopsAtTheMTU() throws {
        let services = (0..<8).map { _ in GATTServiceDefinition(uuid: BluetoothUUID(0x1811), characteristics: []) }
        var core = GATTServerCore(database: try GATTAttributeDatabase(services: services))
        let request = ATTFindByTypeValueRequest(startingHandle: 1, endingHandle: 0xFFFF, attributeType: 0x2800, attributeValue: [0x11, 0x18])
        guard case .findByTypeValueResponse(let small)? = core.ask(request, mtu: 23) else { Issue.record(); return }
        #expect(small.handlesInformationList.map(\.foundAttributeHandle) == [1, 2, 3, 4, 5])  // (23 − 1) / 4
        guard case .findByTypeValueResponse(let large)? = core.ask(request, mtu: 517) else { Issue.record(); return }
        #expect(large.handlesInformationList.count == 8)
    }

    // MARK: Read By Type

    @Test func readByTypeListsValuesOfTheFirstLength() throws {
        var core = try ServerSample.core()
        let declarations = ATTReadByTypeRequest(startingHandle: 1, endingHandle: 0xFFFF, attributeType: GATTAttributeType.characteristic)
        guard case .readByTypeResponse(let small)? = core.ask(declarations, mtu: 23) else { Issue.record(); return }
        #expect(small.attributeDataList.map(\.attributeHandle) == [2, 5, 7])  // 2 + 3 × 7 ≤ 23
        #expect(small.attributeDataList[0].attributeValue == [0x20, 0x03, 0x00, 0x05, 0x2A])
        guard case .readByTypeResponse(let large)? = core.ask(declarations, mtu: 517) else { Issue.record(); return }
        #expect(large.attributeDataList.map(\.attributeHandle) == [2, 5, 7, 9, 12])  // then 128-bit ones

        let led = ATTReadByTypeRequest(startingHandle: 16, endingHandle: 28, attributeType: GATTAttributeType.characteristic)
        guard case .readByTypeResponse(let one)? = core.ask(led, mtu: 23) else { Issue.record(); return }
        #expect(one.attributeDataList.map(\.attributeHandle) == [18])
        guard case .readByTypeResponse(let four)? = core.ask(led, mtu: 517) else { Issue.record(); return }
        #expect(four.attributeDataList.map(\.attributeHandle) == [18, 21, 24, 26])
    }

    @Test func readByTypeCutsLongValues() throws {
        var core = try ServerSample.core()
        let request = ATTReadByTypeRequest(startingHandle: 1, endingHandle: 0xFFFF, attributeType: ServerSample.weekSchedule)
        #expect(core.ask(request, mtu: 23) == .readByTypeResponse(.init(attributeDataList: [
            .init(attributeHandle: 22, attributeValue: Array(ServerSample.schedule.prefix(19))),
        ])))
        #expect(core.ask(request, mtu: 517) == .readByTypeResponse(.init(attributeDataList: [
            .init(attributeHandle: 22, attributeValue: ServerSample.schedule),
        ])))
    }

    @Test func readByTypeErrors() throws {
        var core = try ServerSample.core()
        #expect(core.ask(ATTReadByTypeRequest(startingHandle: 1, endingHandle: 0xFFFF, attributeType: GATTAttributeType.serviceChanged))
            == serverError(.readByTypeRequest, 3, .readNotPermitted))
        #expect(core.ask(ATTReadByTypeRequest(startingHandle: 1, endingHandle: 0xFFFF, attributeType: ServerSample.secure))
            == serverError(.readByTypeRequest, 25, .insufficientAuthentication))
        #expect(core.ask(ATTReadByTypeRequest(startingHandle: 1, endingHandle: 0xFFFF, attributeType: BluetoothUUID(0x2A00)))
            == serverError(.readByTypeRequest, 1, .attributeNotFound))
        #expect(core.ask(ATTReadByTypeRequest(startingHandle: 0, endingHandle: 0xFFFF, attributeType: BluetoothUUID(0x2A00)))
            == serverError(.readByTypeRequest, 0, .invalidHandle))
        #expect(core.ask(ATTReadByTypeRequest(startingHandle: 3, endingHandle: 2, attributeType: BluetoothUUID(0x2A00)))
            == serverError(.readByTypeRequest, 3, .invalidHandle))
    }

    @Test func readByTypeStopsBeforeAnUnreadableAttribute() throws {
        let uuid = BluetoothUUID(0x2BFF)
        var core = GATTServerCore(database: try GATTAttributeDatabase(services: [
            GATTServiceDefinition(uuid: BluetoothUUID(0x1234), characteristics: [
                GATTCharacteristicDefinition(uuid: uuid, properties: .read, value: [1]),
                GATTCharacteristicDefinition(uuid: uuid, properties: .read, permissions: [.read, .readAuthorized], value: [2]),
                GATTCharacteristicDefinition(uuid: uuid, properties: .read, value: [3]),
            ]),
        ]))
        #expect(core.ask(ATTReadByTypeRequest(startingHandle: 1, endingHandle: 0xFFFF, attributeType: uuid))
            == .readByTypeResponse(.init(attributeDataList: [.init(attributeHandle: 3, attributeValue: [1])])))
        #expect(core.ask(ATTReadByTypeRequest(startingHandle: 4, endingHandle: 0xFFFF, attributeType: uuid))
            == serverError(.readByTypeRequest, 5, .insufficientAuthorization))
    }

    @Test func securityStateSatisfiesPermissions() throws {
        var core = try ServerSample.core()
        let read = ATTReadRequest(attributeHandle: 25)
        #expect(core.ask(read) == serverError(.readRequest, 25, .insufficientAuthentication))
        core.setSecurity(GATTSecurityState(hasLongTermKey: true), for: .one)
        #expect(core.ask(read) == serverError(.readRequest, 25, .insufficientEncryption))
        core.setSecurity(GATTSecurityState(isEncrypted: true, hasLongTermKey: true, encryptionKeySize: 16), for: .one)
        #expect(core.ask(read) == .readResponse(.init(attributeValue: [1])))
        core.configuration.minimumEncryptionKeySize = 16
        core.setSecurity(GATTSecurityState(isEncrypted: true, hasLongTermKey: true, encryptionKeySize: 7), for: .one)
        #expect(core.ask(read) == serverError(.readRequest, 25, .encryptionKeySizeTooShort))
        // Another client on an unencrypted link is still refused.
        #expect(core.ask(read, from: .two) == serverError(.readRequest, 25, .insufficientAuthentication))
    }

    @Test func permissionChecksFollowPartC() {
        let authenticated: GATTAttributePermissions = [.read, .readAuthenticated]
        #expect(authenticated.readError(for: .unencrypted) == .insufficientAuthentication)
        #expect(authenticated.readError(for: GATTSecurityState(hasLongTermKey: true)) == .insufficientAuthentication)
        #expect(authenticated.readError(for: GATTSecurityState(isEncrypted: true, encryptionKeySize: 16)) == .insufficientAuthentication)
        #expect(authenticated.readError(for: GATTSecurityState(isEncrypted: true, isAuthenticated: true, encryptionKeySize: 16)) == nil)
        #expect(GATTAttributePermissions.write.readError(for: .unencrypted) == .readNotPermitted)
        #expect(GATTAttributePermissions.read.writeError(for: .unencrypted) == .writeNotPermitted)
        #expect(GATTAttributePermissions([.write, .writeAuthorized]).writeError(for: .unencrypted) == .insufficientAuthorization)
        #expect(GATTAttributePermissions([.write, .writeAuthorized]).writeError(for: GATTSecurityState(isAuthorized: true)) == nil)
    }

    // MARK: Read

    @Test func readReturnsTheValueCutToMTUMinusOne() throws {
        var core = try ServerSample.core()
        #expect(core.ask(ATTReadRequest(attributeHandle: 13)) == .readResponse(.init(attributeValue: [87])))
        #expect(core.ask(ATTReadRequest(attributeHandle: 20)) == .readResponse(.init(attributeValue: Array("Child Name".utf8))))
        #expect(core.ask(ATTReadRequest(attributeHandle: 22), mtu: 23) == .readResponse(.init(attributeValue: Array(ServerSample.schedule.prefix(22)))))
        #expect(core.ask(ATTReadRequest(attributeHandle: 22), mtu: 517) == .readResponse(.init(attributeValue: ServerSample.schedule)))
        #expect(core.ask(ATTReadRequest(attributeHandle: 8)) == .readResponse(.init(attributeValue: core.databaseHash)))
        #expect(core.ask(ATTReadRequest(attributeHandle: 14)) == .readResponse(.init(attributeValue: [0, 0])))
    }

    @Test(arguments: [(UInt16(0), ATTErrorCode.invalidHandle), (32, .invalidHandle), (3, .readNotPermitted), (27, .readNotPermitted)])
    func readErrors(handle: UInt16, code: ATTErrorCode) throws {
        var core = try ServerSample.core()
        #expect(core.ask(ATTReadRequest(attributeHandle: handle)) == serverError(.readRequest, handle, code))
    }

    // MARK: Read Blob

    @Test func readBlobReadsLongValuesInParts() throws {
        var core = try ServerSample.core()
        var read: [UInt8] = []
        while true {
            guard case .readBlobResponse(let part)? = core.ask(ATTReadBlobRequest(attributeHandle: 22, valueOffset: UInt16(read.count))) else {
                Issue.record(); return
            }
            read += part.partAttributeValue
            if part.partAttributeValue.count < 22 { break }
        }
        #expect(read == ServerSample.schedule)
        #expect(core.ask(ATTReadBlobRequest(attributeHandle: 22, valueOffset: 10), mtu: 517)
            == .readBlobResponse(.init(partAttributeValue: Array(ServerSample.schedule[10...]))))
    }

    @Test func readBlobOffsetRules() throws {
        var core = try ServerSample.core()
        #expect(core.ask(ATTReadBlobRequest(attributeHandle: 22, valueOffset: 100)) == .readBlobResponse(.init(partAttributeValue: [])))
        #expect(core.ask(ATTReadBlobRequest(attributeHandle: 22, valueOffset: 101)) == serverError(.readBlobRequest, 22, .invalidOffset))
        // A short variable-length value may be read with Read Blob (GATT Read Long procedures).
        #expect(core.ask(ATTReadBlobRequest(attributeHandle: 20, valueOffset: 0)) == .readBlobResponse(.init(partAttributeValue: Array("Child Name".utf8))))
        #expect(core.ask(ATTReadBlobRequest(attributeHandle: 19, valueOffset: 0)) == .readBlobResponse(.init(partAttributeValue: [])))
        #expect(core.ask(ATTReadBlobRequest(attributeHandle: 19, valueOffset: 1)) == serverError(.readBlobRequest, 19, .invalidOffset))
    }

    @Test(arguments: [UInt16(1), 2, 8, 13, 14, 15])
    func readBlobOfShortFixedLengthValuesIsAttributeNotLong(handle: UInt16) throws {
        var core = try ServerSample.core()
        #expect(core.ask(ATTReadBlobRequest(attributeHandle: handle, valueOffset: 0)) == serverError(.readBlobRequest, handle, .attributeNotLong))
        #expect(core.ask(ATTReadBlobRequest(attributeHandle: handle, valueOffset: 0), mtu: 517) == serverError(.readBlobRequest, handle, .attributeNotLong))
    }

    @Test func readBlobErrors() throws {
        var core = try ServerSample.core()
        #expect(core.ask(ATTReadBlobRequest(attributeHandle: 0, valueOffset: 0)) == serverError(.readBlobRequest, 0, .invalidHandle))
        #expect(core.ask(ATTReadBlobRequest(attributeHandle: 3, valueOffset: 0)) == serverError(.readBlobRequest, 3, .readNotPermitted))
        #expect(core.ask(ATTReadBlobRequest(attributeHandle: 25, valueOffset: 0)) == serverError(.readBlobRequest, 25, .insufficientAuthentication))
    }

    // MARK: Read Multiple

    @Test func readMultipleConcatenatesAndCuts() throws {
        var core = try ServerSample.core()
        #expect(core.ask(ATTReadMultipleRequest(setOfHandles: [13, 10, 31])) == .readMultipleResponse(.init(setOfValues: [87, 0] + Array("abc".utf8))))
        #expect(core.ask(ATTReadMultipleRequest(setOfHandles: [22, 13]), mtu: 23) == .readMultipleResponse(.init(setOfValues: Array(ServerSample.schedule.prefix(22)))))
        #expect(core.ask(ATTReadMultipleRequest(setOfHandles: [22, 13]), mtu: 517) == .readMultipleResponse(.init(setOfValues: ServerSample.schedule + [87])))
    }

    @Test func readMultipleFailsOnTheFirstFailingHandle() throws {
        var core = try ServerSample.core()
        #expect(core.ask(ATTReadMultipleRequest(setOfHandles: [13, 3, 99])) == serverError(.readMultipleRequest, 3, .readNotPermitted))
        #expect(core.ask(ATTReadMultipleRequest(setOfHandles: [13, 99, 3])) == serverError(.readMultipleRequest, 99, .invalidHandle))
    }

    @Test func readMultipleVariableGivesLengthsAndCutsTheList() throws {
        var core = try ServerSample.core()
        #expect(core.ask(ATTReadMultipleVariableRequest(setOfHandles: [13, 19, 10])) == .readMultipleVariableResponse(.init(lengthValueTupleList: [
            .init(attributeValue: [87]), .init(attributeValue: []), .init(attributeValue: [0]),
        ])))
        // MTU 23: 22 octets of list; the schedule's tuple takes them all, its Value Length whole.
        #expect(core.ask(ATTReadMultipleVariableRequest(setOfHandles: [22, 13]), mtu: 23) == .readMultipleVariableResponse(.init(lengthValueTupleList: [
            .init(valueLength: 100, attributeValue: Array(ServerSample.schedule.prefix(20))),
        ])))
        #expect(core.ask(ATTReadMultipleVariableRequest(setOfHandles: [22, 13]), mtu: 517) == .readMultipleVariableResponse(.init(lengthValueTupleList: [
            .init(attributeValue: ServerSample.schedule), .init(attributeValue: [87]),
        ])))
        #expect(core.ask(ATTReadMultipleVariableRequest(setOfHandles: [13, 25])) == serverError(.readMultipleVariableRequest, 25, .insufficientAuthentication))
    }

    // MARK: Read By Group Type

    @Test func readByGroupTypeListsServicesOfOneUUIDSize() throws {
        var core = try ServerSample.core()
        let primaries = ATTReadByGroupTypeRequest(startingHandle: 1, endingHandle: 0xFFFF, attributeGroupType: GATTAttributeType.primaryService)
        let expected = ATTMessage.readByGroupTypeResponse(.init(attributeDataList: [
            .init(attributeHandle: 1, endGroupHandle: 10, attributeValue: [0x01, 0x18]),
            .init(attributeHandle: 11, endGroupHandle: 15, attributeValue: [0x0F, 0x18]),
        ]))
        #expect(core.ask(primaries, mtu: 23) == expected)
        #expect(core.ask(primaries, mtu: 517) == expected)
        #expect(core.ask(ATTReadByGroupTypeRequest(startingHandle: 16, endingHandle: 0xFFFF, attributeGroupType: GATTAttributeType.primaryService))
            == .readByGroupTypeResponse(.init(attributeDataList: [.init(attributeHandle: 16, endGroupHandle: 28, attributeValue: serverUUIDBytes(ServerSample.led))])))
        #expect(core.ask(ATTReadByGroupTypeRequest(startingHandle: 1, endingHandle: 0xFFFF, attributeGroupType: GATTAttributeType.secondaryService))
            == .readByGroupTypeResponse(.init(attributeDataList: [.init(attributeHandle: 29, endGroupHandle: 31, attributeValue: [0xF0, 0xFF])])))
    }

    @Test func readByGroupTypeStopsAtTheMTU() throws {
        let services = (0..<10).map { GATTServiceDefinition(uuid: BluetoothUUID(0x1800 + UInt16($0)), characteristics: []) }
        var core = GATTServerCore(database: try GATTAttributeDatabase(services: services))
        let request = ATTReadByGroupTypeRequest(startingHandle: 1, endingHandle: 0xFFFF, attributeGroupType: GATTAttributeType.primaryService)
        guard case .readByGroupTypeResponse(let small)? = core.ask(request, mtu: 23) else { Issue.record(); return }
        #expect(small.attributeDataList.count == 3)  // 2 + 3 × 6 ≤ 23
        guard case .readByGroupTypeResponse(let large)? = core.ask(request, mtu: 517) else { Issue.record(); return }
        #expect(large.attributeDataList.count == 10)
    }

    @Test func readByGroupTypeErrors() throws {
        var core = try ServerSample.core()
        #expect(core.ask(ATTReadByGroupTypeRequest(startingHandle: 1, endingHandle: 0xFFFF, attributeGroupType: GATTAttributeType.characteristic))
            == serverError(.readByGroupTypeRequest, 1, .unsupportedGroupType))
        #expect(core.ask(ATTReadByGroupTypeRequest(startingHandle: 0, endingHandle: 0xFFFF, attributeGroupType: GATTAttributeType.primaryService))
            == serverError(.readByGroupTypeRequest, 0, .invalidHandle))
        #expect(core.ask(ATTReadByGroupTypeRequest(startingHandle: 17, endingHandle: 28, attributeGroupType: GATTAttributeType.primaryService))
            == serverError(.readByGroupTypeRequest, 17, .attributeNotFound))
    }

    // MARK: Other PDUs

    @Test func unknownRequestsAreNotSupportedAndCommandsIgnored() throws {
        var core = try ServerSample.core()
        let unknownRequest = ATTMessage.unknown(opcode: ATTOpcode(rawValue: 0x3F), parameters: [1, 2])
        guard case .response(let answer) = core.respond(to: unknownRequest, from: .one, mtu: 23) else { Issue.record(); return }
        #expect(answer == serverError(ATTOpcode(rawValue: 0x3F), 0, .requestNotSupported))
        guard case .response(let none) = core.respond(to: .unknown(opcode: ATTOpcode(rawValue: 0x7F), parameters: []), from: .one, mtu: 23) else {
            Issue.record(); return
        }
        #expect(none == nil)
        // A signed write cannot be verified without the client's signing key: ignored.
        #expect(core.ask(ATTSignedWriteCommand(attributeHandle: 19, attributeValue: [1], authenticationSignature: [UInt8](repeating: 0, count: 12))) == nil)
        #expect(core.storedValue(at: 19) == [])
    }
}
