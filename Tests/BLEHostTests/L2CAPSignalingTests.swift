import BLEHCI
import Testing

@testable import BLEHost

@Suite struct L2CAPSignalingTests {
    static let updateRequest: [UInt8] = [0x12, 0x07, 0x08, 0x00, 0x18, 0x00, 0x28, 0x00, 0x00, 0x00, 0x90, 0x01]

    @Test func codecsRoundTrip() throws {
        let packet = try L2CAPSignalingPacket(decoding: Self.updateRequest)
        #expect(packet.code == .connectionParameterUpdateRequest)
        #expect(packet.identifier == 7)
        #expect(packet.encode() == Self.updateRequest)
        let request = try L2CAPConnectionParameterUpdateRequest(data: packet.data)
        #expect(request.parameters == ConnectionParameters(intervalMin: 24, intervalMax: 40, latency: 0, supervisionTimeout: 400))
        #expect(request.encode() == packet.data)
        #expect(try L2CAPCommandReject(data: [0, 0]).reason == .commandNotUnderstood)
        #expect(try L2CAPConnectionParameterUpdateResponse(data: [1, 0]).isAccepted == false)
    }

    @Test(arguments: 0..<12)
    func everyPrefixOfARequestThrows(_ length: Int) {
        #expect(throws: HostError.self) { try L2CAPSignalingPacket(decoding: Array(Self.updateRequest.prefix(length))) }
    }

    @Test func centralAcceptsValidRequest() {
        var channel = L2CAPLESignalingChannel(role: .central, policy: .acceptValid)
        let actions = channel.receive(Self.updateRequest)
        #expect(actions == [
            .send([0x13, 0x07, 0x02, 0x00, 0x00, 0x00]),
            .updateConnection(ConnectionParameters(intervalMin: 24, intervalMax: 40, latency: 0, supervisionTimeout: 400)),
        ])
    }

    @Test func centralRejectsPerPolicy() {
        var channel = L2CAPLESignalingChannel(role: .central, policy: .rejectAll)
        let actions = channel.receive(Self.updateRequest)
        #expect(actions.first == .send([0x13, 0x07, 0x02, 0x00, 0x01, 0x00]))
        #expect(!actions.contains { if case .updateConnection = $0 { true } else { false } })
    }

    @Test func centralRejectsInvalidParameters() {
        var channel = L2CAPLESignalingChannel(role: .central, policy: .acceptValid)
        // Interval min 0x0002 is out of range.
        let actions = channel.receive([0x12, 0x01, 0x08, 0x00, 0x02, 0x00, 0x28, 0x00, 0x00, 0x00, 0x90, 0x01])
        #expect(actions.first == .send([0x13, 0x01, 0x02, 0x00, 0x01, 0x00]))
    }

    @Test func peripheralRejectsAnUpdateRequest() {
        var channel = L2CAPLESignalingChannel(role: .peripheral, policy: .acceptValid)
        #expect(channel.receive(Self.updateRequest).first == .send([0x01, 0x07, 0x02, 0x00, 0x00, 0x00]))
    }

    @Test(arguments: [UInt8(0x06), 0x14, 0x0A, 0x7F])
    func unknownCommandsGetCommandReject(_ code: UInt8) {
        var channel = L2CAPLESignalingChannel(role: .central, policy: .acceptValid)
        let actions = channel.receive([code, 0x2A, 0x02, 0x00, 0x40, 0x00])
        #expect(actions.first == .send([0x01, 0x2A, 0x02, 0x00, 0x00, 0x00]))
    }

    @Test func responsesAreNeverRejected() {
        var channel = L2CAPLESignalingChannel(role: .central, policy: .acceptValid)
        let actions = channel.receive([0x01, 0x05, 0x02, 0x00, 0x00, 0x00])
        #expect(!actions.contains { if case .send = $0 { true } else { false } })
    }

    @Test func peripheralRequestIsAnswered() throws {
        var channel = L2CAPLESignalingChannel(role: .peripheral, policy: .acceptValid)
        let (identifier, payload) = channel.requestParameterUpdate(.default)
        let packet = try L2CAPSignalingPacket(decoding: payload)
        #expect(packet.code == .connectionParameterUpdateRequest)
        #expect(try L2CAPConnectionParameterUpdateRequest(data: packet.data).parameters == .default)
        let answer = channel.receive([0x13, identifier, 0x02, 0x00, 0x00, 0x00])
        #expect(answer == [.requestAnswered(identifier: identifier, accepted: true)])
        // A second answer is unexpected and ignored.
        #expect(!channel.receive([0x13, identifier, 0x02, 0x00, 0x00, 0x00]).contains { if case .requestAnswered = $0 { true } else { false } })
    }
}
