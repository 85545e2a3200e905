import BLECore

/// The GATT server without I/O: the database, the values, every client's state, and the answer to
/// each request.
///
/// Core 5.4, Vol 3, Part F, 3.4 (the server side of every ATT request and command) and Part G
/// (grouping, CCCDs, the Generic Attribute service, robust caching). A value type driven by
/// ``GATTServer``, which does the I/O and runs the application's Swift handlers; tests drive it
/// directly. Answering a request is a small state machine:
///
/// 1. ``admit(_:from:)`` applies robust caching once per request (Database Out Of Sync).
/// 2. ``respond(to:from:mtu:readValues:)`` returns a ``Step``: the response, the values it still
///    needs from read handlers (call again with them), or a write to validate and then
///    ``commit(_:)``.
public struct GATTServerCore: Sendable {
    /// Server limits.
    public struct Configuration: Sendable, Hashable {
        /// How many Prepare Write Requests one client may queue before Prepare Queue Full.
        public var prepareQueueLimit: Int
        /// The shortest encryption key, in octets, that satisfies an encryption or authentication
        /// permission (shorter keys answer Encryption Key Size Too Short).
        public var minimumEncryptionKeySize: Int

        /// Creates a configuration.
        public init(prepareQueueLimit: Int = 64, minimumEncryptionKeySize: Int = 7) {
            self.prepareQueueLimit = prepareQueueLimit
            self.minimumEncryptionKeySize = minimumEncryptionKeySize
        }
    }

    /// What to do next with a request.
    public enum Step: Sendable {
        /// Send this response (nil: send nothing, e.g. for a command).
        case response(ATTMessage?)
        /// Call these attributes' read handlers and call ``respond(to:from:mtu:readValues:)`` again
        /// with their results added.
        case readValues([GATTReadContext])
        /// Run the validators of these writes; if none refuses, ``commit(_:)`` them.
        case write(GATTServerWrite)
    }

    /// Whether a request goes on to be answered, after robust caching.
    public enum Admission: Sendable, Hashable {
        /// Answer it with ``respond(to:from:mtu:readValues:)``.
        case proceed
        /// Answer it with this (nil: drop a command) and nothing else.
        case answered(ATTMessage?)
    }

    /// The limits in force.
    public var configuration: Configuration
    /// The attribute table.
    public private(set) var database: GATTAttributeDatabase
    /// The Database Hash characteristic value of ``database`` (little-endian, Part G 7.3).
    public private(set) var databaseHash: [UInt8]
    /// Counts database changes; a Service Changed confirmation counts only for the latest.
    public private(set) var databaseGeneration: UInt64 = 0
    /// Every known client's state.
    public internal(set) var clients: [GATTClientID: GATTServerClientState] = [:]
    /// Current values of characteristic values and descriptors written since the database was
    /// built (others read their initial value from the database).
    private var values: [UInt16: [UInt8]] = [:]

    /// Creates a server core over `database`.
    public init(database: GATTAttributeDatabase, configuration: Configuration = Configuration()) {
        self.database = database
        self.configuration = configuration
        self.databaseHash = database.hash
    }

    // MARK: Clients

    /// Registers a client (a new connection); a known client keeps its state, and its security
    /// unless `security` is given.
    public mutating func connect(_ client: GATTClientID, security: GATTSecurityState? = nil) {
        if clients[client] == nil {
            clients[client] = GATTServerClientState(security: security ?? .unencrypted)
        } else if let security {
            clients[client]?.security = security
        }
    }

    /// Forgets a client: its CCCDs, features, awareness and prepare queue (no bonding yet, so
    /// nothing persists across connections; Part G 2.5.2.1, 3.3.3.3, 7.2).
    public mutating func disconnect(_ client: GATTClientID) {
        clients[client] = nil
    }

    /// Sets the security of a client's link (SMP calls this when encryption changes).
    public mutating func setSecurity(_ security: GATTSecurityState, for client: GATTClientID) {
        connect(client)
        clients[client]?.security = security
    }

    /// The state of one client (a new client's default state when unknown).
    public func state(of client: GATTClientID) -> GATTServerClientState {
        clients[client] ?? GATTServerClientState()
    }

    // MARK: Values

