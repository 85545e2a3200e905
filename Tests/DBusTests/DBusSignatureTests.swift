import DBus
import Testing

@Suite struct DBusSignatureTests {
    @Test(arguments: [
        ("", [DBusType]()),
        ("y", [.byte]),
        ("ybnqiuxtdsogh", [.byte, .boolean, .int16, .uint16, .int32, .uint32, .int64, .uint64, .double, .string, .objectPath, .signature, .unixFD]),
        ("v", [.variant]),
        ("as", [.array(.string)]),
        ("a{sv}", [.array(.dictEntry(key: .string, value: .variant))]),
        ("a{oa{sa{sv}}}", [.array(.dictEntry(key: .objectPath, value: .array(.dictEntry(key: .string, value: .array(.dictEntry(key: .string, value: .variant))))))]),
        ("(yv)", [.struct([.byte, .variant])]),
        ("a(ii)s", [.array(.struct([.int32, .int32])), .string]),
        ("((s))", [.struct([.struct([.string])])]),
    ])
    func parsesValidSignatures(text: String, types: [DBusType]) throws {
        let signature = try DBusSignature(text)
        #expect(signature.types == types)
        #expect(signature.description == text)
        #expect(try DBusSignature(types) == signature)
    }

    @Test(arguments: [
        ("z", DBusError.Code.invalidSignature, "unknown type code 'z'"),
        ("a", .invalidSignature, "missing at the end"),
        ("(", .invalidSignature, "not closed"),
        ("()", .invalidSignature, "empty struct"),
        (")", .invalidSignature, "without its opening"),
        ("{sv}", .invalidSignature, "outside an array"),
        ("a{vs}", .invalidSignature, "must be a basic type"),
        ("a{s}", .invalidSignature, "exactly two types"),
        ("a{svs}", .invalidSignature, "exactly two types"),
        ("a{(s)s}", .invalidSignature, "must be a basic type"),
        (String(repeating: "a", count: 33) + "y", .limitExceeded, "32 nested arrays"),
        (String(repeating: "(", count: 33) + "y" + String(repeating: ")", count: 33), .limitExceeded, "32 nested structs"),
        (String(repeating: "y", count: 256), .limitExceeded, "at most 255"),
    ])
    func rejectsInvalidSignatures(text: String, code: DBusError.Code, words: String) {
        #expect {
            try DBusSignature(text)
        } throws: { error in
            guard let error = error as? DBusError else { return false }
            return error.code == code && error.message.contains(words)
        }
    }

    @Test func deepestAllowedNestingParses() throws {
        let arrays = String(repeating: "a", count: 32) + "y"
        #expect(try DBusSignature(arrays).description == arrays)
        let structs = String(repeating: "(", count: 32) + "y" + String(repeating: ")", count: 32)
        #expect(try DBusSignature(structs).description == structs)
        #expect(try DBusSignature(String(repeating: "y", count: 255)).types.count == 255)
    }
}
