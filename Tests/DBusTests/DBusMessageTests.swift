import DBus
import Testing

/// Messages recorded from a real dbus-daemon 1.14.10 with `dbus-monitor --binary` while
/// `dbus-send` talked to it (little-endian, as this machine sends them).
enum Captured {
    /// `Hello()` to org.freedesktop.DBus (serial 1, no body).
    static let helloCall = hex(
        "6c01000100000000010000007d00000001016f00150000002f6f72672f667265656465736b746f702f4442757300000006017300140000006f72672e667265656465736b746f702e444275730000000002017300140000006f72672e667265656465736b746f702e4442757300000000030173000500000048656c6c6f00000007017300040000003a312e3100000000"
    )
    /// The method return of `Hello`: the unique name `:1.1`.
    static let helloReturn = hex(
        "6c02010109000000010000003d00000006017300040000003a312e31000000000501750001000000080167000173000007017300140000006f72672e667265656465736b746f702e4442757300000000040000003a312e3100"
    )
    /// The `NameAcquired(':1.1')` signal.
    static let nameAcquired = hex(
        "6c04010109000000020000008d00000001016f00150000002f6f72672f667265656465736b746f702f4442757300000002017300140000006f72672e667265656465736b746f702e4442757300000000030173000c0000004e616d6541637175697265640000000006017300040000003a312e3100000000080167000173000007017300140000006f72672e667265656465736b746f702e4442757300000000040000003a312e3100"
    )
    /// `NameOwnerChanged(':1.2', '', ':1.2')` (strings, one empty).
    static let nameOwnerChanged = hex(
        "6c0401011d000000070000008900000001016f00150000002f6f72672f667265656465736b746f702f4442757300000002017300140000006f72672e667265656465736b746f702e444275730000000003017300100000004e616d654f776e65724368616e676564000000000000000007017300140000006f72672e667265656465736b746f702e444275730000000008016700037373730000000000000000040000003a312e32000000000000000000000000040000003a312e3200"
    )
    /// A signal with every basic type, an array, a dictionary and a variant:
    /// `dbus-send --type=signal /org/example/Light org.example.Light.Changed byte:7 boolean:true
    /// int16:-2 uint16:65535 int32:-100000 uint32:4000000000 int64:-5 uint64:18000000000000000000
    /// double:1.5 string:héllo objpath:/a/b array:string:x,yz dict:string:int32:a,1,b,2 variant:uint32:9`.
    static let everyType = hex(
        "6c04010184000000020000007d00000001016f00120000002f6f72672f6578616d706c652f4c6967687400000000000002017300110000006f72672e6578616d706c652e4c696768740000000000000003017300070000004368616e67656400080167001379626e716975787464736f6173617b73697d76000000000000000007017300040000003a312e32000000000700000001000000feffffff6079feff00286bee00000000fbffffffffffffff000008c5a1d8ccf9000000000000f83f0600000068c3a96c6c6f0000040000002f612f62000000000f000000010000007800000002000000797a00001c000000010000006100000001000000000000000100000062000000020000000175000009000000"
    )
    /// The error the daemon sends for an unknown method `Nope`.
    static let unknownMethod = hex(
        "6c0301013a000000030000007500000006017300040000003a312e330000000004017300280000006f72672e667265656465736b746f702e444275732e4572726f722e556e6b6e6f776e4d6574686f6400000000000000000501750002000000080167000173000007017300140000006f72672e667265656465736b746f702e4442757300000000350000006f72672e667265656465736b746f702e4442757320646f6573206e6f7420756e6465727374616e64206d657373616765204e6f706500"
    )
    static let all = [helloCall, helloReturn, nameAcquired, nameOwnerChanged, everyType, unknownMethod]
}