    /// The stored value of the attribute at `handle` (the initial value until written), or nil
    /// when there is no such attribute. Per-client and computed values (CCCDs, Client Supported
    /// Features, Database Hash, read handlers) are not here: see ``respond(to:from:mtu:readValues:)``.
    public func storedValue(at handle: UInt16) -> [UInt8]? {
        guard let attribute = database.attribute(at: handle) else { return nil }
        return values[handle] ?? attribute.value
    }

    /// Sets a characteristic value or descriptor value from the application (no permission
    /// checks, no validators).
    ///
    /// Throws ``GATTError/Code/invalidArgument`` for a declaration, a CCCD, an unknown handle or a
    /// value longer than 512 octets.
    public mutating func setValue(_ value: [UInt8], at handle: UInt16) throws(GATTError) {
        guard let attribute = database.attribute(at: handle) else {
            throw GATTError(.notFound, "no attribute at this handle", handle: handle)
        }
        switch attribute.role {
        case .characteristicValue, .descriptor: break
        default:
            throw GATTError(.invalidArgument, "only characteristic values and descriptors hold application values", handle: handle, uuid: attribute.type)
        }
        guard value.count <= GATTAttributeDatabase.maximumValueLength else {
            throw GATTError(.invalidArgument, "\(value.count) octets; attribute values are at most 512", handle: handle, uuid: attribute.type)
        }
        values[handle] = value
    }

    /// The clients subscribed to the characteristic value at `valueHandle`, with their CCCD,
    /// whose link's security lets them read the value and write its CCCD: a protected value is
    /// never notified or indicated on a link that is not secure enough (Core 5.4, Vol 3, Part C,
    /// 10.3), even to a client that subscribed on a link that was.
    public func subscribers(ofValue valueHandle: UInt16) -> [(client: GATTClientID, configuration: GATTClientConfiguration)] {
        var subscribers: [(client: GATTClientID, configuration: GATTClientConfiguration)] = []
        forEachSubscriber(ofValue: valueHandle) { subscribers.append(($0, $1)) }
        // In the order of the clients' ids (the dictionary's order is not stable).
        if subscribers.count > 1 { subscribers.sort { $0.client < $1.client } }
        return subscribers
    }

    /// ``subscribers(ofValue:)`` one by one, in no particular order, without an array: what a
    /// notification goes through.
    func forEachSubscriber(ofValue valueHandle: UInt16, _ body: (GATTClientID, GATTClientConfiguration) -> Void) {
        guard let cccd = database.clientConfigurationHandle(ofValue: valueHandle) else { return }
        let permissions = (database.attribute(at: valueHandle)?.permissions ?? []).union(.read)
        let cccdPermissions = (database.attribute(at: cccd)?.permissions ?? []).union(.write)
        let minimum = configuration.minimumEncryptionKeySize
        for (client, state) in clients {
            guard let subscription = state.clientConfigurations[cccd], !subscription.isEmpty,
                permissions.readError(for: state.security, minimumKeySize: minimum) == nil,
                cccdPermissions.writeError(for: state.security, minimumKeySize: minimum) == nil
            else { continue }
            body(client, subscription)
        }
    }

    // MARK: Database changes

    /// Adds services after the last handle; every client becomes change-unaware.
    ///
    /// Returns the handle range the services took, to send in Service Changed.
    @discardableResult
    public mutating func addServices(_ services: [GATTServiceDefinition]) throws(GATTError) -> ClosedRange<UInt16>? {
        guard let range = try database.add(services) else { return nil }
        databaseChanged()
        return range
    }

    /// Removes the service declared at `handle`; every client becomes change-unaware.
    ///
    /// Returns the handle range the service took, to send in Service Changed.
    @discardableResult
    public mutating func removeService(at handle: UInt16) throws(GATTError) -> ClosedRange<UInt16> {
        let range = try database.removeService(at: handle)
        values = values.filter { !range.contains($0.key) }
        for client in clients.keys {
            let kept = clients[client]!.clientConfigurations.filter { !range.contains($0.key) }
            clients[client]?.clientConfigurations = kept
        }
        databaseChanged()
        return range
    }

    /// A client confirmed the Service Changed indication sent for `generation`: it becomes
    /// change-aware unless the database changed again since (Part G 2.5.2.1).
    public mutating func serviceChangedConfirmed(by client: GATTClientID, generation: UInt64) {
        guard generation == databaseGeneration, clients[client] != nil else { return }
        clients[client]?.becomeChangeAware()
    }

