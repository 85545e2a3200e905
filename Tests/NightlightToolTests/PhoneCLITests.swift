import BLETesting
import Foundation
import NightlightStore
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `nightlight phones add|list|revoke` as a process, on a fresh database each.
@Suite(.timeLimit(.minutes(3)))
struct PhoneCLITests {
    typealias CLI = NightlightCLITests.CLI

    @Test func addPrintsAOneTimeLinkAndItsQRCodeNeverTheToken() async throws {
        let cli = try CLI()
        let made = try await cli.json("phones", "add", "Dad's phone", "--url", "http://192.168.1.20:8080")
        let url = try #require(made["url"] as? String)
        #expect(url.hasPrefix("http://192.168.1.20:8080/invite/"))
        let code = String(url.dropFirst("http://192.168.1.20:8080/invite/".count))
        #expect(code.count == 64 && code.allSatisfy { $0.isHexDigit && !$0.isUppercase })
        #expect(made["name"] as? String == "Dad's phone")
        #expect((made["qrSVG"] as? String)?.hasPrefix("<svg") == true)

        // Into a pipe: the link and no QR code unless asked for.
        let plain = try await cli.run("phones", "add", "Mia's tablet")
        #expect(plain.status == 0, "\(plain.stderr)")
        #expect(plain.stdout.contains("http://127.0.0.1:8080/invite/"))
        #expect(plain.stdout.contains("within 10 minutes"))
        #expect(!plain.stdout.contains("Scan this"))
        let withCode = try await cli.run("phones", "add", "Grandma's phone", "--qr")
        #expect(withCode.stdout.contains("Scan this with the phone's camera"))
        #expect(withCode.stdout.contains("▀") || withCode.stdout.contains("##"), "\(withCode.stdout)")
        #expect(!withCode.stdout.contains("\u{1B}["), "no colours into a pipe")

        let store = try NightlightStore(path: cli.db)
        let token = try await store.string(for: .dashboardToken)
        try store.close()
        if let token { #expect(!plain.stdout.contains(token) && !withCode.stdout.contains(token)) }
    }

    /// `nightlight dashboard --qr` prints an invitation's QR code and link at start, never the
    /// token's; into a pipe (a log) it prints none unless asked; the link works once.
    @Test func dashboardPrintsAnInvitationQRCodeAtStart() async throws {
        let cli = try CLI()
        let port = CLI.dashboardPort()
        let token = "qr-test-token-0123456789"
        let server = try cli.runner.start(["dashboard", "--port", String(port), "--db", cli.db, "--token", token, "--qr"])
        let link = try await server.waitForLine { $0.contains("/invite/") }
        #expect(link.hasPrefix("http://127.0.0.1:\(port)/invite/"), "\(link)")
        #expect(server.stdout.contains("Scan this with the phone's camera"))
        #expect(server.stdout.contains("to add \"New phone\""))
        #expect(server.stdout.components(separatedBy: token).count == 2, "the token once, in the URL line, never in the QR code's link")
        let (page, response) = try await URLSession.shared.data(from: URL(string: link)!)
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        #expect(String(decoding: page, as: UTF8.self).contains("Add this phone"))
        #expect(try await server.interrupt().status == 0)

        let quiet = try cli.runner.start(["dashboard", "--port", String(port + 1), "--db", cli.db, "--token", token])
        _ = try await quiet.waitForLine { $0.contains("Ctrl-C stops it") }
        #expect(!quiet.stdout.contains("/invite/") && !quiet.stdout.contains("Scan this"), "no QR code into a pipe: \(quiet.stdout)")
        #expect(try await quiet.interrupt().status == 0)
    }

    @Test func badNamesAndURLsAreClearErrors() async throws {
        let cli = try CLI()
        let empty = try await cli.run("phones", "add", "  ")
        #expect(empty.status == 1)
        #expect(empty.stderr.contains("the phone's name cannot be empty"), "\(empty.stderr)")
        let long = try await cli.run("phones", "add", String(repeating: "x", count: 41))
        #expect(long.stderr.contains("at most 40 characters"), "\(long.stderr)")
        let control = try await cli.run("phones", "add", "a\u{1B}[2Jb")
        #expect(control.status == 1)
        #expect(control.stderr.contains("control characters"), "\(control.stderr)")
        for url in ["ftp://x", "192.168.1.2:8080", "http://host/path", "http://"] {
            let bad = try await cli.run("phones", "add", "A", "--url", url)
            #expect(bad.status != 0)
            #expect(bad.stderr.contains("--url must be the dashboard's address"), "\(url): \(bad.stderr)")
        }
        let unknown = try await cli.run("phones", "revoke", "Nobody")
        #expect(unknown.status == 1)
        #expect(unknown.stderr.contains("no phone with access is called or numbered 'Nobody'"), "\(unknown.stderr)")
    }

    @Test func listAndRevokeThePhonesThatAccepted() async throws {
        let cli = try CLI()
        #expect(try await cli.run("phones", "list").stdout.hasPrefix("No phones have their own access"))
        // A phone accepts an invitation (as the dashboard's invitation page does).
        let store = try NightlightStore(path: cli.db)
        for name in ["Dad's phone", "Kitchen tablet"] {
            // The store keeps hashes; any 64 characters stand for one here.
            let hash = String(repeating: name == "Dad's phone" ? "1" : "2", count: 64)
            try await store.addPhoneInvitation(codeHash: hash, name: name, expiresAt: Date().addingTimeInterval(600))
            let secret = String(repeating: name == "Dad's phone" ? "a" : "b", count: 64)
            _ = try await store.acceptPhoneInvitation(codeHash: hash, name: name, secretHash: secret).get()
        }
        try store.close()

        let list = try await cli.run("phones", "list")
        #expect(list.stdout.contains("Dad's phone") && list.stdout.contains("Kitchen tablet"), "\(list.stdout)")
        #expect(list.stdout.hasPrefix("ID"))
        let revoked = try await cli.run("phones", "revoke", "dad's PHONE")
        #expect(revoked.status == 0, "\(revoked.stderr)")
        #expect(revoked.stdout.contains("Revoked \"Dad's phone\""))
        let json = try await cli.runner.run(["phones", "list", "--db", cli.db, "--json"])
        let phones = try #require(try json.json() as? [[String: Any]])
        #expect(phones.compactMap { $0["name"] as? String } == ["Kitchen tablet"])
        let id = try #require(phones.first?["id"] as? Int)
        #expect(try await cli.run("phones", "revoke", String(id)).status == 0)
        #expect(try await cli.run("phones", "revoke", String(id)).status == 1, "revoked once")
    }
}
