import BLECore

extension GATTClient {
    /// Write Characteristic Value (Core 5.4, Vol 3, Part G, 4.9.3), also Write Characteristic
    /// Descriptors (4.12.3): one Write Request when the value fits in ATT_MTU − 3 bytes, else
    /// ``writeLong(handle:value:offset:)``. Values longer than 512 bytes are refused.
    public func write(handle: UInt16, value: [UInt8]) async throws(GATTError) {
        let procedure = GATTClientProcedure.writeValue
        try checkHandle(handle, procedure)
        try checkValueLength(value.count, procedure, handle: handle)
        let mtu = Int(await bearer.mtu)
        if value.count > mtu - 3 {
            try await writeLong(handle: handle, value: value)
            return
        }
        _ = try await perform(
            ATTWriteRequest(attributeHandle: handle, attributeValue: value),
            expecting: ATTWriteResponse.self,
            procedure,
            handle: handle
        )
    }

    /// Write Without Response (Core 5.4, Vol 3, Part G, 4.9.1): one Write Command, at most
    /// ATT_MTU − 3 bytes; the peer does not answer, so nothing says whether it was applied.
    public func writeWithoutResponse(handle: UInt16, value: [UInt8]) async throws(GATTError) {
        let procedure = GATTClientProcedure.writeWithoutResponse
        try checkHandle(handle, procedure)
        // One call on the bearer: this is the hot path of a stream of writes.
        switch await bearer.sendWriteCommand(handle: handle, value: value) {
        case .sent:
            return
        case .tooLong(let mtu):
            throw invalidArgument(
                "\(value.count) bytes exceed ATT_MTU − 3 = \(Int(mtu) - 3); a Write Command cannot be split",
                procedure, handle: handle
            )
        case .closed(let reason):
            throw bearerClosedError(reason, procedure, handle: handle)
        case .failed(let error):
            throw annotate(error, procedure, handle: handle, uuid: nil)
        }
    }

    /// Write Long Characteristic Values (Core 5.4, Vol 3, Part G, 4.9.4), also Write Long
    /// Characteristic Descriptors (4.12.4).
    ///
    /// Prepare Write Requests of ATT_MTU − 5 bytes each, then an Execute Write Request that writes
    /// them all. Each Prepare Write Response must echo its request; on a mismatch or any error the
    /// queue is cancelled (Execute Write with flags 0x00) and the error thrown. `offset + value`
    /// must not exceed 512 bytes.
    public func writeLong(handle: UInt16, value: [UInt8], offset: UInt16 = 0) async throws(GATTError) {
        let procedure = GATTClientProcedure.writeLong
        try checkHandle(handle, procedure)
        try checkValueLength(Int(offset) + value.count, procedure, handle: handle)
        try await withPreparedWriteQueue { () async throws(GATTError) in
            do throws(GATTError) {
                try await prepare(handle: handle, value: value, offset: offset, procedure, mismatch: .invalidResponse)
                try await execute(procedure, handle: handle)
            } catch {
                await cancelPreparedWrites(after: error)
                throw error
            }
        }
    }

    /// Reliable Writes (Core 5.4, Vol 3, Part G, 4.9.5).
    ///
    /// Every value is queued with Prepare Write Requests (split into ATT_MTU − 5 byte parts), and
    /// every Prepare Write Response is compared with what was sent. Only when all match is the
    /// queue executed; on a mismatch it is cancelled and ``GATTError/Code/reliableWriteMismatch``
    /// is thrown, naming the handle.
    public func reliableWrite(_ writes: [(handle: UInt16, value: [UInt8])]) async throws(GATTError) {
        let procedure = GATTClientProcedure.reliableWrite
        for write in writes {
            try checkHandle(write.handle, procedure)
            try checkValueLength(write.value.count, procedure, handle: write.handle)
        }
        guard !writes.isEmpty else { return }
        try await withPreparedWriteQueue { () async throws(GATTError) in
            do throws(GATTError) {
                for write in writes {
                    try await prepare(handle: write.handle, value: write.value, offset: 0, procedure, mismatch: .reliableWriteMismatch)
                }
                try await execute(procedure, handle: nil)
            } catch {
                await cancelPreparedWrites(after: error)
                throw error
            }
        }
    }

    // MARK: Prepared writes

    /// Queues `value` at `offset` with Prepare Write Requests, checking each echo.
    private func prepare(
        handle: UInt16, value: [UInt8], offset: UInt16, _ procedure: GATTClientProcedure, mismatch: GATTError.Code
    ) async throws(GATTError) {
        let partLength = Int(await bearer.mtu) - 5
        var position = 0
        repeat {
            let part = Array(value[position..<min(position + partLength, value.count)])
            let valueOffset = offset + UInt16(position)
            let request = ATTPrepareWriteRequest(attributeHandle: handle, valueOffset: valueOffset, partAttributeValue: part)
            let echo = try await perform(request, expecting: ATTPrepareWriteResponse.self, procedure, handle: handle)
            guard echo.attributeHandle == handle, echo.valueOffset == valueOffset, echo.partAttributeValue == part else {
                throw GATTError(
                    mismatch,
                    "the Prepare Write Response does not echo the request (sent \(part.count) bytes at offset \(valueOffset) "
                        + "to \(clientHex(handle)), got \(echo.partAttributeValue.count) bytes at offset \(echo.valueOffset) "
                        + "for \(clientHex(echo.attributeHandle))); the prepared writes were cancelled",
                    procedure: procedure.rawValue,
                    handle: handle
                )
            }
            position += part.count
        } while position < value.count
    }

    /// Executes the prepare queue (Execute Write Request, flags 0x01).
    private func execute(_ procedure: GATTClientProcedure, handle: UInt16?) async throws(GATTError) {
        _ = try await perform(
            ATTExecuteWriteRequest(flags: .immediatelyWriteAllPendingPreparedValues),
            expecting: ATTExecuteWriteResponse.self,
            procedure,
            handle: handle
        )
    }

    /// Clears the server's prepare queue after a failed long or reliable write (Execute Write
    /// Request, flags 0x00); best effort: nothing is sent on a closed bearer, and a cancelled task
    /// sends it from a new task.
    private func cancelPreparedWrites(after error: GATTError) async {
        guard error.code != .bearerClosed, error.code != .timeout, await bearer.isOpen else { return }
        let bearer = self.bearer
        let cancel = ATTExecuteWriteRequest(flags: .cancelAllPreparedWrites)
        if Task.isCancelled || error.code == .cancelled {
            Task { _ = try? await bearer.request(cancel, expecting: ATTExecuteWriteResponse.self) }
        } else {
            _ = try? await bearer.request(cancel, expecting: ATTExecuteWriteResponse.self)
        }
    }

    func checkValueLength(_ length: Int, _ procedure: GATTClientProcedure, handle: UInt16) throws(GATTError) {
        guard length <= Self.maximumValueLength else {
            throw invalidArgument(
                "\(length) bytes exceed the longest attribute value, \(Self.maximumValueLength) bytes",
                procedure, handle: handle
            )
        }
    }
}