    private mutating func databaseChanged() {
        databaseHash = database.hash
        databaseGeneration += 1
        for client in clients.keys {
            clients[client]?.becomeChangeUnaware()
        }
    }

    // MARK: Robust caching

    /// Applies robust caching to a request or command before it is answered.
    ///
    /// Core 5.4, Vol 3, Part G, 2.5.2.1, for a client that enabled robust caching and is
    /// change-unaware (the database changed since it last synchronised):
    /// - a command is ignored;
    /// - the client becomes change-aware on this request if it read the Database Hash, or was sent
    ///   Database Out Of Sync, since it became change-unaware (one error only per change);
    /// - a Read By Type Request for the Database Hash characteristic is answered;
    /// - any other request is answered with Database Out Of Sync (0x12).
    ///
    /// A client also becomes change-aware when it confirms the Service Changed indication
    /// (``serviceChangedConfirmed(by:generation:)``).
    public mutating func admit(_ message: ATTMessage, from client: GATTClientID) -> Admission {
        connect(client)
        let state = clients[client]!
        guard state.supportedFeatures.contains(.robustCaching), !state.isChangeAware else { return .proceed }
        let opcode = message.opcode
        if opcode.kind == .command || (opcode.kind == nil && opcode.isCommand) {
            return .answered(nil)
        }
        guard opcode.kind == .request || opcode.kind == nil else { return .answered(nil) }
        if state.readDatabaseHash || state.sentOutOfSync {
            clients[client]?.becomeChangeAware()
            return .proceed
        }
        if case .readByTypeRequest(let request) = message, request.attributeType == GATTAttributeType.databaseHash {
            return .proceed
        }
        clients[client]?.sentOutOfSync = true
        return .answered(Self.error(opcode, message.firstHandle, .databaseOutOfSync))
    }

    // MARK: Requests

    /// Answers one request or command from `client` over a bearer whose ATT_MTU is `mtu`.
    ///
    /// - Parameter readValues: what the read handlers returned for earlier ``Step/readValues(_:)``
    ///   steps of this same request, by handle.
    public mutating func respond(
        to message: ATTMessage,
        from client: GATTClientID,
        mtu: UInt16,
        readValues: [UInt16: Result<[UInt8], GATTError>] = [:]
    ) -> Step {
        connect(client)
        let mtu = Int(max(mtu, 23))
        var reader = ValueReader(core: self, client: client, readValues: readValues)
        let step: Step
        switch message {
        case .findInformationRequest(let request):
            step = findInformation(request, mtu: mtu)
        case .findByTypeValueRequest(let request):
            step = findByTypeValue(request, mtu: mtu, reader: &reader)
        case .readByTypeRequest(let request):
            step = readByType(request, mtu: mtu, reader: &reader)
        case .readRequest(let request):
            step = read(request, mtu: mtu, reader: &reader)
        case .readBlobRequest(let request):
            step = readBlob(request, mtu: mtu, reader: &reader)
        case .readMultipleRequest(let request):
            step = readMultiple(request, mtu: mtu, reader: &reader)
        case .readMultipleVariableRequest(let request):
            step = readMultipleVariable(request, mtu: mtu, reader: &reader)
        case .readByGroupTypeRequest(let request):
            step = readByGroupType(request, mtu: mtu)
        case .writeRequest(let request):
            step = write(handle: request.attributeHandle, value: request.attributeValue, method: .writeRequest, client: client)
        case .writeCommand(let command):
            step = write(handle: command.attributeHandle, value: command.attributeValue, method: .writeCommand, client: client)
        case .signedWriteCommand:
            // Part F 3.4.5.4 / Part H 2.4.5: verifying needs the client's CSRK from bonding,
            // which this stack does not have yet; an unverifiable signed write is ignored.
            step = .response(nil)
        case .prepareWriteRequest(let request):
            step = prepareWrite(request, client: client)
        case .executeWriteRequest(let request):
            step = executeWrite(request, client: client)
        case .exchangeMTURequest:
            // The bearer answers Exchange MTU itself; never reaches a server handler.
            step = .response(Self.error(.exchangeMTURequest, 0, .requestNotSupported))
        default:
            let opcode = message.opcode
            if opcode.kind == .request || (opcode.kind == nil && !opcode.isCommand) {
                step = .response(Self.error(opcode, 0, .requestNotSupported))
            } else {
                step = .response(nil)
            }
        }
        if reader.readDatabaseHash, case .response(let response) = step, let response, response.opcode != .errorResponse {
            clients[client]?.databaseHashWasRead()
        }
        return step
    }

