import BLECore

/// Clients that reach the server without an ATT bearer of ours.
///
/// A host that runs ATT itself (BlueZ's `bluetoothd` serving an application's objects) hands the
/// server single attribute operations: a read at an offset, a write, a client's Client
/// Characteristic Configuration. Each goes through the same path as an ATT request (Core 5.4,
/// Vol 3, Part F, 3.4.4 and 3.4.5: permissions, lengths, read handlers, validators, observers),
/// so an application's handlers and its error codes behave as over a bearer.
extension GATTServer {
    /// The ATT_MTU the attribute operations are answered at: large enough for any whole value
    /// (512 octets, Part F, 3.2.9) in one response.
    static let attributeAccessMTU = UInt16(GATTAttributeDatabase.maximumValueLength + 5)

    /// Registers a client that has no bearer here (e.g. a device connected through BlueZ) with
    /// the security of its link, and returns its identifier.
    public func attachClient(security: GATTSecurityState) -> GATTClientID {
        newBearerlessClient(security: security)
    }

    /// Forgets a client attached with ``attachClient(security:)`` (its link ended): its state
    /// goes, and the disconnect handler learns of it (``setDisconnectHandler(_:)``).
    public func detachClient(_ client: GATTClientID) async {
        await dropBearerlessClient(client)
    }

    /// Reads the attribute at `handle` for `client` from `offset` (a Read Request, or a Read
    /// Blob Request past 0): the value as the client sees it, through the read handler.
    ///
    /// Throws ``GATTError/attError(_:handle:procedure:)`` with the code the server answers
    /// (e.g. Read Not Permitted, Invalid Offset, or the application's own).
    public func read(handle: UInt16, offset: Int = 0, from client: GATTClientID) async throws(GATTError) -> [UInt8] {
        guard let offset16 = UInt16(exactly: offset) else { throw GATTError.attError(.invalidOffset, handle: handle, procedure: "read") }
        let request: ATTMessage = offset == 0
            ? .readRequest(ATTReadRequest(attributeHandle: handle))
            : .readBlobRequest(ATTReadBlobRequest(attributeHandle: handle, valueOffset: offset16))
        switch await respond(to: request, from: client, mtu: Self.attributeAccessMTU) {
        case .readResponse(let response)?: return response.attributeValue
        case .readBlobResponse(let response)?: return response.partAttributeValue
        case .errorResponse(let error)?: throw GATTError.attError(error.errorCode, handle: handle, procedure: "read")
        default: throw GATTError.attError(.unlikelyError, handle: handle, procedure: "read")
        }
    }

    /// Writes `value` at `handle` for `client` as a Write Request (or, for `.writeCommand`, a
    /// Write Command, whose refusals nobody hears): validators run first, observers after.
    ///
    /// Throws ``GATTError/attError(_:handle:procedure:)`` with the code the server answers.
    public func write(_ value: [UInt8], at handle: UInt16, method: GATTWriteContext.Method = .writeRequest, from client: GATTClientID) async throws(GATTError) {
        if method == .writeCommand {
            _ = await respond(to: .writeCommand(ATTWriteCommand(attributeHandle: handle, attributeValue: value)), from: client, mtu: Self.attributeAccessMTU)
            return
        }
        switch await respond(to: .writeRequest(ATTWriteRequest(attributeHandle: handle, attributeValue: value)), from: client, mtu: Self.attributeAccessMTU) {
        case .writeResponse?: return
        case .errorResponse(let error)?: throw GATTError.attError(error.errorCode, handle: handle, procedure: "write")
        default: throw GATTError.attError(.unlikelyError, handle: handle, procedure: "write")
        }
    }

    /// Sets `client`'s Client Characteristic Configuration of the characteristic value at
    /// `valueHandle` (Part G, 3.3.3.3), as a write of its CCCD: for a host that keeps the CCCDs
    /// itself and only says that notifications started or stopped.
    ///
    /// Throws ``GATTError/Code/notFound`` when the characteristic has no CCCD.
    public func setClientConfiguration(_ configuration: GATTClientConfiguration, ofValue valueHandle: UInt16, for client: GATTClientID) async throws(GATTError) {
        guard let cccd = core.database.clientConfigurationHandle(ofValue: valueHandle) else {
            throw GATTError(.notFound, "the characteristic has no Client Characteristic Configuration descriptor", handle: valueHandle)
        }
        let raw = configuration.rawValue
        try await write([UInt8(raw & 0xFF), UInt8(raw >> 8)], at: cccd, from: client)
    }
}
