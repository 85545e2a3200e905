import BLECore
import BLESimulation
import BLEVirtual
import Testing
@testable import BLEProfiles
@testable import BLEProfilesSimulation

/// What `ble simulate` can do to each seed device from its standard input (the devices'
/// ``VirtualDeviceAction``s).
@Suite(.timeLimit(.minutes(1)))
struct SeedDeviceActionsTests {
    static func perform(_ line: String, on device: any VirtualDevice, kind: String) async throws -> String {
        let console = VirtualDeviceConsole([.init(kind: kind, device: device)])
        guard case .performed(_, _, let result) = try await console.perform(line) else {
            Issue.record("'\(line)' did nothing")
            return ""
        }
        return result
    }

    static func refusal(_ line: String, on device: any VirtualDevice) async -> String? {
        do {
            _ = try await VirtualDeviceConsole([.init(kind: "device", device: device)]).perform(line)
            return nil
        } catch {
            return (error as? VirtualError)?.message ?? "\(error)"
        }
    }

    @Test func theBeansSketchSetsABankAndTheSubscribedCentralIsNotified() async throws {
        try await ProfileWorld<VirtualBean>().closing { bench in
            let bean = try await bench.connect()
            #expect(try await Self.perform("scratch 3 0a0b0c", on: bench.device, kind: "bean") == "the sketch set scratch bank 3 to 0a0b0c (no central subscribed)")
            var updates = try await bean.scratchUpdates(try ScratchBank(2)).makeAsyncIterator()
            #expect(try await Self.perform("bean scratch 2 cafe", on: bench.device, kind: "bean") == "the sketch set scratch bank 2 to cafe (notified)")
            #expect(try await updates.next() == [0xCA, 0xFE])
            #expect(try await Self.perform("scratch 2 -", on: bench.device, kind: "bean") == "the sketch set scratch bank 2 to nothing (notified)")
            #expect(try await updates.next() == [])
            #expect(try await bean.readScratch(try ScratchBank(3)) == [0x0A, 0x0B, 0x0C])

            #expect(await Self.refusal("scratch 6 00", on: bench.device) == "BANK must be a whole number 1…5, not '6'")
            #expect(await Self.refusal("scratch 1 0g", on: bench.device) == "HEX must be hexadecimal bytes (e.g. 0a0b0c, or - for none), not '0g'")
            #expect(await Self.refusal("scratch 1 " + String(repeating: "00", count: 21), on: bench.device) == "scratch bank 1 holds at most 20 bytes, not 21")
            #expect(await Self.refusal("scratch 1", on: bench.device) == "scratch takes BANK HEX, not '1'; usage: scratch BANK HEX")
            #expect(try await bean.readScratch(.one) == [], "nothing refused reached bank 1")
        }
    }

    @Test func aBeanThatIsNotRunningRefusesTheSketchsWrite() async throws {
        let bean = try VirtualBean()
        #expect(await Self.refusal("scratch 1 01", on: bean) == "Bean is not running; add it to a world first")
    }

    @Test func theMiBandsWearerWalksAndTaps() async throws {
        let band = try VirtualMiBand2()
        let before = await band.status().activity.steps
        #expect(try await Self.perform("walk 120", on: band, kind: "miband") == "walked 120 steps: \(before + 120) in all today")
        #expect(try await Self.perform("walk 5", on: band, kind: "miband") == "walked 5 steps: \(before + 125) in all today")
        #expect(try await Self.perform("tap", on: band, kind: "miband") == "tapped: no pairing was waiting")
        #expect(try await Self.perform("forget-key", on: band, kind: "miband") == "the key is forgotten: the next app must pair (tap) again")
        #expect(await Self.refusal("walk 0", on: band) == "STEPS must be a whole number 1…100000, not '0'")
        #expect(await Self.refusal("tap twice", on: band) == "tap takes no arguments, not 'twice'; usage: tap")
        #expect(await band.status().activity.steps == before + 125)
    }

    @Test func theSensorTagsKeysAreHeld() throws {
        let cases: [(String, SensorTagKeys)] = [("left", .left), ("right", .right), ("LEFT+right", [.left, .right]), ("side", .side), ("none", [])]
        for (word, keys) in cases {
            #expect(try VirtualSensorTag.keys(word) == keys, "\(word)")
        }
    }

    @Test func theSensorTagsKeysAction() async throws {
        let tag = try VirtualSensorTag()
        #expect(try await Self.perform("keys left+right", on: tag, kind: "sensortag") == "holding left + right (notified)")
        #expect(try await Self.perform("keys auto", on: tag, kind: "sensortag") == "the simulated user presses the keys again")
        for wrong in ["up", "left+", "+", ""] {
            #expect(throws: VirtualError.self) { try VirtualSensorTag.keys(wrong) }
        }
        #expect(await Self.refusal("keys middle", on: tag) == "KEYS must be left, right, side (joined with +, e.g. left+right), none or auto, not 'middle'")
    }

    @Test func theBulbOnlyAnswersItsRadio() async throws {
        let bulb = try VirtualColorBulb()
        #expect(bulb.actions.isEmpty)
        #expect(await Self.refusal("color ff0000", on: bulb) == "Colorific has no action 'color'; it has no actions (it only answers its radio)")
    }
}
