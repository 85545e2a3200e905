import Foundation
import NightlightStore
import Testing

@Suite("Phones and their invitations")
struct PhoneTests {
    static let code = String(repeating: "c", count: 64)
    static let secret = String(repeating: "5", count: 64)

    @Test func anInvitationIsUsedOnceWithinItsTime() async throws {
        try await withFixture { f in
            #expect(try await f.store.phoneInvitation(codeHash: Self.code) == .unknown)
            try await f.store.addPhoneInvitation(codeHash: Self.code, name: " Dad's phone ", expiresAt: f.clock.now.addingTimeInterval(600))
            #expect(try await f.store.phoneInvitation(codeHash: Self.code) == .valid(name: "Dad's phone", expiresAt: f.clock.now.addingTimeInterval(600)))
            f.clock.advance(by: 60)
            let phone = try await f.store.acceptPhoneInvitation(codeHash: Self.code, name: "Dad's phone", secretHash: Self.secret).get()
            #expect(phone.name == "Dad's phone")
            #expect(phone.addedAt == f.clock.now && phone.lastSeen == f.clock.now && phone.revokedAt == nil)
            #expect(try await f.store.phoneInvitation(codeHash: Self.code) == .used(at: f.clock.now))
            let again = try await f.store.acceptPhoneInvitation(codeHash: Self.code, name: "Someone else", secretHash: String(repeating: "6", count: 64))
            #expect(again == .failure(PhoneInvitationRefusal(state: .used(at: f.clock.now))))
            #expect(try await f.store.phones().map(\.name) == ["Dad's phone"])

            // Expired.
            let late = String(repeating: "d", count: 64)
            try await f.store.addPhoneInvitation(codeHash: late, name: "Late", expiresAt: f.clock.now.addingTimeInterval(600))
            f.clock.advance(by: 600)
            #expect(try await f.store.phoneInvitation(codeHash: late) == .expired(at: f.clock.now))
            #expect(try await f.store.acceptPhoneInvitation(codeHash: late, name: "Late", secretHash: String(repeating: "7", count: 64)) == .failure(PhoneInvitationRefusal(state: .expired(at: f.clock.now))))
            #expect(try await f.store.acceptPhoneInvitation(codeHash: String(repeating: "e", count: 64), name: "X", secretHash: String(repeating: "8", count: 64)) == .failure(PhoneInvitationRefusal(state: .unknown)))

            // Kept across reopening, as the dashboard and the `nightlight phones` commands share it.
            let reopened = try f.reopen()
            #expect(try await reopened.phones().map(\.name) == ["Dad's phone"])
            try reopened.close()
        }
    }

    @Test func aPhoneIsSeenAtMostOnceAMinuteAndRevokedForGood() async throws {
        try await withFixture { f in
            try await f.store.addPhoneInvitation(codeHash: Self.code, name: "Tablet", expiresAt: f.clock.now.addingTimeInterval(600))
            let added = try await f.store.acceptPhoneInvitation(codeHash: Self.code, name: "Tablet", secretHash: Self.secret).get()
            f.clock.advance(by: 30)
            #expect(try await f.store.phone(secretHash: Self.secret)?.lastSeen == added.addedAt, "not written again within the minute")
            f.clock.advance(by: 31)
            #expect(try await f.store.phone(secretHash: Self.secret)?.lastSeen == f.clock.now)
            #expect(try await f.store.phone(secretHash: String(repeating: "0", count: 64)) == nil)

            let revoked = try #require(try await f.store.revokePhone(id: added.id))
            #expect(revoked.revokedAt == f.clock.now)
            #expect(try await f.store.revokePhone(id: added.id) == nil, "once")
            #expect(try await f.store.revokePhone(id: 999) == nil)
            #expect(try await f.store.phones().isEmpty)
            // Still found by its credential (so its next request is told why), and not seen again.
            f.clock.advance(by: 120)
            let found = try #require(try await f.store.phone(secretHash: Self.secret))
            #expect(found.revokedAt != nil && found.lastSeen != f.clock.now)
            #expect(try await f.store.phone(id: added.id)?.revokedAt != nil)
        }
    }

    @Test func badNamesHashesAndTooManyInvitationsAreRefused() async throws {
        try await withFixture { f in
            let later = f.clock.now.addingTimeInterval(600)
            for name in ["", "   ", String(repeating: "x", count: 41), "a\u{7}b", "line\nbreak"] {
                await #expect(throws: StoreError.self, "\(name.debugDescription)") {
                    try await f.store.addPhoneInvitation(codeHash: Self.code, name: name, expiresAt: later)
                }
            }
            await #expect(throws: StoreError.self) { try await f.store.addPhoneInvitation(codeHash: "short", name: "A", expiresAt: later) }
            try await f.store.addPhoneInvitation(codeHash: Self.code, name: "A", expiresAt: later)
            await #expect(throws: StoreError.self) {
                _ = try await f.store.acceptPhoneInvitation(codeHash: Self.code, name: "A", secretHash: "short")
            }
            await #expect(throws: StoreError.self, "the same code twice") {
                try await f.store.addPhoneInvitation(codeHash: Self.code, name: "B", expiresAt: later)
            }
            for index in 1..<NightlightStore.outstandingInvitationLimit {
                try await f.store.addPhoneInvitation(codeHash: String(format: "%064d", index), name: "P\(index)", expiresAt: later)
            }
            do {
                try await f.store.addPhoneInvitation(codeHash: String(repeating: "f", count: 64), name: "One more", expiresAt: later)
                Issue.record("a 21st waiting invitation was kept")
            } catch let error as StoreError {
                #expect(error.message.contains("waiting to be used"))
            }
            // Once they expire there is room again, and those a day old are dropped.
            f.clock.advance(by: 601 + 86_400)
            try await f.store.addPhoneInvitation(codeHash: String(repeating: "f", count: 64), name: "One more", expiresAt: f.clock.now.addingTimeInterval(600))
            #expect(try await f.store.phoneInvitation(codeHash: Self.code) == .unknown, "dropped after a day")
        }
    }
}
