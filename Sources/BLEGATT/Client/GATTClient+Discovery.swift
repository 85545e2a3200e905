import BLECore

extension GATTClient {
    // MARK: Primary services

    /// Discover All Primary Services (Core 5.4, Vol 3, Part G, 4.4.1).
    ///
    /// Read By Group Type Requests for «Primary Service» (0x2800) from 0x0001, each starting after
    /// the last End Group Handle, until Attribute Not Found or an End Group Handle of 0xFFFF.
    public func discoverPrimaryServices() async throws(GATTError) -> [GATTService] {
        let procedure = GATTClientProcedure.discoverAllPrimaryServices
        var services: [GATTService] = []
        try await forEachListed(
            { next, end in ATTReadByGroupTypeRequest(startingHandle: next, endingHandle: end, attributeGroupType: GATTAttributeType.primaryService) },
            expecting: ATTReadByGroupTypeResponse.self, in: 0x0001...0xFFFF, procedure, uuid: nil, listing: .services
        ) { entry async throws(GATTError) in
            guard let uuid = attUUID(entry.attributeValue) else {
                throw invalidResponse(
                    "a service declaration value of \(entry.attributeValue.count) bytes is not a 2- or 16-byte UUID",
                    procedure, handle: entry.attributeHandle
                )
            }
            services.append(GATTService(uuid: uuid, isPrimary: true, startHandle: entry.attributeHandle, endHandle: entry.endGroupHandle))
        }
        return services
    }

    /// Discover Primary Service by Service UUID (Core 5.4, Vol 3, Part G, 4.4.2).
    ///
    /// Find By Type Value Requests for «Primary Service» with the UUID as value, from 0x0001 until
    /// Attribute Not Found or a Group End Handle of 0xFFFF.
    public func discoverPrimaryServices(uuid: BluetoothUUID) async throws(GATTError) -> [GATTService] {
        var services: [GATTService] = []
        try await forEachListed(
            { next, end in
                let type = GATTAttributeType.primaryService.uuid16!
                return ATTFindByTypeValueRequest(startingHandle: next, endingHandle: end, attributeType: type, attributeValue: uuid.attBytes)
            },
            expecting: ATTFindByTypeValueResponse.self, in: 0x0001...0xFFFF, .discoverPrimaryServiceByUUID, uuid: uuid, listing: .services
        ) { entry async throws(GATTError) in
            services.append(GATTService(uuid: uuid, isPrimary: true, startHandle: entry.foundAttributeHandle, endHandle: entry.groupEndHandle))
        }
        return services
    }

    // MARK: Included services

    /// Find Included Services (Core 5.4, Vol 3, Part G, 4.5.1).
    ///
    /// Read By Type Requests for «Include» (0x2802) over the service's handles; an include whose
    /// service has a 128-bit UUID carries no UUID, so it is read from the included service's
    /// declaration with a Read Request.
    public func findIncludedServices(of service: GATTService) async throws(GATTError) -> [GATTIncludedService] {
        let procedure = GATTClientProcedure.findIncludedServices
        try checkServiceRange(service, procedure)
        var includes: [GATTIncludedService] = []
        try await forEachListed(
            { next, end in ATTReadByTypeRequest(startingHandle: next, endingHandle: end, attributeType: GATTAttributeType.include) },
            expecting: ATTReadByTypeResponse.self, in: service.handleRange, procedure, uuid: service.uuid,
            listing: .attributes("includes", handleName: "include declaration handle")
        ) { entry async throws(GATTError) in
            let handle = entry.attributeHandle
            var reader = ByteReader(entry.attributeValue)
            guard entry.attributeValue.count == 6 || entry.attributeValue.count == 4,
                let start = reader.readUInt16(), let end = reader.readUInt16(), start != 0, start <= end
            else {
                throw invalidResponse(
                    "an include declaration value must be 4 or 6 bytes with 0 < start ≤ end: \(entry.attributeValue.hexString)",
                    procedure, handle: handle, uuid: service.uuid
                )
            }
            let uuid: BluetoothUUID
            if let uuid16 = reader.readUInt16() {
                uuid = BluetoothUUID(uuid16)
            } else {
                // 128-bit UUID: read the included service's declaration (4.5.1).
                let declaration = try await perform(
                    ATTReadRequest(attributeHandle: start),
                    expecting: ATTReadResponse.self,
                    procedure,
                    handle: start
                )
                guard declaration.attributeValue.count == 16, let read = BluetoothUUID(littleEndianBytes: declaration.attributeValue) else {
                    throw invalidResponse(
                        "the included service declaration holds \(declaration.attributeValue.count) bytes, not a 128-bit UUID",
                        procedure, handle: start
                    )
                }
                uuid = read
            }
            includes.append(GATTIncludedService(declarationHandle: handle, uuid: uuid, startHandle: start, endHandle: end))
        }
        return includes
    }

