import BLECore
import BLEGATT
import BLETesting
import Synchronization
import Testing

/// The GATT client against a scripted server: malformed and inconsistent responses, every error
/// code, and the exact PDUs each procedure sends.
@Suite struct GATTClientFakeServerTests {
    static let custom = BluetoothUUID("7A5A0202-D04B-48EB-B3FA-32EB4F0FFAC4")

    // MARK: Discovery loops

    @Test func discoverAllPrimaryServicesLoopsUntilAttributeNotFound() async throws {
        let (harness, server) = await ClientHarness.scripted { request, index in
            switch index {
            case 0:
                return ATTMessage(ATTReadByGroupTypeResponse(attributeDataList: [
                    .init(attributeHandle: 0x0001, endGroupHandle: 0x0005, attributeValue: [0x00, 0x18]),
                    .init(attributeHandle: 0x0006, endGroupHandle: 0x0009, attributeValue: [0x01, 0x18]),
                ]))
            case 1:
                return ATTMessage(ATTReadByGroupTypeResponse(attributeDataList: [
                    .init(attributeHandle: 0x0010, endGroupHandle: 0x0020, attributeValue: Self.custom.attBytes),
                ]))
            default:
                return clientTestError(request, .attributeNotFound, handle: 0x0021)
            }
        }
        let services = try await harness.client.discoverPrimaryServices()
        #expect(services == [
            GATTService(uuid: BluetoothUUID(0x1800), startHandle: 1, endHandle: 5),
            GATTService(uuid: BluetoothUUID(0x1801), startHandle: 6, endHandle: 9),
            GATTService(uuid: Self.custom, startHandle: 0x10, endHandle: 0x20),
        ])
        #expect(server.requests == [
            ATTMessage(ATTReadByGroupTypeRequest(startingHandle: 0x0001, endingHandle: 0xFFFF, attributeGroupType: BluetoothUUID(0x2800))),
            ATTMessage(ATTReadByGroupTypeRequest(startingHandle: 0x000A, endingHandle: 0xFFFF, attributeGroupType: BluetoothUUID(0x2800))),
            ATTMessage(ATTReadByGroupTypeRequest(startingHandle: 0x0021, endingHandle: 0xFFFF, attributeGroupType: BluetoothUUID(0x2800))),
        ])
    }

    @Test func discoveryStopsAtHandle0xFFFFWithoutAnotherRequest() async throws {
        let (harness, server) = await ClientHarness.scripted { _, _ in
            ATTMessage(ATTReadByGroupTypeResponse(attributeDataList: [
                .init(attributeHandle: 0x0001, endGroupHandle: 0xFFFF, attributeValue: [0x0F, 0x18]),
            ]))
        }
        let services = try await harness.client.discoverPrimaryServices()
        #expect(services.map(\.handleRange) == [0x0001...0xFFFF])
        #expect(server.requests.count == 1)
    }

    /// Inconsistent Read By Group Type Responses: each ends the procedure with invalidResponse.
    static let badServiceLists: [(String, [[ATTReadByGroupTypeResponse.AttributeData]])] = [
        ("handles going backwards", [
            [.init(attributeHandle: 0x0001, endGroupHandle: 0x0008, attributeValue: [0x00, 0x18])],
            [.init(attributeHandle: 0x0003, endGroupHandle: 0x000A, attributeValue: [0x01, 0x18])],
        ]),
        ("the same answer again", [
            [.init(attributeHandle: 0x0001, endGroupHandle: 0x0008, attributeValue: [0x00, 0x18])],
            [.init(attributeHandle: 0x0001, endGroupHandle: 0x0008, attributeValue: [0x00, 0x18])],
        ]),
        ("end before start", [[.init(attributeHandle: 0x0005, endGroupHandle: 0x0003, attributeValue: [0x00, 0x18])]]),
        ("handle 0", [[.init(attributeHandle: 0x0000, endGroupHandle: 0x0003, attributeValue: [0x00, 0x18])]]),
        ("overlapping groups in one response", [[
            .init(attributeHandle: 0x0001, endGroupHandle: 0x0008, attributeValue: [0x00, 0x18]),
            .init(attributeHandle: 0x0004, endGroupHandle: 0x0009, attributeValue: [0x01, 0x18]),
        ]]),
        ("a group after 0xFFFF", [[
            .init(attributeHandle: 0x0001, endGroupHandle: 0xFFFF, attributeValue: [0x00, 0x18]),
            .init(attributeHandle: 0x0002, endGroupHandle: 0xFFFF, attributeValue: [0x01, 0x18]),
        ]]),
        ("a 4-byte UUID", [[.init(attributeHandle: 0x0001, endGroupHandle: 0x0003, attributeValue: [0x00, 0x18, 0x00, 0x00])]]),
    ]

    @Test(arguments: badServiceLists)
    func inconsistentServiceListsAreRefused(_ name: String, responses: [[ATTReadByGroupTypeResponse.AttributeData]]) async throws {
        let (harness, server) = await ClientHarness.scripted { request, index in
            index < responses.count
                ? ATTMessage(ATTReadByGroupTypeResponse(attributeDataList: responses[index]))
                : clientTestError(request, .attributeNotFound)
        }
        let error = await #expect(throws: GATTError.self) { _ = try await harness.client.discoverPrimaryServices() }
        #expect(error?.code == .invalidResponse)
        #expect(error?.procedure == "Discover All Primary Services")
        #expect(server.requests.count == responses.count)
    }

    @Test func discoverByUUIDSendsFindByTypeValueAndChecksTheGroups() async throws {
        let (harness, server) = await ClientHarness.scripted { request, index in
            switch index {
            case 0: ATTMessage(ATTFindByTypeValueResponse(handlesInformationList: [.init(foundAttributeHandle: 0x10, groupEndHandle: 0x20)]))
            case 1: ATTMessage(ATTFindByTypeValueResponse(handlesInformationList: [.init(foundAttributeHandle: 0x08, groupEndHandle: 0x30)]))
            default: clientTestError(request, .attributeNotFound)
            }
        }
        let error = await #expect(throws: GATTError.self) { _ = try await harness.client.discoverPrimaryServices(uuid: Self.custom) }
        #expect(error?.code == .invalidResponse)
        #expect(error?.procedure == "Discover Primary Service by Service UUID")
        #expect(error?.uuid == Self.custom)
        #expect(server.requests.first == ATTMessage(ATTFindByTypeValueRequest(
            startingHandle: 1, endingHandle: 0xFFFF, attributeType: 0x2800, attributeValue: Self.custom.attBytes
        )))
        #expect(server.requests.count == 2)
    }

    @Test func includedServicesWith128BitUUIDsAreReadFromTheirDeclaration() async throws {
        let service = GATTService(uuid: BluetoothUUID(0x1234), startHandle: 0x10, endHandle: 0x20)
        let (harness, server) = await ClientHarness.scripted { request, index in
            switch request {
            case .readByTypeRequest(let read) where read.startingHandle == 0x10:
                return ATTMessage(ATTReadByTypeResponse(attributeDataList: [
                    .init(attributeHandle: 0x11, attributeValue: [0x30, 0x00, 0x35, 0x00, 0xF0, 0xFF]),
                ]))
            case .readByTypeRequest(let read) where read.startingHandle == 0x12:
                return ATTMessage(ATTReadByTypeResponse(attributeDataList: [
                    .init(attributeHandle: 0x12, attributeValue: [0x40, 0x00, 0x45, 0x00]),
                ]))
            case .readRequest(let read) where read.attributeHandle == 0x40:
                return ATTMessage(ATTReadResponse(attributeValue: Self.custom.attBytes))
            default:
                return clientTestError(request, .attributeNotFound)
            }
        }
        let includes = try await harness.client.findIncludedServices(of: service)
        #expect(includes == [
            GATTIncludedService(declarationHandle: 0x11, uuid: BluetoothUUID(0xFFF0), startHandle: 0x30, endHandle: 0x35),
            GATTIncludedService(declarationHandle: 0x12, uuid: Self.custom, startHandle: 0x40, endHandle: 0x45),
        ])
        #expect(server.requests.map(\.opcode) == [.readByTypeRequest, .readByTypeRequest, .readRequest, .readByTypeRequest])
        #expect(server.requests.last == ATTMessage(ATTReadByTypeRequest(startingHandle: 0x13, endingHandle: 0x20, attributeType: BluetoothUUID(0x2802))))
    }

    static let badIncludes: [[UInt8]] = [
        [0x30, 0x00, 0x35, 0x00, 0xF0],  // 5 bytes
        [0x00, 0x00, 0x35, 0x00, 0xF0, 0xFF],  // start 0
        [0x36, 0x00, 0x35, 0x00, 0xF0, 0xFF],  // end before start
    ]

    @Test(arguments: badIncludes)
    func malformedIncludeDeclarationsAreRefused(value: [UInt8]) async throws {
        let (harness, _) = await ClientHarness.scripted { request, index in
            index == 0
                ? ATTMessage(ATTReadByTypeResponse(attributeDataList: [.init(attributeHandle: 0x11, attributeValue: value)]))
                : clientTestError(request, .attributeNotFound)
        }
        let service = GATTService(uuid: BluetoothUUID(0x1234), startHandle: 0x10, endHandle: 0x20)
        let error = await #expect(throws: GATTError.self) { _ = try await harness.client.findIncludedServices(of: service) }
        #expect(error?.code == .invalidResponse)
        #expect(error?.procedure == "Find Included Services")
    }

    @Test func characteristicsGetEndHandlesFromTheNextDeclaration() async throws {
        let service = GATTService(uuid: BluetoothUUID(0x180F), startHandle: 0x10, endHandle: 0x1F)
        let (harness, server) = await ClientHarness.scripted { request, _ in
            guard case .readByTypeRequest(let read) = request else { return clientTestError(request, .requestNotSupported) }
            switch read.startingHandle {
            case 0x10:
                return ATTMessage(ATTReadByTypeResponse(attributeDataList: [
                    .init(attributeHandle: 0x11, attributeValue: [0x12, 0x12, 0x00, 0x19, 0x2A]),
                    .init(attributeHandle: 0x14, attributeValue: [0x02, 0x15, 0x00, 0x00, 0x2A]),
                ]))
            case 0x15:
                return ATTMessage(ATTReadByTypeResponse(attributeDataList: [
                    .init(attributeHandle: 0x16, attributeValue: [0x08, 0x17, 0x00] + Self.custom.attBytes),
                ]))
            default:
                return clientTestError(request, .attributeNotFound)
            }
        }
        let characteristics = try await harness.client.discoverCharacteristics(of: service)
        #expect(characteristics == [
            GATTCharacteristic(uuid: BluetoothUUID(0x2A19), declarationHandle: 0x11, valueHandle: 0x12, properties: [.read, .notify], endHandle: 0x13),
            GATTCharacteristic(uuid: BluetoothUUID(0x2A00), declarationHandle: 0x14, valueHandle: 0x15, properties: .read, endHandle: 0x15),
            GATTCharacteristic(uuid: Self.custom, declarationHandle: 0x16, valueHandle: 0x17, properties: .write, endHandle: 0x1F),
        ])
        #expect(server.requests[1] == ATTMessage(ATTReadByTypeRequest(startingHandle: 0x15, endingHandle: 0x1F, attributeType: BluetoothUUID(0x2803))))
        let byUUID = try await harness.client.discoverCharacteristics(of: service, uuid: BluetoothUUID(0x2A00))
        #expect(byUUID.map(\.declarationHandle) == [0x14])
    }

    static let badCharacteristicLists: [(String, [ATTReadByTypeResponse.AttributeData])] = [
        ("a declaration value of 7 bytes", [.init(attributeHandle: 0x11, attributeValue: [0x02, 0x12, 0x00, 0x19, 0x2A, 0x00, 0x00])]),
        ("a value handle before its declaration", [.init(attributeHandle: 0x11, attributeValue: [0x02, 0x10, 0x00, 0x19, 0x2A])]),
        ("a value handle equal to its declaration", [.init(attributeHandle: 0x11, attributeValue: [0x02, 0x11, 0x00, 0x19, 0x2A])]),
        ("a value handle past the service", [.init(attributeHandle: 0x11, attributeValue: [0x02, 0x30, 0x00, 0x19, 0x2A])]),
        ("a declaration outside the service", [.init(attributeHandle: 0x25, attributeValue: [0x02, 0x26, 0x00, 0x19, 0x2A])]),
        ("a value handle past the next declaration", [
            .init(attributeHandle: 0x11, attributeValue: [0x02, 0x15, 0x00, 0x19, 0x2A]),
            .init(attributeHandle: 0x13, attributeValue: [0x02, 0x14, 0x00, 0x00, 0x2A]),
        ]),
        ("declarations going backwards", [
            .init(attributeHandle: 0x13, attributeValue: [0x02, 0x14, 0x00, 0x19, 0x2A]),
            .init(attributeHandle: 0x11, attributeValue: [0x02, 0x12, 0x00, 0x00, 0x2A]),
        ]),
    ]

    @Test(arguments: badCharacteristicLists)
    func inconsistentCharacteristicDeclarationsAreRefused(_ name: String, entries: [ATTReadByTypeResponse.AttributeData]) async throws {
        let service = GATTService(uuid: BluetoothUUID(0x180F), startHandle: 0x10, endHandle: 0x1F)
        let (harness, _) = await ClientHarness.scripted { request, index in
            index == 0 ? ATTMessage(ATTReadByTypeResponse(attributeDataList: entries)) : clientTestError(request, .attributeNotFound)
        }
        let error = await #expect(throws: GATTError.self) { _ = try await harness.client.discoverCharacteristics(of: service) }
        #expect(error?.code == .invalidResponse)
        #expect(error?.procedure == "Discover All Characteristics of a Service")
    }

    @Test func descriptorsAreFoundBetweenTheValueAndTheEnd() async throws {
        let characteristic = GATTCharacteristic(uuid: BluetoothUUID(0x2A19), declarationHandle: 0x11, valueHandle: 0x12, properties: .notify, endHandle: 0x16)
        let (harness, server) = await ClientHarness.scripted { request, index in
            switch index {
            case 0: ATTMessage(ATTFindInformationResponse(information: [.init(handle: 0x13, uuid: BluetoothUUID(0x2902)), .init(handle: 0x14, uuid: BluetoothUUID(0x2901))]))
            case 1: ATTMessage(ATTFindInformationResponse(information: [.init(handle: 0x16, uuid: Self.custom)]))
            default: clientTestError(request, .attributeNotFound)
            }
        }
        let descriptors = try await harness.client.discoverDescriptors(of: characteristic)
        #expect(descriptors.map(\.handle) == [0x13, 0x14, 0x16])
        #expect(descriptors.last?.uuid == Self.custom)
        #expect(server.requests == [
            ATTMessage(ATTFindInformationRequest(startingHandle: 0x13, endingHandle: 0x16)),
            ATTMessage(ATTFindInformationRequest(startingHandle: 0x15, endingHandle: 0x16)),
        ])
        // A characteristic whose value is its last handle costs no request.
        let bare = GATTCharacteristic(uuid: BluetoothUUID(0x2A00), declarationHandle: 0x20, valueHandle: 0x21, properties: .read, endHandle: 0x21)
        #expect(try await harness.client.discoverDescriptors(of: bare).isEmpty)
        #expect(server.requests.count == 2)
    }

    @Test func descriptorHandlesOutsideTheCharacteristicAreRefused() async throws {
        let characteristic = GATTCharacteristic(uuid: BluetoothUUID(0x2A19), declarationHandle: 0x11, valueHandle: 0x12, properties: .notify, endHandle: 0x16)
        let (harness, _) = await ClientHarness.scripted { _, _ in
            ATTMessage(ATTFindInformationResponse(information: [.init(handle: 0x12, uuid: BluetoothUUID(0x2902))]))
        }
        let error = await #expect(throws: GATTError.self) { _ = try await harness.client.discoverDescriptors(of: characteristic) }
        #expect(error?.code == .invalidResponse)
        #expect(error?.procedure == "Discover All Characteristic Descriptors")
        #expect(error?.uuid == BluetoothUUID(0x2A19))
    }

    @Test func aResponseOfTheWrongKindIsAnInvalidResponse() async throws {
        let (harness, _) = await ClientHarness.scripted { _, _ in ATTMessage(ATTWriteResponse()) }
        let error = await #expect(throws: GATTError.self) { _ = try await harness.client.read(handle: 0x2A) }
        #expect(error?.code == .invalidResponse)
        #expect(error?.procedure == "Read Characteristic Value")
        #expect(error?.handle == 0x2A)
    }

    // MARK: Every error code

    static let everyErrorCode: [UInt8] = Array(0x01...0x13) + [0x80, 0x9F, 0xA0, 0xE0, 0xFC, 0xFD, 0xFE, 0xFF]

    @Test(arguments: everyErrorCode)
    func everyATTErrorIsReportedWithProcedureHandleAndCode(code: UInt8) async throws {
        let errorCode = ATTErrorCode(rawValue: code)
        let (harness, _) = await ClientHarness.scripted { request, _ in clientTestError(request, errorCode, handle: 0x002A) }
        let read = await #expect(throws: GATTError.self) { _ = try await harness.client.read(handle: 0x002A) }
        #expect(read?.code == .attError)
        #expect(read?.attErrorCode == errorCode)
        #expect(read?.procedure == "Read Characteristic Value")
        #expect(read?.handle == 0x002A)
        #expect(read?.description.hasPrefix("Read Characteristic Value failed on handle 0x002A: Read Request: ") == true)

        let write = await #expect(throws: GATTError.self) { try await harness.client.write(handle: 0x002A, value: [1]) }
        #expect(write?.attErrorCode == errorCode)
        #expect(write?.procedure == "Write Characteristic Value")

        // Attribute Not Found ends discovery normally; every other code fails it.
        if errorCode == .attributeNotFound {
            #expect(try await harness.client.discoverPrimaryServices().isEmpty)
        } else if errorCode != .databaseOutOfSync {
            let discovery = await #expect(throws: GATTError.self) { _ = try await harness.client.discoverPrimaryServices() }
            #expect(discovery?.attErrorCode == errorCode)
            #expect(discovery?.procedure == "Discover All Primary Services")
        }
    }

    // MARK: Reads

    @Test func readLongStopsGracefullyAtAttributeNotLongAndInvalidOffset() async throws {
        for code in [ATTErrorCode.attributeNotLong, .invalidOffset] {
            let value = Array(UInt8(0)..<22)
            let (harness, server) = await ClientHarness.scripted { request, _ in
                if case .readRequest = request { return ATTMessage(ATTReadResponse(attributeValue: value)) }
                return clientTestError(request, code, handle: 0x2A)
            }
            #expect(try await harness.client.readLong(handle: 0x2A) == value)
            #expect(server.requests.last == ATTMessage(ATTReadBlobRequest(attributeHandle: 0x2A, valueOffset: 22)))
        }
    }

    @Test func readLongErrorsNameTheBlobAndTheProcedure() async throws {
        let (harness, _) = await ClientHarness.scripted { request, _ in
            if case .readRequest = request { return ATTMessage(ATTReadResponse(attributeValue: Array(repeating: 7, count: 22))) }
            return clientTestError(request, .readNotPermitted, handle: 0x2A)
        }
        let error = await #expect(throws: GATTError.self) { _ = try await harness.client.readLong(handle: 0x2A) }
        #expect(error?.description == "Read Long Characteristic Values failed on handle 0x002A: Read Blob Request: Read Not Permitted (0x02)")
    }

    @Test func aValueThatNeverEndsIsRefusedAfter512Bytes() async throws {
        let (harness, server) = await ClientHarness.scripted { request, _ in
            if case .readRequest = request { return ATTMessage(ATTReadResponse(attributeValue: Array(repeating: 1, count: 22))) }
            return ATTMessage(ATTReadBlobResponse(partAttributeValue: Array(repeating: 2, count: 22)))
        }
        let error = await #expect(throws: GATTError.self) { _ = try await harness.client.readLong(handle: 0x2A) }
        #expect(error?.code == .invalidResponse)
        #expect(error?.procedure == "Read Long Characteristic Values")
        #expect(server.requests.count == 24)
    }

    @Test func readMultipleChecksItsArguments() async throws {
        let (harness, server) = await ClientHarness.scripted { _, _ in ATTMessage(ATTReadMultipleResponse(setOfValues: [1, 2])) }
        for handles: [UInt16] in [[], [5], [5, 0], Array(1...12)] {
            let error = await #expect(throws: GATTError.self) { _ = try await harness.client.readMultiple(handles: handles) }
            #expect(error?.code == .invalidArgument)
            #expect(error?.procedure == "Read Multiple Characteristic Values")
        }
        #expect(try await harness.client.readMultiple(handles: Array(1...11)) == [1, 2])
        #expect(server.requests.count == 1)
    }

    @Test func readMultipleVariableRefusesMoreValuesThanHandles() async throws {
        let (harness, _) = await ClientHarness.scripted { _, _ in
            ATTMessage(ATTReadMultipleVariableResponse(lengthValueTupleList: [.init(attributeValue: [1]), .init(attributeValue: [2]), .init(attributeValue: [3])]))
        }
        let error = await #expect(throws: GATTError.self) { _ = try await harness.client.readMultipleVariable(handles: [1, 2]) }
        #expect(error?.code == .invalidResponse)
    }

    @Test func readUsingUUIDLoopsAfterTheLastHandle() async throws {
        let (harness, server) = await ClientHarness.scripted { request, index in
            switch index {
            case 0: ATTMessage(ATTReadByTypeResponse(attributeDataList: [.init(attributeHandle: 0x03, attributeValue: [1]), .init(attributeHandle: 0x07, attributeValue: [2])]))
            case 1: ATTMessage(ATTReadByTypeResponse(attributeDataList: [.init(attributeHandle: 0x07, attributeValue: [2])]))
            default: clientTestError(request, .attributeNotFound)
            }
        }
        let error = await #expect(throws: GATTError.self) { _ = try await harness.client.readUsingUUID(BluetoothUUID(0x2A19)) }
        #expect(error?.code == .invalidResponse)
        #expect(error?.procedure == "Read Using Characteristic UUID")
        #expect(server.requests.last == ATTMessage(ATTReadByTypeRequest(startingHandle: 0x08, endingHandle: 0xFFFF, attributeType: BluetoothUUID(0x2A19))))
    }

    // MARK: Writes

    @Test func argumentsAreCheckedBeforeAnythingIsSent() async throws {
        let (harness, server) = await ClientHarness.scripted { _, _ in ATTMessage(ATTWriteResponse()) }
        let client = harness.client
        let tooLong = Array(repeating: UInt8(0), count: 513)
        let cases: [(String, @Sendable () async throws -> Void)] = [
            ("Write Characteristic Value", { () async throws in try await client.write(handle: 5, value: tooLong) }),
            ("Write Characteristic Value", { () async throws in try await client.write(handle: 0, value: [1]) }),
            ("Write Long Characteristic Values", { () async throws in try await client.writeLong(handle: 5, value: [1, 2], offset: 511) }),
            ("Reliable Writes", { () async throws in try await client.reliableWrite([(5, [1]), (6, tooLong)]) }),
            ("Write Without Response", { () async throws in try await client.writeWithoutResponse(handle: 5, value: Array(repeating: 0, count: 21)) }),
            ("Read Characteristic Value", { () async throws in _ = try await client.read(handle: 0) }),
            ("Read Long Characteristic Values", { () async throws in _ = try await client.readLong(handle: 0) }),
        ]
        for (procedure, call) in cases {
            let error = await #expect(throws: GATTError.self) { try await call() }
            #expect(error?.code == .invalidArgument)
            #expect(error?.procedure == procedure)
        }
        #expect(server.requests.isEmpty)
        try await client.writeWithoutResponse(handle: 5, value: Array(repeating: 0, count: 20))
        #expect(await clientEventually { server.requests.count == 1 })
    }

    @Test func writeLongSendsPartsOfMTUMinus5ThenExecutes() async throws {
        let (harness, server) = await ClientHarness.scripted { request, _ in
            switch request {
            case .prepareWriteRequest(let prepare):
                clientTestEcho(prepare)
            case .executeWriteRequest: ATTMessage(ATTExecuteWriteResponse())
            default: clientTestError(request, .requestNotSupported)
            }
        }
        let value = Array(UInt8(0)..<40)
        try await harness.client.writeLong(handle: 0x2A, value: value, offset: 4)
        #expect(server.requests == [
            ATTMessage(ATTPrepareWriteRequest(attributeHandle: 0x2A, valueOffset: 4, partAttributeValue: Array(value[0..<18]))),
            ATTMessage(ATTPrepareWriteRequest(attributeHandle: 0x2A, valueOffset: 22, partAttributeValue: Array(value[18..<36]))),
            ATTMessage(ATTPrepareWriteRequest(attributeHandle: 0x2A, valueOffset: 40, partAttributeValue: Array(value[36..<40]))),
            ATTMessage(ATTExecuteWriteRequest(flags: .immediatelyWriteAllPendingPreparedValues)),
        ])
        // A value that fits goes in one Write Request.
        let fits = await ClientHarness.scripted { _, _ in ATTMessage(ATTWriteResponse()) }
        try await fits.0.client.write(handle: 0x2A, value: Array(repeating: 1, count: 20))
        #expect(fits.1.requests.map(\.opcode) == [.writeRequest])
    }

    @Test func aPrepareErrorCancelsTheQueue() async throws {
        let (harness, server) = await ClientHarness.scripted { request, index in
            switch request {
            case .prepareWriteRequest(let prepare) where index == 0:
                clientTestEcho(prepare)
            case .executeWriteRequest: ATTMessage(ATTExecuteWriteResponse())
            default: clientTestError(request, .prepareQueueFull, handle: 0x2A)
            }
        }
        let error = await #expect(throws: GATTError.self) { try await harness.client.writeLong(handle: 0x2A, value: Array(repeating: 1, count: 100)) }
        #expect(error?.attErrorCode == .prepareQueueFull)
        #expect(error?.procedure == "Write Long Characteristic Values")
        #expect(error?.handle == 0x2A)
        #expect(server.requests.map(\.opcode) == [.prepareWriteRequest, .prepareWriteRequest, .executeWriteRequest])
        #expect(server.requests.last == ATTMessage(ATTExecuteWriteRequest(flags: .cancelAllPreparedWrites)))
    }

    @Test func aReliableWriteEchoedWrongIsCancelled() async throws {
        let (harness, server) = await ClientHarness.scripted { request, _ in
            switch request {
            case .prepareWriteRequest(let prepare):
                var echoed = prepare.partAttributeValue
                if prepare.attributeHandle == 0x30 { echoed[0] ^= 0xFF }
                return clientTestEcho(prepare, part: echoed)
            case .executeWriteRequest: return ATTMessage(ATTExecuteWriteResponse())
            default: return clientTestError(request, .requestNotSupported)
            }
        }
        let error = await #expect(throws: GATTError.self) {
            try await harness.client.reliableWrite([(0x20, [1, 2, 3]), (0x30, [4, 5, 6]), (0x40, [7])])
        }
        #expect(error?.code == .reliableWriteMismatch)
        #expect(error?.procedure == "Reliable Writes")
        #expect(error?.handle == 0x30)
        #expect(server.requests.map(\.opcode) == [.prepareWriteRequest, .prepareWriteRequest, .executeWriteRequest])
        #expect(server.requests.last == ATTMessage(ATTExecuteWriteRequest(flags: .cancelAllPreparedWrites)))
    }

    @Test func anExecuteErrorNamesTheHandleTheServerBlamed() async throws {
        let (harness, _) = await ClientHarness.scripted { request, _ in
            switch request {
            case .prepareWriteRequest(let prepare):
                clientTestEcho(prepare)
            default: clientTestError(request, .application(0x80), handle: 0x30)
            }
        }
        let error = await #expect(throws: GATTError.self) { try await harness.client.reliableWrite([(0x20, [1]), (0x30, [2])]) }
        #expect(error?.attErrorCode == .application(0x80))
        #expect(error?.handle == 0x30)
        #expect(error?.description == "Reliable Writes failed on handle 0x0030: Execute Write Request: Application Error 0x80 (0x80)")
    }

    // MARK: Robust caching

    /// A server with only a Database Hash, whose Read Request answers Database Out Of Sync once.
    static func outOfSyncServer(hashes: [[UInt8]]) -> ScriptedATTServer.Script {
        let hashReads = ClientScriptCounter()
        let outOfSyncSent = ClientScriptCounter()
        return { request, _ in
            switch request {
            case .readByTypeRequest(let read) where read.attributeType == BluetoothUUID(0x2B2A):
                let index = hashReads.next()
                return ATTMessage(ATTReadByTypeResponse(attributeDataList: [.init(attributeHandle: 0x08, attributeValue: hashes[min(index, hashes.count - 1)])]))
            case .readRequest:
                if outOfSyncSent.next() == 0 { return clientTestError(request, .databaseOutOfSync, handle: 0x2A) }
                return ATTMessage(ATTReadResponse(attributeValue: [42]))
            default:
                return clientTestError(request, .attributeNotFound)
            }
        }
    }

    @Test func databaseOutOfSyncWithTheSameHashRetriesTheRequest() async throws {
        let hash = Array(repeating: UInt8(0xAB), count: 16)
        let (harness, server) = await ClientHarness.scripted(Self.outOfSyncServer(hashes: [hash]))
        _ = try await harness.client.discoverAll()
        #expect(try await harness.client.read(handle: 0x2A) == [42])
        #expect(server.requests.suffix(3).map(\.opcode) == [.readRequest, .readByTypeRequest, .readRequest])
    }

    @Test func databaseOutOfSyncWithANewHashInvalidatesAndThrows() async throws {
        let old = Array(repeating: UInt8(0xAB), count: 16)
        let new = Array(repeating: UInt8(0xCD), count: 16)
        let (harness, _) = await ClientHarness.scripted(Self.outOfSyncServer(hashes: [old, new]))
        _ = try await harness.client.discoverAll()
        var changes = harness.client.serviceChanges.makeAsyncIterator()
        let error = await #expect(throws: GATTError.self) { _ = try await harness.client.read(handle: 0x2A) }
        #expect(error?.attErrorCode == .databaseOutOfSync)
        #expect(error?.procedure == "Read Characteristic Value")
        #expect(error?.message.contains("discover it again") == true)
        #expect(await changes.next() == .everything)
        #expect(await harness.client.databaseHash == new)
    }

    @Test func aDatabaseHashOfTheWrongLengthIsRefused() async throws {
        let (harness, _) = await ClientHarness.scripted { _, _ in
            ATTMessage(ATTReadByTypeResponse(attributeDataList: [.init(attributeHandle: 0x08, attributeValue: [1, 2, 3])]))
        }
        let error = await #expect(throws: GATTError.self) { _ = try await harness.client.discoverAll() }
        #expect(error?.code == .invalidResponse)
        #expect(error?.procedure == "Read Database Hash")
        #expect(error?.uuid == BluetoothUUID(0x2B2A))
    }

    @Test func exchangeMTUIsSentOnce() async throws {
        let (harness, _) = await ClientHarness.scripted { request, _ in clientTestError(request, .requestNotSupported) }
        #expect(try await harness.client.exchangeMTU() == 23)
        #expect(try await harness.client.exchangeMTU() == 23)
        #expect(harness.sentOpcodes == [.exchangeMTURequest])
    }

    // MARK: Subscribing

    /// Two subscribers of one characteristic at once, the first CCCD write refused (a server that
    /// wants an encrypted link first): the second must not count on that write. It waits for its
    /// outcome and writes the CCCD itself; before, it returned a stream no notification would
    /// ever reach (seen by the soak test: live sockets that went deaf after a link loss).
    @Test func aSubscriberDoesNotCountOnAnotherSubscribersFailedCCCDWrite() async throws {
        let (harness, server) = await ClientHarness.scripted { request, index in
            index == 0 ? clientTestError(request, .insufficientEncryption, handle: 0x0012) : .writeResponse(ATTWriteResponse())
        }
        let cccd = GATTDescriptor(uuid: GATTAttributeType.clientCharacteristicConfiguration, handle: 0x0012)
        let characteristic = GATTCharacteristic(
            uuid: Self.custom, declarationHandle: 0x0010, valueHandle: 0x0011, properties: [.read, .notify], endHandle: 0x0012, descriptors: [cccd]
        )
        let client = harness.client
        @Sendable func subscribe() async -> GATTClient.ValueStream? { try? await client.subscribe(to: characteristic) }
        async let first = subscribe()
        async let second = subscribe()
        let streams = await [first, second]   // kept until counted: dropping one unsubscribes
        let subscribed = streams.compactMap { $0 }.count
        let writes = withExtendedLifetime(streams) { server.requests.filter { $0.opcode == .writeRequest } }
        #expect(subscribed == 1, "one subscriber got the refusal, the other subscribed")
        #expect(writes.count == 2, "the subscriber that stayed wrote the CCCD itself: \(writes)")
    }
}

/// A thread-safe counter for scripts.
final class ClientScriptCounter: Sendable {
    private let value = Mutex(0)
    /// Returns the current count, then adds one.
    func next() -> Int { value.withLock { value in defer { value += 1 }; return value } }
}
