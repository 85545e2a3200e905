import BLECore

/// The client's record of one characteristic's subscribers and its CCCD.
struct GATTSubscriptionRecord: Sendable {
    /// The Client Characteristic Configuration descriptor's handle.
    var cccdHandle: UInt16
    /// What each subscriber asked for: 0x0001 notifications, 0x0002 indications (id 0 is the
    /// client's own Service Changed subscription).
    var modes: [UInt64: UInt16] = [:]
    /// The CCCD value last written.
    var written: UInt16 = 0

    /// The CCCD value the subscribers need.
    var desired: UInt16 { modes.values.reduce(0, |) }
}

extension GATTClient {
    /// The stream ``subscribe(to:indicate:)`` returns: each notified or indicated value (at most
    /// ATT_MTU − 3 bytes); it throws a ``GATTError`` when the bearer closes.
    public typealias ValueStream = GATTValueStream

    /// Subscribes to a characteristic's notifications or indications (Core 5.4, Vol 3, Part G,
    /// 4.10 and 4.11) by writing its Client Characteristic Configuration descriptor (3.3.3.3):
    /// 0x0001 for notifications, 0x0002 for indications.
    ///
    /// - Parameters:
    ///   - characteristic: a discovered characteristic; its CCCD is found by descriptor discovery
    ///     when it is not among its ``GATTCharacteristic/descriptors``.
    ///   - indicate: `true` for indications, `false` for notifications, `nil` for notifications if
    ///     the characteristic has them, else indications.
    /// - Returns: the values as they arrive (indications are confirmed by the bearer). The stream
    ///   ends with an error when the bearer closes; ending the iteration (or cancelling its task)
    ///   writes 0x0000 once no other subscriber needs the characteristic.
    public func subscribe(to characteristic: GATTCharacteristic, indicate: Bool? = nil) async throws(GATTError) -> ValueStream {
        let properties = characteristic.properties
        let useIndications: Bool
        switch indicate {
        case nil:
            useIndications = !properties.contains(.notify) && properties.contains(.indicate)
        case let wanted?:
            useIndications = wanted
        }
        let procedure: GATTClientProcedure = useIndications ? .indications : .notifications
        let needed: GATTCharacteristicProperties = useIndications ? .indicate : .notify
        guard properties.contains(needed) else {
            throw GATTError(
                .notPermitted,
                "the characteristic's properties \(properties) do not include \(useIndications ? "indicate" : "notify")",
                procedure: procedure.rawValue,
                handle: characteristic.valueHandle,
                uuid: characteristic.uuid
            )
        }
        let cccd = try await cccdHandle(of: characteristic, procedure)
        let handle = characteristic.valueHandle
        let channel = GATTValueStream.Channel()
        let id: UInt64
        switch router.add(channel, for: handle) {
        case .success(let added):
            id = added
        case .failure(let reason):
            throw GATTError(.bearerClosed, "the ATT bearer is closed (\(reason.message)); reconnect to continue")
                .context(procedure: procedure.rawValue, handle: handle, uuid: characteristic.uuid)
        }
        subscriptions[handle, default: GATTSubscriptionRecord(cccdHandle: cccd)].modes[id] = useIndications ? 0x0002 : 0x0001
        channel.setOnEnd { [weak self] in
            Task { await self?.subscriptionEnded(id: id, handle: handle, procedure) }
        }
        do {
            try await synchronizeCCCD(of: handle, procedure, uuid: characteristic.uuid)
        } catch {
            subscriptions[handle]?.modes[id] = nil
            router.remove(id: id, for: handle)?.finish(throwing: error)
            throw error
        }
        return GATTValueStream(subscriber: GATTValueStream.Subscriber(channel))
    }

    /// Ends every subscription to the characteristic and writes 0x0000 to its CCCD
    /// (Core 5.4, Vol 3, Part G, 3.3.3.3).
    public func unsubscribe(from characteristic: GATTCharacteristic) async throws(GATTError) {
        let handle = characteristic.valueHandle
        let procedure = GATTClientProcedure.writeDescriptor
        for channel in router.removeAll(for: handle) { channel.finish() }
        if subscriptions[handle] == nil {
            let cccd = try await cccdHandle(of: characteristic, procedure)
            subscriptions[handle] = GATTSubscriptionRecord(cccdHandle: cccd, written: 0xFFFF)
        }
        // Keep the client's own Service Changed subscription (id 0).
        if var record = subscriptions[handle] {
            record.modes = record.modes.filter { $0.key == 0 }
            subscriptions[handle] = record
        }
        try await synchronizeCCCD(of: handle, procedure, uuid: characteristic.uuid)
    }

    /// A stream ended (the app stopped iterating or unsubscribed): rewrite the CCCD if needed.
    private func subscriptionEnded(id: UInt64, handle: UInt16, _ procedure: GATTClientProcedure) async {
        guard subscriptions[handle]?.modes.removeValue(forKey: id) != nil else { return }
        _ = router.remove(id: id, for: handle)
        guard router.closeReason == nil else { return }
        try? await synchronizeCCCD(of: handle, procedure, uuid: nil)
    }