@Suite struct DBusMessageTests {
    @Test func decodesCapturedHelloCall() throws {
        let message = try DBusMessage(decoding: Captured.helloCall)
        #expect(message.type == .methodCall)
        #expect(message.byteOrder == .little)
        #expect(message.serial == 1)
        #expect(message.path == "/org/freedesktop/DBus")
        #expect(message.interface == "org.freedesktop.DBus")
        #expect(message.member == "Hello")
        #expect(message.destination == "org.freedesktop.DBus")
        #expect(message.sender == ":1.1")
        #expect(message.body.isEmpty)
    }

    @Test func decodesCapturedHelloReturn() throws {
        let message = try DBusMessage(decoding: Captured.helloReturn)
        #expect(message.type == .methodReturn)
        #expect(message.flags == .noReplyExpected)
        #expect(message.replySerial == 1)
        #expect(message.destination == ":1.1")
        #expect(message.sender == "org.freedesktop.DBus")
        #expect(message.body == [.string(":1.1")])
    }

    @Test func decodesCapturedSignals() throws {
        let acquired = try DBusMessage(decoding: Captured.nameAcquired)
        #expect(acquired.type == .signal)
        #expect(acquired.member == "NameAcquired")
        #expect(acquired.body == [.string(":1.1")])
        let changed = try DBusMessage(decoding: Captured.nameOwnerChanged)
        #expect(changed.member == "NameOwnerChanged")
        #expect(changed.body == [.string(":1.2"), .string(""), .string(":1.2")])
        #expect(try changed.signature == DBusSignature("sss"))
    }

