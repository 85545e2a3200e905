import BLEGATT
import BLEHCI
import Testing

@testable import BLEHost

/// The L2CAP layer on its own: frames in, actions out, per-connection channel state.
@Suite struct L2CAPFixedChannelsTests {
    private static let updateRequest: [UInt8] = [0x12, 0x07, 0x08, 0x00, 0x18, 0x00, 0x28, 0x00, 0x00, 0x00, 0x90, 0x01]

    private func makeLayer(handle: UInt16, role: HCIRole) -> (L2CAPFixedChannels, ATTBearer) {
        var layer = L2CAPFixedChannels(configuration: BLEHost.Configuration(), clock: ContinuousClock())
        let (transport, bearer) = layer.makeATTBearer(handle: handle)
        layer.open(handle, role: role, attTransport: transport, bearer: bearer)
        return (layer, bearer)
    }

    /// One action in words, for comparing (the ATT action holds a bearer).
    private func describe(_ actions: [L2CAPFixedChannels.Action], bearer: ATTBearer? = nil) -> [String] {
        actions.map { action in
            switch action {
            case .att(let target, let payload): "att \(target === bearer ? "bearer" : "other") \(payload)"
            case .securityManager(let payload): "smp \(payload)"
            case .send(let channel, let payload): "send \(channel) \(payload)"
            case .updateConnection(let parameters): "update \(parameters)"
            case .log(let line): "log \(line.level)"
            }
        }
    }

    @Test func dispatchesEachFixedChannel() {
        var (layer, bearer) = makeLayer(handle: 0x40, role: .central)
        #expect(describe(layer.receive(L2CAPBasicFrame(channelID: .att, payload: [0x0A, 0x01, 0x00]), on: 0x40), bearer: bearer) == [
            "att bearer [10, 1, 0]"
        ])
        #expect(describe(layer.receive(L2CAPBasicFrame(channelID: .leSignaling, payload: Self.updateRequest), on: 0x40)) == [
            "send LE signaling (0x0005) [19, 7, 2, 0, 0, 0]",
            "log info",
            "update \(ConnectionParameters(intervalMin: 24, intervalMax: 40, latency: 0, supervisionTimeout: 400))",
        ])
        #expect(describe(layer.receive(L2CAPBasicFrame(channelID: .securityManager, payload: [0x01, 0x03]), on: 0x40)) == ["smp [1, 3]"])
        #expect(describe(layer.receive(L2CAPBasicFrame(channelID: L2CAPChannelID(rawValue: 0x0040), payload: [1]), on: 0x40)) == ["log warning"])
        #expect(layer.receive(L2CAPBasicFrame(channelID: .att, payload: [0x0A]), on: 0x41).isEmpty, "no such connection")
    }

    @Test func aParameterUpdateRequestIsAnswered() async throws {
        var (layer, _) = makeLayer(handle: 0x40, role: .peripheral)
        let (identifier, payload) = try layer.requestParameterUpdate(.default, on: 0x40)
        #expect(try L2CAPSignalingPacket(decoding: payload).code == .connectionParameterUpdateRequest)
        let answer = await withCheckedContinuation { (continuation: CheckedContinuation<Result<Bool, HostError>, Never>) in
            layer.awaitResponse(on: 0x40, identifier: identifier, continuation: continuation)
            let actions = layer.receive(L2CAPBasicFrame(channelID: .leSignaling, payload: [0x13, identifier, 0x02, 0x00, 0x01, 0x00]), on: 0x40)
            #expect(actions.isEmpty)
        }
        #expect(answer == .success(false), "the central rejected it")
        let error = HostError(.commandTimeout, "late")
        let timedOut = layer.requestTimedOut(on: 0x40, identifier: identifier, error: error)
        #expect(!timedOut, "already answered")
    }

    @Test func closingFailsPendingRequestsAndForgetsTheConnection() async throws {
        var (layer, _) = makeLayer(handle: 0x40, role: .peripheral)
        let (identifier, _) = try layer.requestParameterUpdate(.default, on: 0x40)
        let error = HostError.disconnected(0x40, reason: .remoteUserTerminatedConnection)
        let answer = await withCheckedContinuation { (continuation: CheckedContinuation<Result<Bool, HostError>, Never>) in
            layer.awaitResponse(on: 0x40, identifier: identifier, continuation: continuation)
            layer.close(0x40, error: error)
        }
        #expect(answer == .failure(error))
        #expect(throws: HostError.self) { try layer.requestParameterUpdate(.default, on: 0x40) }
        #expect(layer.receive(L2CAPBasicFrame(channelID: .leSignaling, payload: Self.updateRequest), on: 0x40).isEmpty)
    }

    @Test func aRequestTimesOut() async throws {
        var (layer, _) = makeLayer(handle: 0x40, role: .peripheral)
        let (identifier, _) = try layer.requestParameterUpdate(.default, on: 0x40)
        let error = HostError(.commandTimeout, "no answer")
        let answer = await withCheckedContinuation { (continuation: CheckedContinuation<Result<Bool, HostError>, Never>) in
            layer.awaitResponse(on: 0x40, identifier: identifier, continuation: continuation)
            let timedOut = layer.requestTimedOut(on: 0x40, identifier: identifier, error: error)
            #expect(timedOut)
        }
        #expect(answer == .failure(error))
        // The abandoned request's late response is ignored.
        let late = layer.receive(L2CAPBasicFrame(channelID: .leSignaling, payload: [0x13, identifier, 0x02, 0x00, 0x00, 0x00]), on: 0x40)
        #expect(describe(late) == ["log info"])
    }
}