    /// Writes the CCCD until it holds what the subscribers need. While another subscriber's write
    /// is under way this waits for its outcome: a write that fails (a server that wants an
    /// encrypted link first) must not leave a subscriber that counted on it without notifications.
    func synchronizeCCCD(of handle: UInt16, _ procedure: GATTClientProcedure, uuid: BluetoothUUID?) async throws(GATTError) {
        while let record = subscriptions[handle] {
            if cccdWrites[handle] != nil {
                await withCheckedContinuation { waiter in cccdWrites[handle, default: []].append(waiter) }
                continue
            }
            guard record.desired != record.written else { break }
            let desired = record.desired
            subscriptions[handle]?.written = desired
            cccdWrites[handle] = []
            defer { for waiter in cccdWrites.removeValue(forKey: handle) ?? [] { waiter.resume() } }
            do {
                var writer = ByteWriter(capacity: 2)
                writer.writeUInt16(desired)
                _ = try await perform(
                    ATTWriteRequest(attributeHandle: record.cccdHandle, attributeValue: writer.bytes),
                    expecting: ATTWriteResponse.self,
                    procedure,
                    handle: record.cccdHandle,
                    uuid: uuid
                )
            } catch {
                subscriptions[handle]?.written = record.written
                throw error
            }
        }
        if let record = subscriptions[handle], record.modes.isEmpty, record.written == 0 {
            subscriptions[handle] = nil
        }
    }

    /// The handle of the characteristic's CCCD: known from discovery, or found by discovering its
    /// descriptors.
    func cccdHandle(of characteristic: GATTCharacteristic, _ procedure: GATTClientProcedure) async throws(GATTError) -> UInt16 {
        let cccd = GATTAttributeType.clientCharacteristicConfiguration
        if let descriptor = characteristic.descriptor(cccd) { return descriptor.handle }
        if let known = database?.characteristic(containing: characteristic.valueHandle),
            known.valueHandle == characteristic.valueHandle, let descriptor = known.descriptor(cccd)
        {
            return descriptor.handle
        }
        let descriptors = try await discoverDescriptors(of: characteristic)
        guard let descriptor = descriptors.first(where: { $0.uuid == cccd }) else {
            throw GATTError(
                .notFound,
                "the characteristic has no Client Characteristic Configuration descriptor (0x2902)",
                procedure: procedure.rawValue,
                handle: characteristic.valueHandle,
                uuid: characteristic.uuid
            )
        }
        return descriptor.handle
    }

    // MARK: GATT service features

    /// Reads the peer's Database Hash with Read Using Characteristic UUID (Core 5.4, Vol 3, Part G,
    /// 7.3), which also makes this client change-aware (2.5.2.1); nil when the peer has none.
    public func readDatabaseHash() async throws(GATTError) -> [UInt8]? {
        let procedure = GATTClientProcedure.readDatabaseHash
        let values: [GATTHandleValue]
        do throws(GATTError) {
            values = try await readByType(GATTAttributeType.databaseHash, range: 0x0001...0xFFFF, procedure: procedure, firstOnly: true)
        } catch {
            if error.code == .attError, error.attErrorCode != .databaseOutOfSync { return nil }
            throw error
        }
        guard let first = values.first else { return nil }
        guard first.value.count == 16 else {
            throw invalidResponse(
                "a Database Hash is 16 bytes, not \(first.value.count)",
                procedure, handle: first.handle, uuid: GATTAttributeType.databaseHash
            )
        }
        return first.value
    }

    /// After Database Out Of Sync: reads the hash (becoming change-aware) and returns whether it is
    /// the hash the client's tree was discovered under; if not, invalidates the tree.
    func resynchronizeAfterOutOfSync() async throws(GATTError) -> Bool {
        let previous = databaseHash
        let response: ATTReadByTypeResponse
        do throws(GATTError) {
            response = try await bearer.request(
                ATTReadByTypeRequest(startingHandle: 0x0001, endingHandle: 0xFFFF, attributeType: GATTAttributeType.databaseHash),
                expecting: ATTReadByTypeResponse.self
            )
        } catch {
            guard error.code == .attError else { throw error }
            await serviceChanged(.everything)
            return false
        }
        guard let hash = response.attributeDataList.first?.attributeValue, hash.count == 16 else {
            throw invalidResponse("the Database Hash read after Database Out Of Sync is not 16 bytes", .readDatabaseHash)
        }
        if let previous, previous == hash { return true }
        await serviceChanged(.everything)
        databaseHash = hash
        return false
    }

    /// Once per connection: sets the robust caching bit in Client Supported Features (Core 5.4,
    /// Vol 3, Part G, 7.2) and enables Service Changed indications (7.1), when the peer has them.
    ///
    /// The peer refusing either (an ATT error) is not fatal: the client just goes without.
    func enableServerFeatures(_ tree: GATTDiscoveredDatabase) async throws(GATTError) {
        guard let gatt = tree.service(GATTAttributeType.genericAttributeService) else { return }
        if !isRobustCachingEnabled, let features = gatt.characteristic(GATTAttributeType.clientSupportedFeatures) {
            do throws(GATTError) {
                var value = try await read(handle: features.valueHandle)
                if value.isEmpty { value = [0] }
                if value[0] & 0x01 == 0 {
                    value[0] |= 0x01
                    try await write(handle: features.valueHandle, value: value)
                }
                isRobustCachingEnabled = true
            } catch {
                guard error.code == .attError else { throw error }
            }
        }
        if let serviceChanged = gatt.characteristic(GATTAttributeType.serviceChanged), serviceChanged.properties.contains(.indicate) {
            let handle = serviceChanged.valueHandle
            router.serviceChangedHandle = handle
            if subscriptions[handle]?.modes[0] == nil {
                do throws(GATTError) {
                    let cccd = try await cccdHandle(of: serviceChanged, .indications)
                    subscriptions[handle, default: GATTSubscriptionRecord(cccdHandle: cccd)].modes[0] = 0x0002
                    try await synchronizeCCCD(of: handle, .indications, uuid: serviceChanged.uuid)
                    isServiceChangedSubscribed = true
                } catch {
                    subscriptions[handle]?.modes[0] = nil
                    guard error.code == .attError || error.code == .notFound else { throw error }
                }
            }
        }
    }
}
