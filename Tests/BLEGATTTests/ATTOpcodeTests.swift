import BLEGATT
import Testing

@Suite struct ATTOpcodeTests {
    @Test func flagsFollowTheOpcodeBits() {
        #expect(ATTOpcode.writeCommand.isCommand)
        #expect(!ATTOpcode.writeRequest.isCommand)
        #expect(ATTOpcode.signedWriteCommand.hasAuthenticationSignature)
        #expect(ATTOpcode.signedWriteCommand.method == ATTOpcode.writeRequest.method)
        #expect(ATTOpcode(rawValue: 0x7F).kind == nil)
        #expect(ATTOpcode(rawValue: 0x7F).name == "opcode 0x7f")
    }

    @Test func everyErrorCodeHasAName() {
        for code in UInt8(0x01)...0x13 {
            #expect(!ATTErrorCode(rawValue: code).name.contains("0x"))
        }
        #expect(ATTErrorCode.application(0x80).isApplicationError)
        #expect(ATTErrorCode.outOfRange.description == "Out of Range (0xFF)")
        #expect(ATTErrorCode(rawValue: 0x14).name == "Reserved Error 0x14")
    }
}
