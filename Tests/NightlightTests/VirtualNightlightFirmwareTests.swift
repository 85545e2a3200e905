import BLECore
import BLEGATT
import BLEHost
import BLESimulation
import BLEVirtual
import Testing
@testable import Nightlight
@testable import NightlightSimulation

/// The virtual SN's firmware update (SN profile §7, §7.1): transfers resumed after link losses at
/// several points, activation into the new version, and images it refuses (malformed, unsigned,
/// or whose signature does not verify with its vendor key) while the old firmware keeps running.
@Suite(.timeLimit(.minutes(1)))
struct VirtualNightlightFirmwareTests {
    /// A central updating the SN: Control Point indications on, a large ATT_MTU.
    struct Updater {
        let peer: VirtualNightlightPeer
        var indications: GATTClient.ValueStream.AsyncIterator

        static func connect(_ sn: VirtualNightlightWorld) async throws -> Updater {
            let peer = try await sn.connect()
            _ = try await peer.client.exchangeMTU()
            return Updater(peer: peer, indications: try await peer.subscribe(SNUUID.firmwareControlPoint, indicate: true))
        }

        /// Writes a request and returns the indication that answers it.
        mutating func request(_ request: FirmwareControlRequest) async throws -> FirmwareControlResponse {
            try await requestBytes(request.encode())
        }

        mutating func requestBytes(_ bytes: [UInt8]) async throws -> FirmwareControlResponse {
            try await peer.write(SNUUID.firmwareControlPoint, bytes)
            return try FirmwareControlResponse(bytes: try #require(try await indications.next()))
        }

        /// Sends `image[range]` in Data packets as large as the MTU allows, and at most 512 bytes
        /// (the longest attribute value, Core 5.4, Vol 3, Part F, 3.2.9): an MTU of 515 at most.
        func send(_ image: [UInt8], _ range: Range<Int>) async throws {
            let data = try peer.handle(SNUUID.firmwareData)
            let mtu = min(Int(await peer.client.mtu), GATTAttributeDatabase.maximumValueLength + 3)
            for packet in FirmwareDataPacket.packets(for: Array(image[..<range.upperBound]), from: range.lowerBound, mtu: mtu) {
                try await peer.client.writeWithoutResponse(handle: data, value: packet.encode())
            }
        }
    }

    static let image = FirmwareImage.testImage(version: "1.1.0", payloadSize: 3000)

    @Test func aTransferResumesAfterLinkLossesAtSeveralPointsAndActivationRestartsIntoTheNewVersion() async throws {
        try await VirtualNightlightWorld.with { sn in
            let bytes = Self.image.encode()
            let start = FirmwareControlRequest.start(bytes)
            var updater = try await Updater.connect(sn)
            #expect(try await updater.peer.read(SNUUID.firmwareRevision) == Array("1.0.0".utf8))
            #expect(try await updater.request(start) == .start(offset: 0))

            // Lost right after Start.
            try await sn.loseLink()
            updater = try await Updater.connect(sn)
            #expect(try await updater.request(start) == .start(offset: 0))
            try await updater.send(bytes, 0..<1000)
            #expect(try await updater.request(.query) == .query(offset: 1000, crc: CRC32.checksum(bytes.prefix(1000))))
            try await updater.peer.client.writeWithoutResponse(handle: try updater.peer.handle(SNUUID.firmwareData),
                                                               value: FirmwareDataPacket(offset: 1200, data: [1, 2, 3]).encode())
            #expect(try await updater.request(.query) == .query(offset: 1000, crc: CRC32.checksum(bytes.prefix(1000))), "a packet at the wrong offset is dropped")

            // Lost in the middle.
            try await sn.loseLink()
            updater = try await Updater.connect(sn)
            #expect(try await updater.request(start) == .start(offset: 1000), "resumed")
            try await updater.send(bytes, 1000..<2500)
            #expect(try await updater.request(.query) == .query(offset: 2500, crc: CRC32.checksum(bytes.prefix(2500))))
            #expect(try await sn.nightlight.status().firmwareBytesReceived == 2500)

            // Lost after the last byte, then after Validate.
            try await sn.loseLink()
            updater = try await Updater.connect(sn)
            #expect(try await updater.request(start) == .start(offset: 2500))
            try await updater.send(bytes, 2500..<bytes.count)
            #expect(try await updater.request(.query) == .query(offset: UInt32(bytes.count), crc: Self.image.crc32))
            try await sn.loseLink()
            updater = try await Updater.connect(sn)
            #expect(try await updater.request(start) == .start(offset: UInt32(bytes.count)))
            #expect(try await updater.request(.validate) == .validate)
            try await sn.loseLink()
            updater = try await Updater.connect(sn)
            #expect(try await updater.request(start) == .start(offset: UInt32(bytes.count)))
            #expect(try await updater.request(.validate) == .validate)
            #expect(try await sn.nightlight.status().firmwareVersion == "1.0.0", "not before Activate")

            #expect(try await updater.request(.activate) == .activate)
            #expect(try await sn.eventually { !updater.peer.connection.isConnected }, "activation restarts the SN")
            let restarted = try await sn.connect()
            #expect(try await restarted.read(SNUUID.firmwareRevision) == Array("1.1.0".utf8))
            #expect(try await sn.nightlight.status().firmwareVersion == "1.1.0")
            #expect(try await sn.nightlight.status().firmwareBytesReceived == 0)
        }
    }

