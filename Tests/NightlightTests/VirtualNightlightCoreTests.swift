import BLECore
import BLEGATT
import Foundation
@testable import Nightlight
@testable import NightlightSimulation
import Testing

/// The virtual SN's firmware core without a radio: time passing in steps of any size, and the
/// button rules the end-to-end tests do not reach.
@Suite struct VirtualNightlightCoreTests {
    /// A factory SN whose clock reads Monday 17 March 2025 at `hour`:00.
    static func core(at hour: Int, battery: SNBatteryModel = .standard, _ change: (inout SNDeviceState) -> Void = { _ in }) -> SNFirmwareCore {
        var state = SNDeviceState.factory
        state.clock = Double(VirtualNightlightBehaviourTests.monday(hour, 0).localSeconds!)
        change(&state)
        return SNFirmwareCore(state: state, battery: battery)
    }

    @Test func oneLongStepEndsWhereManySmallStepsDo() {
        let battery = SNBatteryModel(litDrain: 0.002, idleDrain: 0.0005, charge: 0.01)
        var whole = Self.core(at: 18, battery: battery) { $0.button.deactivationWindow = .never }
        _ = whole.press()
        var stepped = whole
        whole.advance(by: 4 * 3600 + 0.5)
        for _ in 0..<(4 * 3600) { stepped.advance(by: 1) }
        stepped.advance(by: 0.5)
        #expect(abs(whole.state.clock! - stepped.state.clock!) < 1e-6)
        #expect(abs(whole.state.batteryCharge - stepped.state.batteryCharge) < 1e-6, "\(whole.state.batteryCharge) vs \(stepped.state.batteryCharge)")
        #expect(whole.state.buttonRemaining == 0 && stepped.state.buttonRemaining == 0)
        // 18:00–18:10 button light, 19:30–22:00:00.5 schedule: 160 minutes and half a second lit, 80 minutes dark.
        #expect(abs(whole.state.batteryCharge - (100 - (160 * 60 + 0.5) * 0.002 - 80 * 60 * 0.0005)) < 1e-6)
        #expect(whole.decision.mode == .weekSchedule)
    }

    @Test func unlimitedUsesAndADisabledButton() {
        var core = Self.core(at: 20) { $0.button.dailyUsage = 0 }
        for use in 1...5 {
            #expect(core.press() == .turnOn)
            #expect(core.press() == .turnOff)
            #expect(core.state.usesToday == use)
        }
        core.apply({ $0.set(\.button.isEnabled, false) }, touchesLEDService: false)
        #expect(core.press() == .ignored(.disabled))
        #expect(core.state.usesToday == 5)
    }

    @Test func aWindowRunningPastMidnightCoversBothEnds() {
        let window = DeactivationWindow(start: 1320, end: 420)
        for (hour, ignored) in [(21, false), (22, true), (23, true), (0, true), (6, true), (7, false), (12, false)] {
            var core = Self.core(at: hour) { $0.button.deactivationWindow = window }
            #expect((core.press() == .ignored(.deactivationWindow)) == ignored, "\(hour):00")
        }
    }

    @Test func aLongTimeOffIsCaughtUpOn() {
        var core = Self.core(at: 12) {
            $0.isPluggedIn = true
            $0.temporarySchedule = TemporaryDaySchedule(remainingDays: 30, periods: [])
            $0.usesToday = 2
        }
        let start = core.state.clock!
        core.advance(by: VirtualNightlight.maximumCatchUp)
        #expect(abs(core.state.clock! - start - VirtualNightlight.maximumCatchUp) < 0.5)
        #expect(core.state.batteryCharge == 100 && core.state.temporarySchedule == .inactive && core.state.usesToday == 0)
    }

    @Test func controlPointRequestsAreAnsweredInOrderAndActivationRestarts() throws {
        var core = Self.core(at: 12)
        let image = FirmwareImage.testImage(version: "2.1.0", payloadSize: 100).encode()
        core.controlPoint(FirmwareControlRequest.start(image).encode())
        core.firmwareData(FirmwareDataPacket(offset: 0, data: Array(image.prefix(60))).encode())
        core.firmwareData(FirmwareDataPacket(offset: 60, data: Array(image.dropFirst(60))).encode())
        core.firmwareData([1, 2])  // too short for an offset: dropped
        core.controlPoint([0x03])
        core.controlPoint([0x04])
        core.controlPoint([0x02])
        let collected = core.collect(savedAt: 0)
        let output = try #require(collected)
        let answers = try output.notifications.filter { $0.uuid == SNUUID.firmwareControlPoint }.map { try FirmwareControlResponse(bytes: $0.value) }
        #expect(answers == [.start(offset: 0), .validate, .activate, .failure(request: .query, status: .busy)])
        #expect(output.restart == .activation && output.save?.state.firmwareVersion == "2.1.0")
    }
}
