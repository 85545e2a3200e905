import BLECore
@testable import BLEGATT
import Testing

/// The sample database the server tests share, with its handles spelled out.
///
/// ```
///  1 «Primary Service» 1801           16 «Primary Service» LED 128-bit (end 28)
///  2 «Characteristic» SC 0x20 → 3     17 «Include» 0x001D–0x001F FFF0
///  3 Service Changed (not readable)   18 «Characteristic» 0x0A → 19 Child Name
///  4 CCCD                              19 Child Name (max 20)
///  5 «Characteristic» CSF 0x0A → 6    20 User Description "Child Name"
///  6 Client Supported Features        21 «Characteristic» 0x0A → 22 Week Schedule
///  7 «Characteristic» hash 0x02 → 8   22 Week Schedule (100 octets, validated)
///  8 Database Hash                     23 User Description "Week Schedule"
///  9 «Characteristic» SSF 0x02 → 10   24 «Characteristic» 0x02 → 25 Secure
/// 10 Server Supported Features         25 Secure (read encrypted)
/// 11 «Primary Service» 180F (end 15)  26 «Characteristic» 0x28 → 27 Control Point
/// 12 «Characteristic» 0x12 → 13       27 Control Point (write, indicate)
/// 13 Battery Level [87]                28 CCCD
/// 14 CCCD                              29 «Secondary Service» FFF0 (end 31)
/// 15 Presentation Format               30 «Characteristic» 0x02 → 31
///                                      31 FFF1 "abc"
/// ```
enum ServerSample {
    static let led = BluetoothUUID("7A5A0000-D04B-48EB-B3FA-32EB4F0FFAC4")
    static let childName = BluetoothUUID("7A5A0201-D04B-48EB-B3FA-32EB4F0FFAC4")
    static let weekSchedule = BluetoothUUID("7A5A0202-D04B-48EB-B3FA-32EB4F0FFAC4")
    static let secure = BluetoothUUID("7A5A0003-D04B-48EB-B3FA-32EB4F0FFAC4")
    static let controlPoint = BluetoothUUID("7A5A0301-D04B-48EB-B3FA-32EB4F0FFAC4")
    static let schedule: [UInt8] = Array(0..<100)

    /// The Week Schedule validator: a value starting with 0xFF is an invalid schedule (0x80).
    static let rejectFF: GATTWriteValidator = { context throws(GATTError) in
        if context.value.first == 0xFF { throw .attError(.application(0x80), handle: context.handle) }
    }

    static func services(
        scheduleValidator: GATTWriteValidator? = ServerSample.rejectFF,
        onWrite: GATTWriteObserver? = nil,
        onRead: GATTReadHandler? = nil
    ) -> [GATTServiceDefinition] {
        [
            .genericAttribute(),
            GATTServiceDefinition(uuid: BluetoothUUID(0x180F), characteristics: [
                GATTCharacteristicDefinition(
                    uuid: BluetoothUUID(0x2A19), properties: [.read, .notify], value: [87], fixedLength: 1,
                    descriptors: [.presentationFormat(format: 0x04, unit: 0x27AD)]
                ),
            ]),
            GATTServiceDefinition(uuid: led, includedServices: [BluetoothUUID(0xFFF0)], characteristics: [
                GATTCharacteristicDefinition(
                    uuid: childName, properties: [.read, .write], maximumLength: 20,
                    descriptors: [.userDescription("Child Name")], onWrite: onWrite
                ),
                GATTCharacteristicDefinition(
                    uuid: weekSchedule, properties: [.read, .write], value: schedule,
                    descriptors: [.userDescription("Week Schedule")], validate: scheduleValidator, onWrite: onWrite
                ),
                GATTCharacteristicDefinition(
                    uuid: secure, properties: .read, permissions: [.read, .readEncrypted], value: [1], onRead: onRead
                ),
                GATTCharacteristicDefinition(uuid: controlPoint, properties: [.write, .indicate]),
            ]),
            GATTServiceDefinition(uuid: BluetoothUUID(0xFFF0), isPrimary: false, characteristics: [
                GATTCharacteristicDefinition(uuid: BluetoothUUID(0xFFF1), properties: .read, value: Array("abc".utf8)),
            ]),
        ]
    }

    static func database() throws -> GATTAttributeDatabase {
        try GATTAttributeDatabase(services: services())
    }

    static func core(_ configuration: GATTServerCore.Configuration = .init()) throws -> GATTServerCore {
        GATTServerCore(database: try database(), configuration: configuration)
    }
}

extension GATTClientID {
    static let one = GATTClientID(rawValue: 1)
    static let two = GATTClientID(rawValue: 2)
}

extension GATTServerCore {
    /// Runs a request through the core as the server would, without handlers: admit, respond,
    /// commit. Records an issue if a read handler is needed.
    mutating func ask(_ pdu: some ATTPDU, mtu: UInt16 = 23, from client: GATTClientID = .one) -> ATTMessage? {
        let message = ATTMessage(pdu)
        if case .answered(let answer) = admit(message, from: client) { return answer }
        switch respond(to: message, from: client, mtu: mtu) {
        case .response(let response): return response
        case .write(let write): return commit(write)
        case .readValues(let contexts):
            Issue.record("unexpected read handler call for \(contexts)")
            return nil
        }
    }
}

/// An Error Response.
func serverError(_ opcode: ATTOpcode, _ handle: UInt16, _ code: ATTErrorCode) -> ATTMessage {
    .errorResponse(ATTErrorResponse(requestOpcodeInError: opcode, attributeHandleInError: handle, errorCode: code))
}

/// The little-endian wire form of a 128-bit UUID.
func serverUUIDBytes(_ uuid: BluetoothUUID) -> [UInt8] { uuid.attBytes }
