import Foundation
import GRDB

/// A phone (or any browser) let into the dashboard by an invitation: its name and when it was
/// added, last seen and revoked. Its credential is not kept, only the credential's SHA-256.
public struct StoredPhone: Codable, Sendable, Hashable, Identifiable {
    /// The phone's number, never reused.
    public var id: Int64
    /// The name the parent gave it ("Dad's phone").
    public var name: String
    /// When its invitation was used.
    public var addedAt: Date
    /// When it last made a request (kept to the minute).
    public var lastSeen: Date
    /// When its access was revoked; nil while it has access.
    public var revokedAt: Date?

    init(row: Row) throws {
        id = row["id"]
        name = row["name"]
        addedAt = try row.storedDate("addedAt", of: "phone")
        lastSeen = try row.storedDate("lastSeen", of: "phone")
        revokedAt = try row.optionalStoredDate("revokedAt", of: "phone")
    }
}

/// What became of an invitation's code.
public enum PhoneInvitationState: Sendable, Hashable {
    /// It can be used: the name it was made with and until when.
    case valid(name: String, expiresAt: Date)
    /// It was used already (by the phone of that name).
    case used(at: Date)
    /// It expired unused.
    case expired(at: Date)
    /// No invitation has that code.
    case unknown
}

extension NightlightStore {
    /// The most unused, unexpired invitations there may be at once.
    public static let outstandingInvitationLimit = 20
    /// The longest name of a phone, in characters.
    public static let phoneNameLimit = 40

    /// Keeps an invitation: the SHA-256 (64 hex digits) of its one-time code, the name the phone
    /// will get and when it expires. Used and expired invitations older than a day are dropped.
    ///
    /// - Throws: ``StoreError/Code/invalidValue`` for an empty or too long name, a hash that is
    ///   not 64 characters, or when ``outstandingInvitationLimit`` invitations are waiting.
    public func addPhoneInvitation(codeHash: String, name: String, expiresAt: Date) async throws {
        let name = try Self.checkedPhoneName(name)
        guard codeHash.utf8.count == 64 else { throw StoreError.invalid("an invitation's code hash must be 64 hex digits") }
        try await write("keeping an invitation for \(name)") { db in
            let now = self.now()
            try db.execute(literal: "DELETE FROM phoneInvitation WHERE expiresAt < \(StoredDate(now.addingTimeInterval(-86_400)))")
            let waiting = try Int.fetchOne(db, sql: "SELECT count(*) FROM phoneInvitation WHERE usedAt IS NULL AND expiresAt > ?", arguments: [StoredDate(now)]) ?? 0
            guard waiting < Self.outstandingInvitationLimit else {
                throw StoreError.invalid("\(waiting) invitations are waiting to be used; wait until they expire (10 minutes) and add the phone again")
            }
            try db.execute(
                literal: "INSERT INTO phoneInvitation (codeHash, name, createdAt, expiresAt) VALUES (\(codeHash), \(name), \(StoredDate(now)), \(StoredDate(expiresAt)))"
            )
        }
    }

    /// What became of the invitation whose code has the SHA-256 `codeHash`.
    public func phoneInvitation(codeHash: String) async throws -> PhoneInvitationState {
        try await read("reading an invitation") { db in
            try Self.invitationState(db, codeHash: codeHash, now: self.now())
        }
    }

    /// Uses the invitation whose code has the SHA-256 `codeHash`: adds a phone called `name`
    /// with the credential of SHA-256 `secretHash`, and marks the invitation used, in one
    /// transaction. Returns the phone, or the invitation's state when it cannot be used.
    public func acceptPhoneInvitation(codeHash: String, name: String, secretHash: String) async throws -> Result<StoredPhone, PhoneInvitationRefusal> {
        let name = try Self.checkedPhoneName(name)
        guard secretHash.utf8.count == 64 else { throw StoreError.invalid("a phone's credential hash must be 64 hex digits") }
        return try await write("adding the phone \(name)") { db in
            let now = self.now()
            let state = try Self.invitationState(db, codeHash: codeHash, now: now)
            guard case .valid = state else { return .failure(PhoneInvitationRefusal(state: state)) }
            try db.execute(
                literal: "INSERT INTO phone (name, secretHash, addedAt, lastSeen) VALUES (\(name), \(secretHash), \(StoredDate(now)), \(StoredDate(now)))"
            )
            let id = db.lastInsertedRowID
            try db.execute(literal: "UPDATE phoneInvitation SET usedAt = \(StoredDate(now)), phoneID = \(id) WHERE codeHash = \(codeHash)")
            guard let row = try Row.fetchOne(db, sql: "SELECT * FROM phone WHERE id = ?", arguments: [id]) else {
                throw StoreError.invalid("the phone just added is missing")
            }
            return .success(try StoredPhone(row: row))
        }
    }