    // MARK: Characteristics

    /// Discover All Characteristics of a Service (Core 5.4, Vol 3, Part G, 4.6.1).
    ///
    /// Read By Type Requests for «Characteristic» (0x2803) over the service's handles. Each
    /// characteristic's end handle is the handle before the next declaration, or the service's end.
    public func discoverCharacteristics(of service: GATTService) async throws(GATTError) -> [GATTCharacteristic] {
        try await discoverCharacteristics(of: service, procedure: .discoverAllCharacteristics)
    }

    /// Discover Characteristics by UUID (Core 5.4, Vol 3, Part G, 4.6.2): every characteristic of
    /// the service is discovered (its end handle needs the next declaration) and those with `uuid`
    /// are returned.
    public func discoverCharacteristics(of service: GATTService, uuid: BluetoothUUID) async throws(GATTError) -> [GATTCharacteristic] {
        try await discoverCharacteristics(of: service, procedure: .discoverCharacteristicsByUUID).filter { $0.uuid == uuid }
    }

    private func discoverCharacteristics(of service: GATTService, procedure: GATTClientProcedure) async throws(GATTError) -> [GATTCharacteristic] {
        try checkServiceRange(service, procedure)
        var declarations: [(handle: UInt16, properties: GATTCharacteristicProperties, valueHandle: UInt16, uuid: BluetoothUUID)] = []
        try await forEachListed(
            { next, end in ATTReadByTypeRequest(startingHandle: next, endingHandle: end, attributeType: GATTAttributeType.characteristic) },
            expecting: ATTReadByTypeResponse.self, in: service.handleRange, procedure, uuid: service.uuid,
            listing: .attributes("characteristics", handleName: "characteristic declaration handle")
        ) { entry async throws(GATTError) in
            let handle = entry.attributeHandle
            var reader = ByteReader(entry.attributeValue)
            guard entry.attributeValue.count == 5 || entry.attributeValue.count == 19,
                let properties = reader.readUInt8(), let valueHandle = reader.readUInt16(),
                let uuid = BluetoothUUID(littleEndianBytes: reader.readRemainingBytes())
            else {
                throw invalidResponse(
                    "a characteristic declaration value must be 5 or 19 bytes, not \(entry.attributeValue.count)",
                    procedure, handle: handle, uuid: service.uuid
                )
            }
            guard valueHandle > handle, valueHandle <= service.endHandle else {
                throw invalidResponse(
                    "value handle \(clientHex(valueHandle)) must follow its declaration and lie within the service (end \(clientHex(service.endHandle)))",
                    procedure, handle: handle, uuid: uuid
                )
            }
            declarations.append((handle, GATTCharacteristicProperties(rawValue: properties), valueHandle, uuid))
        }
        var characteristics: [GATTCharacteristic] = []
        characteristics.reserveCapacity(declarations.count)
        for (index, declaration) in declarations.enumerated() {
            let end = index + 1 < declarations.count ? declarations[index + 1].handle - 1 : service.endHandle
            guard declaration.valueHandle <= end else {
                throw invalidResponse(
                    "value handle \(clientHex(declaration.valueHandle)) lies past the next characteristic declaration",
                    procedure, handle: declaration.handle, uuid: declaration.uuid
                )
            }
            characteristics.append(GATTCharacteristic(
                uuid: declaration.uuid,
                declarationHandle: declaration.handle,
                valueHandle: declaration.valueHandle,
                properties: declaration.properties,
                endHandle: end
            ))
        }
        return characteristics
    }

