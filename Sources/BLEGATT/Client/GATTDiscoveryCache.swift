import Synchronization

/// What a discovery cache is keyed by: who the peer is and which database it served.
///
/// Core 5.4, Vol 3, Part G, 2.5.2 and 7.3: the Database Hash changes whenever the server's
/// database changes, so a tree stored under the hash a peer reports now is still valid.
public struct GATTDiscoveryCacheKey: Sendable, Hashable, Codable {
    /// A stable identity for the peer (e.g. its identity address as text).
    public var peer: String
    /// The 16-byte Database Hash the peer reported.
    public var databaseHash: [UInt8]

    /// Creates a key.
    public init(peer: String, databaseHash: [UInt8]) {
        self.peer = peer
        self.databaseHash = databaseHash
    }
}

/// Where a ``GATTClient`` keeps discovered databases between connections, so a reconnecting
/// client whose peer reports the same Database Hash skips discovery.
///
/// Implementations may persist entries (the value is Codable); a failure to load is a miss.
public protocol GATTDiscoveryCache: Sendable {
    /// The database stored under `key`, or nil.
    func database(for key: GATTDiscoveryCacheKey) async -> GATTDiscoveredDatabase?
    /// Stores `database` under `key`, replacing every older entry for the same peer.
    func store(_ database: GATTDiscoveredDatabase, for key: GATTDiscoveryCacheKey) async
    /// Forgets every entry for `peer` (its database changed).
    func removeAll(for peer: String) async
}

/// A ``GATTDiscoveryCache`` in memory: one entry per peer, gone when the process ends.
public final class InMemoryGATTDiscoveryCache: GATTDiscoveryCache {
    private let entries = Mutex<[String: (hash: [UInt8], database: GATTDiscoveredDatabase)]>([:])

    /// Creates an empty cache.
    public init() {}

    /// The database stored for the key's peer if its hash matches.
    public func database(for key: GATTDiscoveryCacheKey) async -> GATTDiscoveredDatabase? {
        entries.withLock { entries in
            guard let entry = entries[key.peer], entry.hash == key.databaseHash else { return nil }
            return entry.database
        }
    }

    /// Stores the database as the peer's only entry.
    public func store(_ database: GATTDiscoveredDatabase, for key: GATTDiscoveryCacheKey) async {
        entries.withLock { $0[key.peer] = (key.databaseHash, database) }
    }

    /// Forgets the peer's entry.
    public func removeAll(for peer: String) async {
        _ = entries.withLock { $0.removeValue(forKey: peer) }
    }

    /// How many peers have an entry.
    public var count: Int { entries.withLock { $0.count } }
}
