import BLEHCI
import Testing

@Suite struct HCIPacketTypeTests {
    @Test func namesTheIndicators() {
        #expect(HCIPacketType.event.description == "Event")
        #expect(HCIPacketType(rawValue: 0x09).description == "packet type 0x9")
    }
}