    @Test func decodesCapturedSignalOfEveryType() throws {
        let message = try DBusMessage(decoding: Captured.everyType)
        #expect(try message.signature.description == "ybnqiuxtdsoasa{si}v")
        #expect(message.body == [
            .byte(7), .boolean(true), .int16(-2), .uint16(65535), .int32(-100_000), .uint32(4_000_000_000), .int64(-5),
            .uint64(18_000_000_000_000_000_000), .double(1.5), .string("héllo"), .objectPath("/a/b"), .strings(["x", "yz"]),
            .dictionary(key: .string, value: .int32, [(.string("a"), .int32(1)), (.string("b"), .int32(2))]), .variant(.uint32(9)),
        ])
        #expect(message.body[12].stringDictionary == ["a": .int32(1), "b": .int32(2)])
    }

    @Test func decodesCapturedError() throws {
        let message = try DBusMessage(decoding: Captured.unknownMethod)
        #expect(message.type == .error)
        #expect(message.errorName == "org.freedesktop.DBus.Error.UnknownMethod")
        #expect(message.replySerial == 2)
        #expect(message.errorMessage == "org.freedesktop.DBus does not understand message Nope")
    }

    /// Our encoding may order the header fields differently from the daemon's; what it says must be the same.
    @Test(arguments: Captured.all)
    func capturedMessagesSurviveReEncoding(bytes: [UInt8]) throws {
        let message = try DBusMessage(decoding: bytes)
        let again = try DBusMessage(decoding: try message.encode())
        #expect(again == message)
        #expect(try again.encode() == message.encode())
    }

    @Test(arguments: Captured.all)
    func everyPrefixIsIncompleteAndConsumesNothing(bytes: [UInt8]) throws {
        for length in 0..<bytes.count {
            var buffer = bytes[..<length]
            let decoded = try DBusMessage.decode(from: &buffer)
            #expect(decoded == nil, "prefix of \(length) bytes")
            #expect(buffer.count == length)
        }
        var stream = ArraySlice(bytes + bytes.prefix(5))
        let message = try DBusMessage.decode(from: &stream)
        #expect(message == (try DBusMessage(decoding: bytes)))
        #expect(Array(stream) == Array(bytes.prefix(5)))
    }

    @Test(arguments: [DBusByteOrder.little, .big])
    func roundTripsEveryTypeInBothByteOrders(order: DBusByteOrder) throws {
        let body: [DBusValue] = [
            .byte(0xFE), .boolean(false), .int16(.min), .uint16(.max), .int32(.min), .uint32(.max), .int64(.min), .uint64(.max),
            .double(-0.25), .string(""), .string("ünïcödé"), .objectPath(.root), .signature(try DBusSignature("a{sv}")), .unixFD(1),
            .variant(.variant(.byte(1))), .array(element: .int64, []), .bytes([1, 2, 3]),
            .struct([.byte(1), .uint64(2), .struct([.string("x")])]),
            .properties(["Name": .string("Nightlight"), "RSSI": .int16(-60), "UUIDs": .strings(["180f"])]),
            .dictionary(key: .uint16, value: .array(.byte), [(.uint16(0x004C), .bytes([0x02, 0x15]))]),
            .array(element: .struct([.byte, .int64]), [.struct([.byte(1), .int64(-1)]), .struct([.byte(2), .int64(2)])]),
        ]
        let message = DBusMessage(
            type: .methodCall, serial: 77, path: "/org/bluez/hci0", interface: "org.bluez.Adapter1", member: "SetDiscoveryFilter",
            destination: "org.bluez", unixFDs: 2, body: body, byteOrder: order
        )
        let bytes = try message.encode()
        #expect(bytes[0] == order.rawValue)
        let decoded = try DBusMessage(decoding: bytes)
        #expect(decoded == message)
        #expect(try decoded.encode() == bytes)
    }

    @Test func bigEndianLayoutFollowsTheSpec() throws {
        let message = DBusMessage(type: .methodReturn, serial: 0x0102_0304, replySerial: 5, body: [.uint32(0x0A0B_0C0D)], byteOrder: .big)
        let bytes = try message.encode()
        // 'B', METHOD_RETURN, no flags, version 1, body length 4, serial, header fields of 2 fields:
        // (5, v 'u' 5) and (8, v 'g' "u"): 8 + 8 bytes, after an 8-aligned start.
        #expect(bytes.prefix(16) == [0x42, 0x02, 0x00, 0x01, 0, 0, 0, 4, 0x01, 0x02, 0x03, 0x04, 0, 0, 0, 15])
        #expect(bytes[16..<24] == [5, 1, 0x75, 0, 0, 0, 0, 5])
        #expect(bytes[24..<31] == [8, 1, 0x67, 0, 1, 0x75, 0])
        #expect(bytes[32...] == [0x0A, 0x0B, 0x0C, 0x0D])
    }

    /// Mutations of the captured Hello return (`helloReturn`), each breaking one rule.
    @Test(arguments: [
        ("58", DBusError.Code.malformed, "byte order"),
        ("6c02010209000000", .malformed, "protocol version 2"),
        ("6c0201010900000000000000", .malformed, "serial 0"),
        ("6c02010109000009", .limitExceeded, "message of"),
        ("6c02010109000000010000003d000005", .limitExceeded, "header fields of"),
    ])
    func rejectsBrokenFixedHeaders(prefix: String, code: DBusError.Code, words: String) {
        // The limits are checked on the fixed header alone: the decoder does not wait for 150 MB to say no.
        var header = Array(Captured.helloReturn.prefix(16))
        let patch = hex(prefix)
        header.replaceSubrange(0..<patch.count, with: patch)
        var buffer = ArraySlice(header)
        #expect {
            _ = try DBusMessage.decode(from: &buffer)
            // Version and serial are checked once the message is complete.
            _ = try DBusMessage(decoding: Array(header) + Captured.helloReturn.dropFirst(16))
        } throws: { error in
            guard let error = error as? DBusError else { return false }
            return error.code == code && error.message.contains(words)
        }
    }

    @Test(arguments: [
        (84, 0xFF, "not valid UTF-8"),
        (88, 0x41, "not terminated by NUL"),
        (77, 0x01, "padding byte at 77"),
        (32, 0x0A, "without its REPLY_SERIAL"),
        (32, 0x06, "has type 'u', not 's'"),
        (45, UInt8(ascii: "b"), "boolean is 4"),
        (45, UInt8(ascii: "z"), "unknown type code 'z'"),
        (45, UInt8(ascii: "u"), "ends at byte 84 of 89"),
        (4, 0x0A, "announces 90 bytes"),
    ] as [(Int, UInt8, String)])
    func rejectsMalformedMessages(offset: Int, byte: UInt8, words: String) {
        var bytes = Captured.helloReturn
        bytes[offset] = byte
        #expect {
            try DBusMessage(decoding: bytes)
        } throws: { error in
            (error as? DBusError)?.message.contains(words) == true
        }
    }

    @Test func unknownMessageTypesAndHeaderFieldsSurvive() throws {
        var bytes = Captured.helloReturn
        bytes[1] = 9
        bytes[32] = 0x0A  // REPLY_SERIAL becomes an unknown field code: ignored.
        let message = try DBusMessage(decoding: bytes)
        #expect(message.type.rawValue == 9)
        #expect(message.replySerial == nil)
    }

    @Test func rejectsNestingDeeperThan64() throws {
        var value = DBusValue.byte(1)
        for _ in 0..<64 { value = .variant(value) }
        let message = DBusMessage(type: .signal, path: "/a", interface: "a.b", member: "C", body: [value])
        #expect(throws: Never.self) { try DBusMessage(decoding: try message.encode()) }
        let deeper = DBusMessage(type: .signal, path: "/a", interface: "a.b", member: "C", body: [.variant(value)])
        #expect {
            try DBusMessage(decoding: try deeper.encode())
        } throws: { error in
            (error as? DBusError)?.code == .limitExceeded
        }
    }

    @Test(arguments: [
        (DBusMessage(type: .methodCall, path: "/a"), "without its MEMBER"),
        (DBusMessage(type: .methodCall, member: "M"), "without its PATH"),
        (DBusMessage(type: .signal, path: "/a", member: "M"), "without its INTERFACE"),
        (DBusMessage(type: .error, replySerial: 1), "without its ERROR_NAME"),
        (DBusMessage(type: .methodReturn), "without its REPLY_SERIAL"),
        (DBusMessage(type: .methodCall, serial: 0, path: "/a", member: "M"), "serial 0"),
        (DBusMessage(type: .methodCall, path: "/a", interface: "nodot", member: "M"), "interface name 'nodot'"),
        (DBusMessage(type: .methodCall, path: "/a", member: "M", destination: "bad"), "bus name 'bad'"),
        (DBusMessage(type: .methodCall, path: "/a", member: "M", body: [.unixFD(0)]), "unix fd index 0 with 0 descriptors"),
        (DBusMessage(type: .methodCall, path: "/a", member: "M", body: [.string("a\u{0}b")]), "contains a NUL byte"),
        (DBusMessage(type: .methodCall, path: "/a", member: "M", body: [.array(element: .string, [.int32(1)])]), "where 's' is expected"),
        (DBusMessage(type: .signal, path: "/a", interface: "org.freedesktop.DBus.Local", member: "Disconnected"), "reserved"),
    ])
    func refusesToEncodeInvalidMessages(message: DBusMessage, words: String) {
        #expect {
            try message.encode()
        } throws: { error in
            (error as? DBusError)?.message.contains(words) == true
        }
    }

    @Test func factoriesAnswerTheirCall() throws {
        var call = DBusMessage.methodCall(destination: "org.bluez", path: "/org/bluez/hci0", interface: "org.bluez.Adapter1", member: "StartDiscovery")
        call.serial = 9
        call.sender = ":1.5"
        let reply = DBusMessage.methodReturn(replyingTo: call, body: [.boolean(true)])
        #expect(reply.replySerial == 9 && reply.destination == ":1.5")
        let error = DBusMessage.error(replyingTo: call, name: "org.bluez.Error.NotReady", message: "Resource Not Ready")
        #expect(try DBusMessage(decoding: error.encode()).errorMessage == "Resource Not Ready")
    }
}
