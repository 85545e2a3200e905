import BLECore
@testable import BLEGATT
import Testing

/// Robust caching and database changes through the pure core (Core 5.4, Vol 3, Part G, 2.5.2.1).
@Suite struct GATTServerCachingTests {
    static let deviceInformation = GATTServiceDefinition(uuid: BluetoothUUID(0x180A), characteristics: [
        GATTCharacteristicDefinition(uuid: BluetoothUUID(0x2A29), properties: .read, value: Array("Nightlight Labs".utf8)),
    ])

    /// A core where client one enabled robust caching, then the database changed.
    static func changedCore() throws -> GATTServerCore {
        var core = try ServerSample.core()
        #expect(core.ask(ATTWriteRequest(attributeHandle: 6, attributeValue: [0x01])) == .writeResponse(.init()))
        #expect(try core.addServices([deviceInformation]) == 32...34)
        #expect(!core.state(of: .one).isChangeAware)
        return core
    }

    @Test func aChangeUnawareClientGetsOneDatabaseOutOfSync() throws {
        var core = try Self.changedCore()
        #expect(core.ask(ATTReadRequest(attributeHandle: 13)) == serverError(.readRequest, 13, .databaseOutOfSync))
        // The next request makes it change-aware and is answered.
        #expect(core.ask(ATTReadRequest(attributeHandle: 13)) == .readResponse(.init(attributeValue: [87])))
        #expect(core.state(of: .one).isChangeAware)
    }

    @Test func outOfSyncNamesTheRequestsFirstHandle() throws {
        var core = try Self.changedCore()
        #expect(core.ask(ATTReadByGroupTypeRequest(startingHandle: 5, endingHandle: 0xFFFF, attributeGroupType: GATTAttributeType.primaryService))
            == serverError(.readByGroupTypeRequest, 5, .databaseOutOfSync))
        var other = try Self.changedCore()
        #expect(other.ask(ATTWriteRequest(attributeHandle: 19, attributeValue: [1])) == serverError(.writeRequest, 19, .databaseOutOfSync))
        #expect(other.storedValue(at: 19) == [])
    }

    @Test func readingTheDatabaseHashThenAnotherRequestMakesTheClientAware() throws {
        var core = try Self.changedCore()
        let hashRead = ATTReadByTypeRequest(startingHandle: 1, endingHandle: 0xFFFF, attributeType: GATTAttributeType.databaseHash)
        #expect(core.ask(hashRead) == .readByTypeResponse(.init(attributeDataList: [.init(attributeHandle: 8, attributeValue: core.databaseHash)])))
        #expect(!core.state(of: .one).isChangeAware)
        #expect(core.state(of: .one).readDatabaseHash)
        #expect(core.ask(ATTReadRequest(attributeHandle: 34)) == .readResponse(.init(attributeValue: Array("Nightlight Labs".utf8))))
        #expect(core.state(of: .one).isChangeAware)
    }

    @Test func commandsFromAChangeUnawareClientAreIgnored() throws {
        var core = try Self.changedCore()
        #expect(core.ask(ATTWriteCommand(attributeHandle: 19, attributeValue: [0x41])) == nil)
        #expect(core.storedValue(at: 19) == [])
        #expect(!core.state(of: .one).isChangeAware)
    }

    @Test func clientsWithoutRobustCachingAreNeverOutOfSync() throws {
        var core = try Self.changedCore()
        #expect(core.ask(ATTReadRequest(attributeHandle: 13), from: .two) == .readResponse(.init(attributeValue: [87])))
    }

    @Test func confirmingServiceChangedMakesTheClientAware() throws {
        var core = try Self.changedCore()
        core.serviceChangedConfirmed(by: .one, generation: core.databaseGeneration)
        #expect(core.state(of: .one).isChangeAware)
        #expect(core.ask(ATTReadRequest(attributeHandle: 13)) == .readResponse(.init(attributeValue: [87])))
    }

    @Test func aConfirmationOfAnEarlierChangeDoesNotCount() throws {
        var core = try Self.changedCore()
        let earlier = core.databaseGeneration
        try core.removeService(at: 32)
        core.serviceChangedConfirmed(by: .one, generation: earlier)
        #expect(!core.state(of: .one).isChangeAware)
    }

    @Test func anotherChangeSendsOutOfSyncAgain() throws {
        var core = try Self.changedCore()
        #expect(core.ask(ATTReadRequest(attributeHandle: 13)) == serverError(.readRequest, 13, .databaseOutOfSync))
        try core.removeService(at: 32)
        #expect(core.ask(ATTReadRequest(attributeHandle: 13)) == serverError(.readRequest, 13, .databaseOutOfSync))
        #expect(core.ask(ATTReadRequest(attributeHandle: 13)) == .readResponse(.init(attributeValue: [87])))
    }

    @Test func databaseChangesRecomputeTheHashAndDropRemovedState() throws {
        var core = try ServerSample.core()
        let original = core.databaseHash
        #expect(core.ask(ATTWriteRequest(attributeHandle: 14, attributeValue: [0x01, 0x00])) == .writeResponse(.init()))
        try core.setValue([50], at: 13)
        let range = try core.addServices([Self.deviceInformation])
        #expect(core.databaseHash != original)
        #expect(core.databaseHash == core.database.hash)
        #expect(core.ask(ATTReadRequest(attributeHandle: 8)) == .readResponse(.init(attributeValue: core.databaseHash)))
        try core.removeService(at: range!.lowerBound)
        #expect(core.databaseHash == original)
        // Values and CCCDs outside the change are kept; the removed service's are gone.
        #expect(core.storedValue(at: 13) == [50])
        #expect(core.subscribers(ofValue: 13).map(\.client) == [.one])
        try core.removeService(at: 11)
        #expect(core.subscribers(ofValue: 13).isEmpty)
        #expect(core.ask(ATTReadRequest(attributeHandle: 13)) == serverError(.readRequest, 13, .invalidHandle))
    }

    @Test func enablingRobustCachingStartsChangeAware() throws {
        var core = try ServerSample.core()
        core.connect(.one)
        try core.addServices([Self.deviceInformation])
        #expect(!core.state(of: .one).isChangeAware)
        #expect(core.ask(ATTWriteRequest(attributeHandle: 6, attributeValue: [0x01])) == .writeResponse(.init()))
        #expect(core.state(of: .one).isChangeAware)
        #expect(core.ask(ATTReadRequest(attributeHandle: 13)) == .readResponse(.init(attributeValue: [87])))
    }
}
