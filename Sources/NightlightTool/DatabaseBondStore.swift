import BLECore
import BLEHost
import Logging
import NightlightStore

/// The nightlight app's bonds, kept in its database (SN profile §9.4: the app keeps the keys as
/// secrets, in a file only its user can read — the database is mode 0600): `nightlight` and
/// `nightlight dashboard` share them, and they go with the paired nightlights when the database
/// is moved or backed up. `ble` keeps its own bonds in its bond file.
///
/// Each bond is one row: the peer's identity address and the bond's ``SecurityBond/record``.
/// Every change is one transaction, so a bond is saved whole or not at all.
public struct DatabaseBondStore: BondStore {
    /// The database.
    public let store: NightlightStore

    /// A bond store in `store`.
    public init(_ store: NightlightStore) {
        self.store = store
    }

    /// The key of a peer's row: its address and type, as in the record (`C4:4E:4C:00:00:01/public`).
    static func key(_ peer: DeviceAddress) -> String {
        "\(peer)/\(peer.isRandom ? "random" : "public")"
    }

    // MARK: BondStore

    /// Every bond, the least recently used first.
    ///
    /// - Throws: a ``StoreError`` naming the peer whose record does not parse (unpair that
    ///   nightlight and pair it again), or the database's own failure.
    public func allBonds() async throws -> [SecurityBond] {
        try await store.bonds().map { stored in
            do {
                return try SecurityBond(record: stored.record)
            } catch {
                throw StoreError(
                    .invalidValue,
                    "the bond with \(stored.peer) in \(store.path ?? "the database") is damaged (\(error)); "
                        + "unpair that nightlight (`nightlight unpair`) and pair it again"
                )
            }
        }
    }

    /// Keeps `bond`, replacing the peer's bond; it becomes the most recently used.
    public func saveBond(_ bond: SecurityBond) async throws {
        try await store.saveBond(bond.record, for: Self.key(bond.peer))
    }

    /// Deletes the bond with `peer`.
    @discardableResult
    public func removeBond(for peer: DeviceAddress) async throws -> Bool {
        try await store.removeBond(Self.key(peer))
    }

    /// Deletes every bond.
    public func removeAllBonds() async throws {
        try await store.removeAllBonds()
    }

    /// Marks the bond as used (best effort: a failure to stamp it changes no key).
    public func bondUsed(_ peer: DeviceAddress) async {
        _ = try? await store.touchBond(Self.key(peer))
    }

    // MARK: Bonds of earlier versions

    /// Copies, once, the bonds of the paired nightlights from the tools' bond file into the
    /// database. Earlier versions kept the app's bonds there (shared with `ble`); without this
    /// every nightlight would need pairing again (with its button) after an update.
    ///
    /// Nothing happens when the database has imported before. A missing file imports nothing;
    /// a file that cannot be read, is open to other users or does not parse is left alone, logged
    /// as a warning, and tried again next time (the database is not marked).
    ///
    /// - Returns: how many bonds were copied.
    @discardableResult
    public func importOnce(from bondFile: String, logger: Logger) async throws -> Int {
        guard try await store.string(for: .bondsImported) == nil else { return 0 }
        let fileBonds: [SecurityBond]
        do {
            fileBonds = try await FileBondStore(path: bondFile).allBonds()
        } catch {
            logger.warning("the bonds of earlier versions were not imported: \(error)")
            return 0
        }
        let paired = Set(try await store.devices().map { $0.address.uppercased() })
        let records = fileBonds
            .filter { paired.contains($0.peer.description.uppercased()) }
            .map { (peer: Self.key($0.peer), record: $0.record) }
        let added = try await store.importBonds(records, marking: .bondsImported, as: bondFile)
        if added > 0 { logger.notice("imported \(added) bonds of paired nightlights from \(bondFile) into the database") }
        return added
    }
}
