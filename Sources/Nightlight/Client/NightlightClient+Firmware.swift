import BLE
import BLECore

/// Where a firmware update is (``NightlightClient/updateFirmware(_:maximumResumes:progress:)``).
public struct FirmwareUpdateProgress: Sendable, Hashable, CustomStringConvertible {
    /// The step.
    public enum Phase: String, Sendable, Hashable, Codable {
        /// Start sent; the SN says how much it already has.
        case starting
        /// Image bytes are being sent.
        case sending
        /// The link was lost; reconnecting to resume.
        case resuming
        /// The SN checks the image's CRC and header.
        case validating
        /// The SN restarts into the new image.
        case activating
        /// Reconnected; checking the SN runs the new version.
        case verifying
        /// The new version runs.
        case done
    }

    /// The step.
    public var phase: Phase
    /// Image bytes the SN has.
    public var sent: Int
    /// The image's size.
    public var total: Int
    /// Resumes so far.
    public var resumes: Int

    /// Percent of the image the SN has.
    public var percent: Double { total == 0 ? 100 : Double(sent) * 100 / Double(total) }

    /// `sending 12345/40960 bytes (30 %)`.
    public var description: String {
        "\(phase.rawValue) \(sent)/\(total) bytes (\(Int(percent)) %)" + (resumes > 0 ? ", resumed \(resumes)×" : "")
    }
}

extension NightlightClient {
    /// Packets sent between two Query checks of the SN's offset.
    static let packetsPerQuery = 64

    /// Updates the SN's firmware (§7): Start (resuming what the SN already has), Data writes
    /// checked with Query, Validate, Activate; then waits for the SN to restart, reconnects and
    /// checks that Firmware Revision shows the image's version. A link lost during the transfer
    /// or the validation resumes (up to `maximumResumes` times) from what the SN received. The
    /// client asks where the SN is (Query) every ``packetsPerQuery`` packets while it goes on
    /// sending, so the link stays busy while the answer comes back.
    ///
    /// - Returns: the version now running.
    /// `image` must be signed (§7.1; ``FirmwareImage/isSigned``): an unsigned one is refused
    /// before anything is sent. Whether its signature verifies is the SN's to say, with the
    /// vendor key it holds: one that does not is rejected at Validate (status 4).
    ///
    /// - Throws: ``NightlightError/Code/invalidValue`` for an image that is unsigned or breaks a
    ///   rule of the format (nothing sent); ``NightlightError/Code/firmwareUpdate`` naming the
    ///   step and the SN's status (CRC mismatch, image rejected — the old firmware then keeps
    ///   running), or the Bluetooth failure that outlasted the resumes.
    @discardableResult
    public func updateFirmware(
        _ image: FirmwareImage,
        maximumResumes: Int = 5,
        progress: @escaping @Sendable (FirmwareUpdateProgress) -> Void = { _ in }
    ) async throws(NightlightError) -> String {
        // Checked before anything is sent: an unsigned image (header version 1, or no signature)
        // is refused here already, though the SN stays the authority on the signature.
        do {
            try image.validate()
        } catch {
            throw .invalid(error, "the firmware image was not sent to \(peripheral)")
        }
        let bytes = image.encode()
        // Taken once: Start announces it, and the last Query is checked against it.
        let imageCRC = CRC32.checksum(bytes)
        var state = FirmwareUpdateProgress(phase: .starting, sent: 0, total: bytes.count, resumes: 0)
        // A link lost during the transfer or the validation resumes: Start on the new link
        // learns what the SN has (all of it, when only Validate was cut off).
        var control: ControlPoint
        while true {
            do {
                try await transfer(bytes, crc: imageCRC, state: &state, progress: progress)
                state.phase = .validating
                progress(state)
                control = try await controlPoint()
                try await expect(.validate, from: control, "validating the image")
                break
            } catch let error where error.code == .bluetooth && state.resumes < maximumResumes && Self.isLinkLoss(error) {
                state.resumes += 1
                state.phase = .resuming
                progress(state)
                try await reconnect(attempts: 5)
            }
        }
        state.phase = .activating
        progress(state)
        try await expect(.activate, from: control, "activating the image")
        var running = ""
        for check in 1...2 {
            // The SN restarts: it disconnects, then advertises again with the new image. A link
            // lost just before that restart looks the same, and the SN is then found still
            // running the old image with its restart to come: wait for it once more.
            _ = await peripheral.waitForDisconnection(within: .seconds(10))
            if check == 1 {
                state.phase = .verifying
                progress(state)
            }
            try await reconnect(attempts: 10)
            running = try await read(.firmwareRevision)
            if running == image.version { break }
        }
        guard running == image.version else {
            throw NightlightError(.firmwareUpdate, "after the update \(peripheral) runs \(running), not \(image.version); the image was not taken")
        }
        state.phase = .done
        progress(state)
        return running
    }