    /// Images the SN rejects at Validate, and why.
    static let corrupt: [(bytes: [UInt8], start: FirmwareControlRequest?, status: FirmwareStatus, why: String)] = {
        let good = image.encode()
        var badMagic = good
        badMagic[3] = UInt8(ascii: "X")
        var badLength = good
        badLength[4 + 1 + 1 + 4 + 1 + 5] &+= 1  // payload length's low byte
        return [
            (FirmwareImage.testImage(version: "2.0.0", payloadSize: 500, model: "SN-2").encode(), nil, .imageRejected, "another model"),
            (badMagic, nil, .imageRejected, "magic SNFX"),
            (badLength, nil, .imageRejected, "payload length does not match"),
            (good, .start(size: UInt32(good.count), crc: CRC32.checksum(good) ^ 1), .crcMismatch, "CRC differs from Start's"),
        ]
    }()

    @Test func aCorruptImageIsRejectedAndTheOldFirmwareKeepsRunning() async throws {
        try await VirtualNightlightWorld.with { sn in
            var updater = try await Updater.connect(sn)
            for corrupt in Self.corrupt {
                #expect(try await updater.request(corrupt.start ?? .start(corrupt.bytes)) == .start(offset: 0), "\(corrupt.why)")
                try await updater.send(corrupt.bytes, 0..<corrupt.bytes.count)
                #expect(try await updater.request(.validate) == .failure(request: .validate, status: corrupt.status), "\(corrupt.why)")
                #expect(try await updater.request(.activate) == .failure(request: .activate, status: .invalidState), "\(corrupt.why): nothing to activate")
                #expect(try await updater.request(.query) == .failure(request: .query, status: .invalidState), "\(corrupt.why): the transfer was discarded")
            }
            #expect(try await updater.peer.read(SNUUID.firmwareRevision) == Array("1.0.0".utf8))
            #expect(updater.peer.connection.isConnected, "no restart")
            #expect(try await updater.peer.activeState() == ActiveState.idle, "the old firmware still runs")
        }
    }

    /// Sends `bytes` whole (Start with their size and CRC-32, Data) and returns the Validate answer.
    static func transferAndValidate(_ bytes: [UInt8], _ updater: inout Updater) async throws -> FirmwareControlResponse {
        #expect(try await updater.request(.start(bytes)) == .start(offset: 0))
        try await updater.send(bytes, 0..<bytes.count)
        #expect(try await updater.request(.query) == .query(offset: UInt32(bytes.count), crc: CRC32.checksum(bytes)), "all received")
        return try await updater.request(.validate)
    }

    /// Activates what was validated and checks the SN restarts into `version`.
    static func activate(_ updater: Updater, _ sn: VirtualNightlightWorld, expecting version: String) async throws {
        var updater = updater
        #expect(try await updater.request(.activate) == .activate)
        #expect(try await sn.eventually { !updater.peer.connection.isConnected }, "activation restarts the SN")
        let restarted = try await sn.connect()
        #expect(try await restarted.read(SNUUID.firmwareRevision) == Array(version.utf8))
        #expect(try await sn.nightlight.status().firmwareVersion == version)
    }

    @Test func anImageSignedWithTheTestVendorKeyVerifiesAndActivates() async throws {
        try await VirtualNightlightWorld.with { sn in
            #expect(sn.nightlight.vendorKey == .testVendor, "a virtual SN holds the test vendor key by default")
            var updater = try await Updater.connect(sn)
            let image = FirmwareImage.testImage(version: "1.1.0", payloadSize: 2000)
            #expect(image.headerVersion == 2 && image.isSignatureValid(for: .testVendor))
            #expect(try await Self.transferAndValidate(image.encode(), &updater) == .validate)
            try await Self.activate(updater, sn, expecting: "1.1.0")
        }
    }

