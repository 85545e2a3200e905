import BLECore
import BLEHCI
import BLETesting
import Testing
@testable import BLEVirtual
@testable import BLESimulation

/// Two (or more) virtual controllers on one link driven by a manual clock, each with a raw
/// HCI test host: the fixture of the controller tests.
struct VirtualWorld {
    let clock = ManualClock()
    let link: VirtualLink
    let central: VirtualController
    let peripheral: VirtualController
    let centralHost: HCITestHost
    let peripheralHost: HCITestHost

    static let centralAddress = address("00:1B:DC:00:00:01")
    static let peripheralAddress = address("00:1B:DC:00:00:02")
    static let randomAddress = address("C3:11:22:33:44:55", random: true)

    /// 100 ms in 0.625 ms slots.
    static let advertisingInterval: UInt16 = 0x00A0
    static let advertisingIntervalDuration = Duration.milliseconds(100)

    static func address(_ text: String, random: Bool = false) -> DeviceAddress {
        do { return try DeviceAddress(parsing: text, isRandom: random) } catch { fatalError("\(error)") }
    }

    init(
        central: VirtualControllerConfiguration = VirtualControllerConfiguration(publicAddress: Self.centralAddress, name: "central"),
        peripheral: VirtualControllerConfiguration = VirtualControllerConfiguration(publicAddress: Self.peripheralAddress, name: "peripheral"),
        powerOn: Bool = true
    ) async throws {
        link = VirtualLink(clock: clock, seed: 42)
        self.central = VirtualController(configuration: central)
        self.peripheral = VirtualController(configuration: peripheral)
        link.attach(self.central)
        link.attach(self.peripheral)
        centralHost = await HCITestHost.start(self.central.hostTransport)
        peripheralHost = await HCITestHost.start(self.peripheral.hostTransport)
        if powerOn {
            try await centralHost.powerOn()
            try await peripheralHost.powerOn()
        }
    }

    /// Lets one advertising interval pass once the advertiser's timer is waiting.
    func tick(_ duration: Duration = VirtualWorld.advertisingIntervalDuration) async {
        #expect(await clock.waitForSleepers(count: 1))
        clock.advance(by: duration)
    }

    /// Waits until the advertiser's last event is over (its timer waits again) and `controllers`
    /// have handled everything it sent them: after this, whatever that event caused is on the
    /// host transports.
    func settle(_ controllers: VirtualController...) async {
        #expect(await clock.waitForSleepers(count: 1))
        for controller in controllers { await controller.waitUntilIdle() }
    }

    /// Configures and enables advertising on `host`.
    func advertise(
        _ host: HCITestHost,
        type: HCILEAdvertisingType = .advInd,
        data: [UInt8] = VirtualWorld.advertisingData,
        scanResponse: [UInt8] = VirtualWorld.scanResponseData,
        ownAddressType: HCIOwnAddressType = .public,
        directedTo: DeviceAddress = VirtualController.zeroAddress
    ) async throws {
        #expect(try await host.complete(HCILESetAdvertisingParameters(
            advertisingIntervalMin: Self.advertisingInterval, advertisingIntervalMax: Self.advertisingInterval,
            advertisingType: type, ownAddressType: ownAddressType, peerAddressType: directedTo.hciAddressType,
            peerAddress: directedTo
        )).status == .success)
        #expect(try await host.complete(HCILESetAdvertisingData(advertisingData: data)).status == .success)
        #expect(try await host.complete(HCILESetScanResponseData(scanResponseData: scanResponse)).status == .success)
        #expect(try await host.complete(HCILESetAdvertisingEnable(enable: true)).status == .success)
    }

    /// Configures and enables scanning on `host`.
    func scan(_ host: HCITestHost, active: Bool, filterDuplicates: Bool = false) async throws {
        #expect(try await host.complete(HCILESetScanParameters(
            leScanType: active ? .active : .passive, leScanInterval: 0x0010, leScanWindow: 0x0010, ownAddressType: .public
        )).status == .success)
        #expect(try await host.complete(HCILESetScanEnable(enable: true, filterDuplicates: filterDuplicates)).status == .success)
    }

    /// The create-connection command for the peripheral: 30 ms interval, 4 s timeout.
    static func createConnection(to address: DeviceAddress = VirtualWorld.peripheralAddress) -> HCILECreateConnection {
        HCILECreateConnection(
            leScanInterval: 0x0060, leScanWindow: 0x0030, peerAddressType: address.hciAddressType, peerAddress: address,
            ownAddressType: .public, connectionIntervalMin: 0x0018, connectionIntervalMax: 0x0028, maxLatency: 0,
            supervisionTimeout: 0x0190
        )
    }

    /// Connects the central to the advertising peripheral; returns both LE Connection Complete events.
    @discardableResult
    func connect() async throws -> (central: HCILEConnectionComplete, peripheral: HCILEConnectionComplete) {
        try await advertise(peripheralHost)
        #expect(try await centralHost.status(Self.createConnection()) == .success)
        await tick()
        let central = try await centralHost.nextEvent("LE Connection Complete") { event in
            if case .leMeta(.connectionComplete(let complete)) = event { return complete }
            return nil
        }
        let peripheral = try await peripheralHost.nextEvent("LE Connection Complete") { event in
            if case .leMeta(.connectionComplete(let complete)) = event { return complete }
            return nil
        }
        return (central, peripheral)
    }

    /// `02 01 06` flags, `09 'V' 'L'` complete local name.
    static let advertisingData: [UInt8] = [0x02, 0x01, 0x06, 0x03, 0x09, 0x56, 0x4C]
    /// `05 09 'S' 'c' 'a' 'n'`.
    static let scanResponseData: [UInt8] = [0x05, 0x09, 0x53, 0x63, 0x61, 0x6E]
}

/// Matches a Disconnection Complete.
@Sendable func disconnectionComplete(_ event: HCIEvent) -> HCIDisconnectionComplete? {
    if case .disconnectionComplete(let complete) = event { return complete }
    return nil
}

/// Matches a Number Of Completed Packets.
@Sendable func numberOfCompletedPackets(_ event: HCIEvent) -> HCINumberOfCompletedPackets? {
    if case .numberOfCompletedPackets(let completed) = event { return completed }
    return nil
}