    /// One attempt: Start (learning the resume offset), then the data from there. `imageCRC` is
    /// the CRC-32 of `bytes`.
    private func transfer(_ bytes: [UInt8], crc imageCRC: UInt32, state: inout FirmwareUpdateProgress, progress: @Sendable (FirmwareUpdateProgress) -> Void) async throws(NightlightError) {
        let control = try await controlPoint()
        state.phase = .starting
        progress(state)
        let start = FirmwareControlRequest.start(size: UInt32(truncatingIfNeeded: bytes.count), crc: imageCRC)
        let started = try await request(start, on: control, "starting the transfer")
        guard case .start(let resumeOffset) = started, Int(resumeOffset) <= bytes.count else {
            throw NightlightError(.firmwareUpdate, "starting the transfer: unexpected answer \(started)")
        }
        var offset = Int(resumeOffset)
        state.phase = .sending
        state.sent = offset
        progress(state)
        let data = try characteristic(SNUUID.firmwareData, "Firmware Data")
        let mtu: Int
        do {
            mtu = try await peripheral.mtu
        } catch {
            throw .bluetooth(error, "sending the image")
        }
        let chunk = FirmwareDataPacket.maximumDataLength(mtu: mtu)
        var position = offset
        var stalls = 0
        while true {
            // Ask where the SN is while the next window goes out: the Query lands after the
            // packets already sent (and somewhere among the new ones), so the link never drains
            // while the answer travels. Its offset is where the SN is; a write the SN dropped
            // (its offset was not what the SN had) shows as an offset behind what was sent, and
            // the next window starts from there.
            let windowStart = position
            async let windowEnd = Self.send(bytes, from: windowStart, chunk: chunk, to: data)
            let answer = try await request(.query, on: control, "checking the transfer")
            let sentTo: Int
            do {
                sentTo = try await windowEnd
            } catch let error as NightlightError {
                throw error
            } catch {
                throw NightlightError(.bluetooth, "sending the image: \(error)")
            }
            guard case .query(let received, let crc) = answer, Int(received) <= bytes.count else {
                throw NightlightError(.firmwareUpdate, "checking the transfer: unexpected answer \(answer)")
            }
            if Int(received) == bytes.count {
                if crc != imageCRC {
                    throw NightlightError(.firmwareUpdate, "the SN received the image with CRC 0x\(String(crc, radix: 16)), not 0x\(String(imageCRC, radix: 16)); start again")
                }
                state.sent = bytes.count
                progress(state)
                return
            }
            if Int(received) <= offset {
                // No progress this round: the SN drops our writes. A few rounds of that end the
                // attempt instead of sending forever.
                stalls += 1
                if stalls >= 3 {
                    throw NightlightError(.firmwareUpdate, "the SN takes no image data (it stays at \(received) of \(bytes.count) bytes after \(stalls) rounds); abort and start again")
                }
            } else {
                stalls = 0
            }
            offset = Int(received)
            // Behind what was sent before this window: resend from where the SN is.
            position = offset < windowStart ? offset : sentTo
            state.sent = offset
            progress(state)
        }
    }

    /// Sends up to ``packetsPerQuery`` Data writes of `bytes` from `position`; returns where the
    /// next one would start.
    private static func send(
        _ bytes: [UInt8], from position: Int, chunk: Int, to data: Characteristic
    ) async throws(NightlightError) -> Int {
        var position = position
        for _ in 0..<packetsPerQuery where position < bytes.count {
            let end = min(position + chunk, bytes.count)
            let packet = FirmwareDataPacket.encode(offset: UInt32(position), data: bytes[position..<end])
            do {
                try await data.write(packet, type: .withoutResponse)
            } catch {
                throw .bluetooth(error, "sending the image at offset \(position)")
            }
            position = end
        }
        return position
    }