    /// Stores a validated write and returns its response.
    ///
    /// Checks again that every attribute still exists (the database may have changed while the
    /// validators ran); if one does not, nothing is stored and the answer is Invalid Handle.
    public mutating func commit(_ write: GATTServerWrite) -> ATTMessage? {
        for entry in write.entries where database.attribute(at: entry.handle) == nil {
            return write.refusal(entry.handle, .invalidHandle)
        }
        for entry in write.entries {
            switch entry.target {
            case .value:
                values[entry.handle] = entry.value
            case .clientConfiguration:
                let raw = UInt16(entry.value[0]) | UInt16(entry.value[1]) << 8
                clients[write.client]?.clientConfigurations[entry.handle] = GATTClientConfiguration(rawValue: raw)
            case .clientSupportedFeatures:
                let old = clients[write.client]?.supportedFeatures ?? []
                let new = old.union(GATTClientSupportedFeatures(rawValue: entry.value.first ?? 0).intersection(.all))
                clients[write.client]?.supportedFeatures = new
                if !old.contains(.robustCaching) && new.contains(.robustCaching) {
                    // A client that enables robust caching now starts from the current database.
                    clients[write.client]?.becomeChangeAware()
                }
            }
        }
        return write.successResponse
    }

    // MARK: Helpers shared by the procedures

    static func error(_ opcode: ATTOpcode, _ handle: UInt16, _ code: ATTErrorCode) -> ATTMessage {
        .errorResponse(ATTErrorResponse(requestOpcodeInError: opcode, attributeHandleInError: handle, errorCode: code))
    }

    static func validRange(_ start: UInt16, _ end: UInt16) -> ClosedRange<UInt16>? {
        start == 0 || start > end ? nil : start...end
    }
}

/// One client's state on a ``GATTServerCore``.
public struct GATTServerClientState: Sendable, Hashable {
    /// The security of the client's link.
    public var security: GATTSecurityState
    /// The client's Client Characteristic Configuration values, by CCCD handle (absent: 0x0000).
    public internal(set) var clientConfigurations: [UInt16: GATTClientConfiguration] = [:]
    /// The client's Client Supported Features (Part G 7.2).
    public internal(set) var supportedFeatures: GATTClientSupportedFeatures = []
    /// Whether the client knows the current database (Part G 2.5.2.1). A new client is.
    public internal(set) var isChangeAware = true
    /// The client read the Database Hash while change-unaware.
    public internal(set) var readDatabaseHash = false
    /// The client was sent Database Out Of Sync since it became change-unaware.
    public internal(set) var sentOutOfSync = false
    /// The Prepare Write Requests queued by the client, in arrival order.
    public internal(set) var prepareQueue: [ATTPrepareWriteRequest] = []

    /// Creates a client state.
    public init(security: GATTSecurityState = .unencrypted) {
        self.security = security
    }

    mutating func becomeChangeAware() {
        isChangeAware = true
        readDatabaseHash = false
        sentOutOfSync = false
    }

    mutating func becomeChangeUnaware() {
        isChangeAware = false
        readDatabaseHash = false
        sentOutOfSync = false
    }

    mutating func databaseHashWasRead() {
        if !isChangeAware { readDatabaseHash = true }
    }
}

extension ATTMessage {
    /// The first attribute handle a request names (the starting handle of a range), or 0.
    var firstHandle: UInt16 {
        switch self {
        case .findInformationRequest(let request): request.startingHandle
        case .findByTypeValueRequest(let request): request.startingHandle
        case .readByTypeRequest(let request): request.startingHandle
        case .readRequest(let request): request.attributeHandle
        case .readBlobRequest(let request): request.attributeHandle
        case .readMultipleRequest(let request): request.setOfHandles.first ?? 0
        case .readMultipleVariableRequest(let request): request.setOfHandles.first ?? 0
        case .readByGroupTypeRequest(let request): request.startingHandle
        case .writeRequest(let request): request.attributeHandle
        case .prepareWriteRequest(let request): request.attributeHandle
        case .writeCommand(let command): command.attributeHandle
        case .signedWriteCommand(let command): command.attributeHandle
        default: 0
        }
    }
}