    // MARK: Descriptors

    /// Discover All Characteristic Descriptors (Core 5.4, Vol 3, Part G, 4.7.1).
    ///
    /// Find Information Requests from the value handle + 1 to the characteristic's end handle; a
    /// characteristic whose value is its last handle has no descriptors and costs no request.
    public func discoverDescriptors(of characteristic: GATTCharacteristic) async throws(GATTError) -> [GATTDescriptor] {
        let procedure = GATTClientProcedure.discoverAllDescriptors
        guard characteristic.valueHandle != 0, characteristic.declarationHandle < characteristic.valueHandle else {
            throw invalidArgument("the characteristic's handles are not valid", procedure, handle: characteristic.valueHandle, uuid: characteristic.uuid)
        }
        guard let range = characteristic.descriptorHandleRange else { return [] }
        var descriptors: [GATTDescriptor] = []
        try await forEachListed(
            { next, end in ATTFindInformationRequest(startingHandle: next, endingHandle: end) },
            expecting: ATTFindInformationResponse.self, in: range, procedure, uuid: characteristic.uuid,
            listing: .attributes("attributes", handleName: "descriptor handle")
        ) { entry async throws(GATTError) in
            descriptors.append(GATTDescriptor(uuid: entry.uuid, handle: entry.handle))
        }
        return descriptors
    }

    // MARK: Whole database

    /// Discovers the peer's whole database as a tree: primary services with their included
    /// services, characteristics and descriptors.
    ///
    /// First reads the Database Hash (Core 5.4, Vol 3, Part G, 7.3); when the discovery cache holds a
    /// tree for this peer and hash, that tree is returned without discovery
    /// (``lastDiscoveryUsedCache``). Then, once per connection, enables robust caching in Client
    /// Supported Features and indications of Service Changed when the peer has them.
    @discardableResult
    public func discoverAll() async throws(GATTError) -> GATTDiscoveredDatabase {
        let generation = changeGeneration
        let hash = try await readDatabaseHash()
        databaseHash = hash
        let key = hash.flatMap { hash in peerIdentity.map { GATTDiscoveryCacheKey(peer: $0, databaseHash: hash) } }
        if let key, let cache, var cached = await cache.database(for: key) {
            cached.databaseHash = hash
            database = cached
            lastDiscoveryUsedCache = true
            try await enableServerFeatures(cached)
            return cached
        }
        var services = try await discoverPrimaryServices()
        for index in services.indices {
            services[index].includedServices = try await findIncludedServices(of: services[index])
            var characteristics = try await discoverCharacteristics(of: services[index])
            for characteristicIndex in characteristics.indices {
                characteristics[characteristicIndex].descriptors = try await discoverDescriptors(of: characteristics[characteristicIndex])
            }
            services[index].characteristics = characteristics
        }
        let tree = GATTDiscoveredDatabase(services: services, databaseHash: hash)
        database = tree
        lastDiscoveryUsedCache = false
        if let key, let cache, generation == changeGeneration {
            await cache.store(tree, for: key)
        }
        try await enableServerFeatures(tree)
        return tree
    }

    // MARK: Validation

    private func checkServiceRange(_ service: GATTService, _ procedure: GATTClientProcedure) throws(GATTError) {
        guard service.startHandle != 0, service.startHandle <= service.endHandle else {
            throw invalidArgument(
                "service handles \(clientHex(service.startHandle))…\(clientHex(service.endHandle)) are not a valid range",
                procedure, handle: service.startHandle, uuid: service.uuid
            )
        }
    }

    /// A UUID as ATT carries it in an attribute value: 2 or 16 bytes.
    func attUUID(_ bytes: [UInt8]) -> BluetoothUUID? {
        guard bytes.count == 2 || bytes.count == 16 else { return nil }
        return BluetoothUUID(littleEndianBytes: bytes)
    }
}

/// `0x002A`.
func clientHex(_ handle: UInt16) -> String {
    "0x" + [UInt8(handle >> 8), UInt8(handle & 0xFF)].hexString.uppercased()
}