    /// The Control Point with its indications subscribed: one per connection, used by one task.
    final class ControlPoint {
        let characteristic: Characteristic
        var responses: AsyncThrowingStream<[UInt8], any Error>.AsyncIterator

        init(characteristic: Characteristic, responses: AsyncThrowingStream<[UInt8], any Error>) {
            self.characteristic = characteristic
            self.responses = responses.makeAsyncIterator()
        }
    }

    private func controlPoint() async throws(NightlightError) -> ControlPoint {
        let characteristic = try characteristic(SNUUID.firmwareControlPoint, "Firmware Control Point")
        do {
            return ControlPoint(characteristic: characteristic, responses: try await characteristic.subscribe(indicate: true))
        } catch {
            throw .bluetooth(error, "enabling Firmware Control Point indications")
        }
    }

    /// Writes `request` and waits for its indication (at most 30 s); a status other than
    /// success throws, naming `what` and the status.
    private func request(_ request: FirmwareControlRequest, on control: ControlPoint, _ what: String) async throws(NightlightError) -> FirmwareControlResponse {
        do {
            try await control.characteristic.write(request.encode(), type: .withResponse)
        } catch {
            throw .bluetooth(error, what)
        }
        while true {
            let bytes: [UInt8]?
            do {
                bytes = try await control.responses.next()
            } catch let error as BLEError {
                throw .bluetooth(error, what)
            } catch {
                throw NightlightError(.bluetooth, "\(what): \(error)")
            }
            guard let bytes else { throw NightlightError(.bluetooth, "\(what): the indications ended (the link was lost)") }
            let response: FirmwareControlResponse
            do {
                response = try FirmwareControlResponse(bytes: bytes)
            } catch {
                throw .invalid(error, "\(what): the SN answered with an invalid indication")
            }
            guard response.request == request.opcode else { continue }
            guard response.status == .success else {
                throw NightlightError(.firmwareUpdate, "\(what): the SN answered \(response.status)\(Self.advice(response.status))")
            }
            return response
        }
    }

    /// Sends a request that has no parameters and checks its answer.
    private func expect(_ request: FirmwareControlRequest, from control: ControlPoint, _ what: String) async throws(NightlightError) {
        _ = try await self.request(request, on: control, what)
    }

    private static func advice(_ status: FirmwareStatus) -> String {
        switch status {
        case .crcMismatch: "; the image arrived damaged: update again"
        case .imageRejected:
            "; the image is not for this SN, is malformed, or is not signed with the vendor key this SN holds, and the old firmware keeps running"
        case .busy: "; try again in a moment"
        case .invalidState: "; the transfer was not in the right state: update again"
        default: ""
        }
    }

    /// Whether `error` is a lost link (worth reconnecting and resuming).
    static func isLinkLoss(_ error: NightlightError) -> Bool {
        guard let code = error.bleError?.code else { return error.message.contains("link was lost") }
        return code == .disconnected || code == .notConnected || code == .timedOut
    }

    /// Reconnects and rediscovers, trying `attempts` times with a growing pause.
    func reconnect(attempts: Int) async throws(NightlightError) {
        var last: NightlightError?
        for attempt in 1...max(1, attempts) {
            if attempt > 1 { try? await Task.sleep(for: .milliseconds(250 * (attempt - 1))) }
            do {
                try await connect(timeout: .seconds(5))
                return
            } catch {
                last = error
            }
        }
        throw last ?? NightlightError(.bluetooth, "could not reconnect to \(peripheral)")
    }
}

extension Peripheral {
    /// Waits until the peripheral is disconnected, or reconnecting by its policy (at most
    /// `limit`); returns whether it is.
    func waitForDisconnection(within limit: Duration) async -> Bool {
        await runWithTimeLimit(limit) { [self] in
            for await state in states() {
                switch state {
                case .disconnected, .reconnecting: return
                case .connected, .connecting, .disconnecting: continue
                }
            }
        }
    }
}
