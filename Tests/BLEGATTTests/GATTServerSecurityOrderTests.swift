import BLECore
@testable import BLEGATT
import Testing

/// Permissions against link security (Core 5.4, Vol 3, Part C, 10.3; Part F, 3.4.1.1), as the SN
/// profile §9.2 relies on: what an attribute never allows answers its own error before any
/// security check; protected CCCDs; notifications only while the link can read the value and
/// write its CCCD.
@Suite struct GATTServerSecurityOrderTests {
    static let service = BluetoothUUID("7A5A0000-D04B-48EB-B3FA-32EB4F0FFAC4")

    /// Handles: 1 service; 2–4 a protected read/notify value (3) and its protected CCCD (4);
    /// 5–7 a protected write/indicate control point (6) and its CCCD (7); 8–9 a protected
    /// read-only value (9); 10–12 an open read/notify value (11) and its CCCD (12).
    static func core() throws -> GATTServerCore {
        var notified = GATTCharacteristicDefinition(uuid: BluetoothUUID(0xFF01), properties: [.read, .notify], permissions: .readEncrypted, value: [1])
        notified.clientConfigurationPermissions = [.readEncrypted, .writeEncrypted]
        var controlPoint = GATTCharacteristicDefinition(uuid: BluetoothUUID(0xFF02), properties: [.write, .indicate], permissions: .writeEncrypted)
        controlPoint.clientConfigurationPermissions = [.readEncrypted, .writeEncrypted]
        let readOnly = GATTCharacteristicDefinition(uuid: BluetoothUUID(0xFF03), properties: .read, permissions: .readEncrypted, value: [3])
        let open = GATTCharacteristicDefinition(uuid: BluetoothUUID(0xFF04), properties: [.read, .notify], value: [4])
        let database = try GATTAttributeDatabase(services: [
            GATTServiceDefinition(uuid: service, characteristics: [notified, controlPoint, readOnly, open]),
        ])
        return GATTServerCore(database: database)
    }

    static let bondedUnencrypted = GATTSecurityState(hasLongTermKey: true)
    static let encrypted = GATTSecurityState(isEncrypted: true, hasLongTermKey: true, encryptionKeySize: 16)

    @Test func whatAnAttributeNeverAllowsComesBeforeSecurity() throws {
        var core = try Self.core()
        for security in [GATTSecurityState.unencrypted, Self.bondedUnencrypted] {
            core.setSecurity(security, for: .one)
            #expect(core.ask(ATTWriteRequest(attributeHandle: 9, attributeValue: [0])) == serverError(.writeRequest, 9, .writeNotPermitted))
            #expect(core.ask(ATTPrepareWriteRequest(attributeHandle: 9, valueOffset: 0, partAttributeValue: [0]))
                == serverError(.prepareWriteRequest, 9, .writeNotPermitted))
            #expect(core.ask(ATTReadRequest(attributeHandle: 6)) == serverError(.readRequest, 6, .readNotPermitted))
            #expect(core.ask(ATTReadBlobRequest(attributeHandle: 6, valueOffset: 0)) == serverError(.readBlobRequest, 6, .readNotPermitted))
        }
    }

    @Test func protectedAttributesAnswerAuthenticationWithoutABondAndEncryptionWithOne() throws {
        var core = try Self.core()
        #expect(core.ask(ATTReadRequest(attributeHandle: 3)) == serverError(.readRequest, 3, .insufficientAuthentication))
        #expect(core.ask(ATTReadRequest(attributeHandle: 4)) == serverError(.readRequest, 4, .insufficientAuthentication))
        #expect(core.ask(ATTWriteRequest(attributeHandle: 4, attributeValue: [1, 0])) == serverError(.writeRequest, 4, .insufficientAuthentication))
        #expect(core.ask(ATTWriteRequest(attributeHandle: 6, attributeValue: [1])) == serverError(.writeRequest, 6, .insufficientAuthentication))
        #expect(core.ask(ATTWriteRequest(attributeHandle: 12, attributeValue: [1, 0])) == .writeResponse(ATTWriteResponse()), "an open CCCD")
        core.setSecurity(Self.bondedUnencrypted, for: .one)
        #expect(core.ask(ATTReadRequest(attributeHandle: 3)) == serverError(.readRequest, 3, .insufficientEncryption))
        #expect(core.ask(ATTWriteRequest(attributeHandle: 7, attributeValue: [2, 0])) == serverError(.writeRequest, 7, .insufficientEncryption))
        core.setSecurity(Self.encrypted, for: .one)
        #expect(core.ask(ATTReadRequest(attributeHandle: 3)) == .readResponse(ATTReadResponse(attributeValue: [1])))
        #expect(core.ask(ATTWriteRequest(attributeHandle: 4, attributeValue: [1, 0])) == .writeResponse(ATTWriteResponse()))
    }

    @Test func notificationsGoOnlyToLinksThatMayReadTheValueAndWriteItsCCCD() throws {
        var core = try Self.core()
        core.setSecurity(Self.encrypted, for: .one)
        core.setSecurity(Self.encrypted, for: .two)
        for client in [GATTClientID.one, .two] {
            #expect(core.ask(ATTWriteRequest(attributeHandle: 4, attributeValue: [1, 0]), from: client) == .writeResponse(ATTWriteResponse()))
            #expect(core.ask(ATTWriteRequest(attributeHandle: 7, attributeValue: [2, 0]), from: client) == .writeResponse(ATTWriteResponse()))
            #expect(core.ask(ATTWriteRequest(attributeHandle: 12, attributeValue: [1, 0]), from: client) == .writeResponse(ATTWriteResponse()))
        }
        #expect(core.subscribers(ofValue: 3).map(\.client) == [.one, .two])
        #expect(core.subscribers(ofValue: 6).map(\.client) == [.one, .two])
        // Client two's link is no longer encrypted (e.g. it came back bonded but not yet encrypted).
        core.setSecurity(Self.bondedUnencrypted, for: .two)
        #expect(core.subscribers(ofValue: 3).map(\.client) == [.one])
        #expect(core.subscribers(ofValue: 6).map(\.client) == [.one], "an indicate-only value is guarded by its CCCD")
        #expect(core.subscribers(ofValue: 11).map(\.client) == [.one, .two], "open values notify everyone")
    }
}
