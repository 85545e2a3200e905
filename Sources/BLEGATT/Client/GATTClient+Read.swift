import BLECore

extension GATTClient {
    /// The longest attribute value (Core 5.4, Vol 3, Part F, 3.2.9).
    public static let maximumValueLength = 512

    /// Read Characteristic Value (Core 5.4, Vol 3, Part G, 4.8.1), also Read Characteristic
    /// Descriptors (4.12.1): one Read Request; returns at most ATT_MTU − 1 bytes.
    public func read(handle: UInt16) async throws(GATTError) -> [UInt8] {
        let procedure = GATTClientProcedure.readValue
        try checkHandle(handle, procedure)
        return try await perform(
            ATTReadRequest(attributeHandle: handle),
            expecting: ATTReadResponse.self,
            procedure,
            handle: handle
        ).attributeValue
    }

    /// Read Using Characteristic UUID (Core 5.4, Vol 3, Part G, 4.8.2): Read By Type Requests over
    /// `range`, repeated after the last handle found until the range is exhausted.
    ///
    /// Returns every handle with that type and its value (each possibly truncated by the server to
    /// what fits in one response); an empty array when there is none.
    public func readUsingUUID(_ uuid: BluetoothUUID, range: ClosedRange<UInt16> = 0x0001...0xFFFF) async throws(GATTError) -> [GATTHandleValue] {
        try await readByType(uuid, range: range, procedure: .readUsingUUID, firstOnly: false)
    }

    /// Read By Type over `range`, looping unless `firstOnly`.
    func readByType(
        _ uuid: BluetoothUUID, range: ClosedRange<UInt16>, procedure: GATTClientProcedure, firstOnly: Bool
    ) async throws(GATTError) -> [GATTHandleValue] {
        guard range.lowerBound != 0 else {
            throw invalidArgument("handle 0x0000 is not a valid starting handle", procedure, uuid: uuid)
        }
        var values: [GATTHandleValue] = []
        try await forEachListed(
            { next, end in ATTReadByTypeRequest(startingHandle: next, endingHandle: end, attributeType: uuid) },
            expecting: ATTReadByTypeResponse.self, in: range, procedure, uuid: uuid,
            listing: .attributes("attributes", handleName: "handle"), onePage: firstOnly
        ) { entry async throws(GATTError) in
            values.append(GATTHandleValue(handle: entry.attributeHandle, value: entry.attributeValue))
        }
        return values
    }

    /// Read Long Characteristic Values (Core 5.4, Vol 3, Part G, 4.8.3), also Read Long
    /// Characteristic Descriptors (4.12.2).
    ///
    /// A Read Request, then Read Blob Requests at the length read so far while each part fills a
    /// whole response (ATT_MTU − 1 bytes). Attribute Not Long, or Invalid Offset at the exact end of
    /// the value, ends the read with what was read. A value growing past 512 bytes is refused.
    public func readLong(handle: UInt16) async throws(GATTError) -> [UInt8] {
        let procedure = GATTClientProcedure.readLong
        try checkHandle(handle, procedure)
        let fullPart = Int(await bearer.mtu) - 1
        var value = try await perform(
            ATTReadRequest(attributeHandle: handle),
            expecting: ATTReadResponse.self,
            procedure,
            handle: handle
        ).attributeValue
        guard value.count >= fullPart else { return value }
        while true {
            guard value.count <= Self.maximumValueLength else {
                throw invalidResponse("the value is longer than \(Self.maximumValueLength) bytes", procedure, handle: handle)
            }
            let part: [UInt8]
            do throws(GATTError) {
                part = try await perform(
                    ATTReadBlobRequest(attributeHandle: handle, valueOffset: UInt16(value.count)),
                    expecting: ATTReadBlobResponse.self,
                    procedure,
                    handle: handle
                ).partAttributeValue
            } catch {
                if error.code == .attError, error.attErrorCode == .attributeNotLong || error.attErrorCode == .invalidOffset {
                    return value
                }
                throw error
            }
            value += part
            if part.count < fullPart {
                guard value.count <= Self.maximumValueLength else {
                    throw invalidResponse("the value is longer than \(Self.maximumValueLength) bytes", procedure, handle: handle)
                }
                return value
            }
        }
    }

    /// Read Multiple Characteristic Values (Core 5.4, Vol 3, Part G, 4.8.4): one Read Multiple
    /// Request for two or more handles; returns the values concatenated, as the server sends them
    /// (only values of known fixed length can be told apart).
    public func readMultiple(handles: [UInt16]) async throws(GATTError) -> [UInt8] {
        let procedure = GATTClientProcedure.readMultiple
        try await checkMultipleHandles(handles, procedure)
        return try await perform(
            ATTReadMultipleRequest(setOfHandles: handles),
            expecting: ATTReadMultipleResponse.self,
            procedure,
            handle: handles.first
        ).setOfValues
    }

    /// Read Multiple Variable Length Characteristic Values (Core 5.4, Vol 3, Part G, 4.8.5): one
    /// Read Multiple Variable Request; returns one value per handle, in order.
    ///
    /// When the values do not all fit in one response, the server truncates: the last values
    /// returned may be cut short, and later ones missing.
    public func readMultipleVariable(handles: [UInt16]) async throws(GATTError) -> [[UInt8]] {
        let procedure = GATTClientProcedure.readMultipleVariable
        try await checkMultipleHandles(handles, procedure)
        let response = try await perform(
            ATTReadMultipleVariableRequest(setOfHandles: handles),
            expecting: ATTReadMultipleVariableResponse.self,
            procedure,
            handle: handles.first
        )
        let values = response.lengthValueTupleList.map(\.attributeValue)
        guard values.count <= handles.count else {
            throw invalidResponse(
                "\(values.count) values answer a request for \(handles.count) handles",
                procedure, handle: handles.first
            )
        }
        return values
    }

    // MARK: Argument checks

    func checkHandle(_ handle: UInt16, _ procedure: GATTClientProcedure) throws(GATTError) {
        guard handle != 0 else {
            throw invalidArgument("handle 0x0000 is reserved and never names an attribute", procedure, handle: handle)
        }
    }

    private func checkMultipleHandles(_ handles: [UInt16], _ procedure: GATTClientProcedure) async throws(GATTError) {
        guard handles.count >= 2 else {
            throw invalidArgument("a Read Multiple names at least two handles, not \(handles.count)", procedure, handle: handles.first)
        }
        if let zero = handles.firstIndex(of: 0) {
            throw invalidArgument("handle #\(zero + 1) is 0x0000", procedure, handle: 0)
        }
        let mtu = Int(await bearer.mtu)
        guard 1 + 2 * handles.count <= mtu else {
            throw invalidArgument(
                "\(handles.count) handles do not fit in one request at ATT_MTU \(mtu) (at most \((mtu - 1) / 2))",
                procedure, handle: handles.first
            )
        }
    }
}