    /// The phones with access, the earliest added first.
    public func phones() async throws -> [StoredPhone] {
        try await read("reading the phones") { db in
            try Row.fetchAll(db, sql: "SELECT * FROM phone WHERE revokedAt IS NULL ORDER BY addedAt, id").map(StoredPhone.init(row:))
        }
    }

    /// The phone whose credential has the SHA-256 `secretHash` (revoked or not), or nil. When
    /// it has access and was last seen over a minute ago, it is marked seen now.
    public func phone(secretHash: String) async throws -> StoredPhone? {
        // Read first: every request of a phone asks, and only one a minute writes.
        let found = try await read("checking a phone's access") { db in
            try Row.fetchOne(db, sql: "SELECT * FROM phone WHERE secretHash = ?", arguments: [secretHash]).map(StoredPhone.init(row:))
        }
        guard var phone = found else { return nil }
        let seen = self.now()
        if phone.revokedAt == nil, seen.timeIntervalSince(phone.lastSeen) >= 60 {
            let id = phone.id
            try await write("marking phone \(id) as seen") { db in
                try db.execute(literal: "UPDATE phone SET lastSeen = \(StoredDate(seen)) WHERE id = \(id) AND revokedAt IS NULL")
            }
            phone.lastSeen = seen
        }
        return phone
    }

    /// The phone numbered `id` (revoked or not), or nil.
    public func phone(id: Int64) async throws -> StoredPhone? {
        try await read("reading phone \(id)") { db in
            try Row.fetchOne(db, sql: "SELECT * FROM phone WHERE id = ?", arguments: [id]).map(StoredPhone.init(row:))
        }
    }

    /// Ends the access of the phone numbered `id`; the phone revoked, or nil when there is no
    /// phone with access of that number.
    @discardableResult
    public func revokePhone(id: Int64) async throws -> StoredPhone? {
        try await write("revoking phone \(id)") { db -> StoredPhone? in
            try db.execute(literal: "UPDATE phone SET revokedAt = \(StoredDate(self.now())) WHERE id = \(id) AND revokedAt IS NULL")
            guard db.changesCount > 0 else { return nil }
            return try Row.fetchOne(db, sql: "SELECT * FROM phone WHERE id = ?", arguments: [id]).map(StoredPhone.init(row:))
        }
    }

    /// `name` without surrounding spaces, when it is 1…``phoneNameLimit`` characters without
    /// control characters.
    static func checkedPhoneName(_ name: String) throws -> String {
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw StoreError.empty("the phone's name") }
        guard trimmed.count <= phoneNameLimit else {
            throw StoreError.invalid("a phone's name is at most \(phoneNameLimit) characters; \"\(trimmed.prefix(phoneNameLimit))…\" is longer")
        }
        guard !trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw StoreError.invalid("a phone's name cannot hold control characters")
        }
        return trimmed
    }

    private static func invitationState(_ db: Database, codeHash: String, now: Date) throws -> PhoneInvitationState {
        guard let row = try Row.fetchOne(db, sql: "SELECT name, expiresAt, usedAt FROM phoneInvitation WHERE codeHash = ?", arguments: [codeHash]) else {
            return .unknown
        }
        if let used = try row.optionalStoredDate("usedAt", of: "phoneInvitation") { return .used(at: used) }
        let expires = try row.storedDate("expiresAt", of: "phoneInvitation")
        return expires > now ? .valid(name: row["name"], expiresAt: expires) : .expired(at: expires)
    }
}

/// Why an invitation could not be used: it was used, expired or never made.
public struct PhoneInvitationRefusal: Error, Sendable, Hashable {
    /// The invitation's state (never ``PhoneInvitationState/valid(name:expiresAt:)``).
    public let state: PhoneInvitationState

    /// A refusal for an invitation in `state`.
    public init(state: PhoneInvitationState) {
        self.state = state
    }
}