    /// Images whose signature a SN holding the test vendor key refuses (§7.1), and why.
    static let badlySigned: [(bytes: [UInt8], why: String)] = {
        let image = FirmwareImage.testImage(version: "1.1.0", payloadSize: 1500)
        let good = image.encode()
        var flipped = good
        flipped[good.count - 64 + 20] ^= 0x08
        var changed = good
        changed[image.headerByteCount + 100] ^= 0x01
        let otherKey = FirmwareImage.testImage(version: "1.1.0", payloadSize: 1500, signingKey: .generate())
        return [
            (FirmwareImage.unsigned(version: "1.1.0", payload: image.payload).encode(), "header version 1 (unsigned)"),
            (image.signedBytes, "version 2 without a signature"),
            (flipped, "one bit of the signature flipped"),
            (changed, "one bit of the payload flipped after signing"),
            (otherKey.encode(), "a valid signature from another key"),
            (Array(good.dropLast(10)), "signature truncated to 54 bytes"),
            (Array(good.dropLast(64)) + [0], "signature truncated to 1 byte"),
        ]
    }()

    @Test func unsignedOrBadlySignedImagesAreRejectedAndTheOldFirmwareKeepsRunning() async throws {
        try await VirtualNightlightWorld.with { sn in
            var updater = try await Updater.connect(sn)
            for bad in Self.badlySigned {
                #expect(try await Self.transferAndValidate(bad.bytes, &updater) == .failure(request: .validate, status: .imageRejected), "\(bad.why)")
                #expect(try await updater.request(.activate) == .failure(request: .activate, status: .invalidState), "\(bad.why): nothing to activate")
                #expect(try await updater.request(.query) == .failure(request: .query, status: .invalidState), "\(bad.why): the transfer was discarded")
            }
            #expect(try await updater.peer.read(SNUUID.firmwareRevision) == Array("1.0.0".utf8))
            #expect(try await sn.nightlight.status().firmwareVersion == "1.0.0")
            #expect(updater.peer.connection.isConnected, "no restart")
        }
    }

    @Test func aSNHoldingAnotherVendorKeyTakesThatKeysImagesOnly() async throws {
        let vendor = FirmwareSigningKey.generate()
        try await VirtualNightlightWorld.with([try VirtualNightlight(index: 0, vendorKey: vendor.publicKey)]) { sn in
            var updater = try await Updater.connect(sn)
            let testSigned = FirmwareImage.testImage(version: "1.3.0", payloadSize: 800)
            #expect(try await Self.transferAndValidate(testSigned.encode(), &updater) == .failure(request: .validate, status: .imageRejected),
                    "the test vendor key means nothing to it")
            let vendorSigned = FirmwareImage.testImage(version: "1.2.0", payloadSize: 800, signingKey: vendor)
            #expect(try await Self.transferAndValidate(vendorSigned.encode(), &updater) == .validate)
            try await Self.activate(updater, sn, expecting: "1.2.0")
        }
    }

    @Test func requestsOutOfTurnOrMalformedAreAnswered() async throws {
        try await VirtualNightlightWorld.with { sn in
            var updater = try await Updater.connect(sn)
            let answers: [([UInt8], FirmwareControlResponse)] = [
                ([0x03], .failure(request: .validate, status: .invalidState)),
                ([0x02], .failure(request: .query, status: .invalidState)),
                ([0x04], .failure(request: .activate, status: .invalidState)),
                (FirmwareControlRequest.start(size: 0, crc: 0).encode(), .failure(request: .start, status: .invalidParameter)),
                (FirmwareControlRequest.start(size: UInt32(FirmwareImage.maximumByteCount + 1), crc: 0).encode(), .failure(request: .start, status: .invalidParameter)),
                ([0x01, 0x10], .failure(request: .start, status: .invalidParameter)),
                ([0x09], .failure(request: FirmwareOpcode(rawValue: 0x09), status: .invalidParameter)),
                (FirmwareControlRequest.start(size: 100, crc: 7).encode(), .start(offset: 0)),
                ([0x03], .failure(request: .validate, status: .invalidState)),
                ([0x05], .abort),
                ([0x02], .failure(request: .query, status: .invalidState)),
                (FirmwareControlRequest.start(size: 100, crc: 7).encode(), .start(offset: 0)),
            ]
            for (request, answer) in answers {
                #expect(try await updater.requestBytes(request) == answer, "\(request.hexString)")
            }
        }
    }
}
