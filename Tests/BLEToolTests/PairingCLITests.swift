import BLEToolKit
import BLETesting
import Foundation
import Testing

/// `ble pair`, `ble bonds` and pairing on demand, end to end as processes against the demo
/// peripheral of the `sim` world (its Secret characteristic needs an encrypted link): the bond
/// file, what each run says, and the refusals of a broken or exposed bond file.
@Suite(.timeLimit(.minutes(3)))
struct PairingCLITests {
    static let demo = "Nightlight Demo"
    static let address = "00:1B:DC:DE:00:01"
    static let secret = "4E4C0006-6465-6D6F-8000-6E696768746C"

    /// The default bond file of a runner's runs.
    static func bondFile(_ cli: CLIRunner) -> URL {
        cli.stateDirectory.appending(path: "nightlight/bonds")
    }

    static func mode(_ url: URL) throws -> Int {
        try #require(try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int)
    }

    /// A bond file of the runner's with `text` and `mode`.
    static func bondFile(_ cli: CLIRunner, named name: String, text: String, mode: Int) throws -> URL {
        let file = cli.deviceDirectory.appending(path: name)
        try Data(text.utf8).write(to: file)
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: file.path)
        return file
    }

    static func object(_ result: CLIRunner.Result) throws -> [String: Any] {
        try #require(try result.json() as? [String: Any], "\(result.stdout) \(result.stderr)")
    }

    @Test func pairJustWorksThenTheNextRunEncryptsWithTheBond() async throws {
        let cli = try CLIRunner()
        let pair = try await cli.run(["pair", Self.demo, "--json"])
        #expect(pair.status == 0, "\(pair.stderr)")
        let record = try Self.object(pair)
        #expect(record["peer"] as? String == Self.address)
        #expect(record["name"] as? String == Self.demo)
        #expect(record["method"] as? String == "Just Works")
        #expect(record["secureConnections"] as? Bool == true)
        #expect(record["keySize"] as? Int == 16)
        #expect(record["authenticated"] as? Bool == false)
        #expect(record["bonded"] as? Bool == true)
        #expect(record["bondFile"] as? String == Self.bondFile(cli).path)

        // The bond file and its folder are the user's alone; so is the demo device's.
        let file = Self.bondFile(cli)
        #expect(try Self.mode(file) == 0o600)
        #expect(try Self.mode(file.deletingLastPathComponent()) == 0o700)
        #expect(try Self.mode(cli.deviceDirectory.appending(path: "demo-0-bonds")) == 0o600)
        let kept = try String(contentsOf: file, encoding: .utf8)
        let key = try #require(kept.split(separator: " ").first { $0.hasPrefix("central=") }.map { String($0.dropFirst(8).prefix(32)) })

        // The list shows the bond, never the key unless asked.
        let list = try await cli.run(["bonds"])
        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.lines.first?.hasPrefix("PEER") == true)
        #expect(list.stdout.contains(Self.address) && list.stdout.contains("LE Secure Connections") && list.stdout.contains("LTK"))
        #expect(!list.stdout.contains(key))
        let json = try await cli.run(["bonds", "list", "--json"])
        let bonds = try #require(try json.json() as? [[String: Any]])
        #expect(bonds.count == 1)
        #expect(bonds.first?["peer"] as? String == Self.address)
        #expect(bonds.first?["keyNames"] as? [String] == ["LTK"])
        #expect(bonds.first?["keys"] == nil)
        let shown = try await cli.run(["bonds", "list", "--show-keys"])
        #expect(shown.stdout.contains(key))

        // A new run reads the secret by encrypting with the bond: no pairing, the file unchanged.
        let read = try await cli.run(["read", Self.demo, Self.secret])
        #expect(read.status == 0, "\(read.stderr)")
        #expect(read.stdout.contains("\"Nightlight secret\""))
        #expect(read.stderr.contains("encrypted the link to \(Self.demo) (\(Self.address)) with the bond kept in"), "\(read.stderr)")
        #expect(!read.stderr.contains("paired with"))
        #expect(try String(contentsOf: file, encoding: .utf8) == kept)

        // Remove says what it did; a second remove finds nothing.
        let remove = try await cli.run(["bonds", "remove", Self.address])
        #expect(remove.status == 0, "\(remove.stderr)")
        #expect(remove.stdout.hasPrefix("removed the bond with \(Self.address) from \(file.path)"))
        let empty = try await cli.run(["bonds", "list"])
        #expect(empty.stdout.hasPrefix("no bonds in \(file.path)"))
        let again = try await cli.run(["bonds", "remove", Self.address])
        #expect(again.status == 1)
        #expect(again.stderr.contains("no bond with \(Self.address)"), "\(again.stderr)")
        #expect(try Self.mode(file) == 0o600)
    }

    @Test func readAndWriteOfTheSecretPairOnDemand() async throws {
        let cli = try CLIRunner()
        let read = try await cli.run(["read", Self.demo, Self.secret, "--json"])
        #expect(read.status == 0, "\(read.stderr)")
        #expect(try Self.object(read)["string"] as? String == "Nightlight secret")
        #expect(read.stderr.contains("paired with \(Self.demo) (\(Self.address)) (Just Works, LE Secure Connections, 16-octet key"), "\(read.stderr)")
        #expect(read.stderr.contains("bond kept in \(Self.bondFile(cli).path)"))

        let write = try await cli.run(["write", Self.demo, Self.secret, "48 69"])
        #expect(write.status == 0, "\(write.stderr)")
        #expect(!write.stderr.contains("paired with"), "\(write.stderr)")

        // Everything else of the demo still works on a link that is not encrypted.
        let battery = try await cli.run(["read", Self.demo, "2A19", "--json"])
        #expect(battery.status == 0, "\(battery.stderr)")
        #expect(!battery.stderr.contains("encrypted"), "\(battery.stderr)")

        let clear = try await cli.run(["bonds", "clear"])
        #expect(clear.status == 0, "\(clear.stderr)")
        #expect(clear.stdout == "removed 1 bond from \(Self.bondFile(cli).path): \(Self.address)\n")
        let nothing = try await cli.run(["bonds", "clear", "--json"])
        #expect(try Self.object(nothing)["removed"] as? [String] == [])
    }

    @Test func passkeyEntryAndNumericComparison() async throws {
        let cli = try CLIRunner()
        let typed = try await cli.run(["pair", Self.demo, "--passkey", "123456", "--json"])
        #expect(typed.status == 0, "\(typed.stderr)")
        #expect(try Self.object(typed)["method"] as? String == "Passkey Entry (we type)")
        #expect(try Self.object(typed)["authenticated"] as? Bool == true)

        let compared = try await cli.run(["pair", Self.demo, "--io", "yesno", "--mitm", "--yes"])
        #expect(compared.status == 0, "\(compared.stderr)")
        #expect(compared.stdout.contains("Numeric Comparison, LE Secure Connections, 16-octet key, authenticated, bonded"), "\(compared.stdout)")

        let legacy = try await cli.run(["pair", Self.demo, "--legacy", "--passkey", "123456"])
        #expect(legacy.status == 0, "\(legacy.stderr)")
        #expect(legacy.stdout.contains("Passkey Entry (we type), legacy pairing"), "\(legacy.stdout)")
        let bonds = try await cli.run(["bonds", "list", "--json"])
        #expect(try #require(try bonds.json() as? [[String: Any]]).first?["secureConnections"] as? Bool == false)

        // A name is looked up by a scan.
        let removed = try await cli.run(["bonds", "remove", Self.demo])
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(removed.stdout.hasPrefix("removed the bond with \(Self.address)"))
    }

    @Test(arguments: [
        (["pair", "X", "--io", "bogus"], "invalid --io 'bogus': expected none, display, yesno, keyboard or keyboard-display"),
        (["pair", "X", "--passkey", "12345"], "invalid --passkey '12345': expected the six digits the device shows"),
        (["pair", "X", "--io", "display", "--passkey", "123456"], "--passkey needs an IO capability that can type"),
        (["bonds", "--bonds", ""], "invalid --bonds '': expected a file path"),
    ])
    func badArgumentsAreRefused(arguments: [String], message: String) async throws {
        let result = try await CLIRunner().run(arguments)
        #expect(result.status == 64)
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }

    @Test(arguments: [
        (["--passkey", "111111"], "the passkey did not match"),
        (["--io", "keyboard", "--mitm"], "standard input is not a terminal to type it on: run again with --passkey N"),
        (["--io", "yesno", "--mitm"], "run again with --yes"),
        (["--io", "none", "--mitm"], "protection against a man in the middle"),
    ])
    func pairingFailuresSayWhatToDo(options: [String], message: String) async throws {
        let cli = try CLIRunner()
        let result = try await cli.run(["pair", Self.demo] + options)
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("ble: error: pairing with \(Self.demo) (\(Self.address)) failed: "), "\(result.stderr)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: Self.bondFile(cli).path), "no bond is kept")
    }

    @Test func aBrokenBondFileIsNamedAndLeftAlone() async throws {
        let cli = try CLIRunner()
        let text = "nightlight-bonds 1\nbond peer=00:1B:DC:DE:00:01/public size=99 auth=0 sc=1\n"
        let file = try Self.bondFile(cli, named: "my-bonds", text: text, mode: 0o600)
        for arguments in [["bonds"], ["pair", Self.demo], ["read", Self.demo, Self.secret], ["bonds", "clear"]] {
            let result = try await cli.run(arguments + ["--bonds", file.path])
            #expect(result.status == 1, "\(arguments)")
            #expect(result.stderr.contains("bond file \(file.path) line 2: size must be a key size of 7…16"), "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("ble leaves the file as it is"))
            #expect(try String(contentsOf: file, encoding: .utf8) == text)
        }
        #expect(!FileManager.default.fileExists(atPath: file.path + ".new"))
    }

    @Test func aBondFileOthersCanReadIsRefused() async throws {
        let cli = try CLIRunner()
        let text = "nightlight-bonds 1\n"
        let file = try Self.bondFile(cli, named: "open-bonds", text: text, mode: 0o644)
        for arguments in [["bonds", "list"], ["pair", Self.demo]] {
            let result = try await cli.run(arguments + ["--bonds", file.path])
            #expect(result.status == 1, "\(arguments)")
            #expect(result.stderr.contains("bond file \(file.path) holds secret keys but others may read or change it (mode 644); run `chmod 600 \(file.path)`"), "\(result.stderr)")
        }
        #expect(try String(contentsOf: file, encoding: .utf8) == text)
        #expect(try Self.mode(file) == 0o644)
    }

    @Test func bondsGoWhereBondsSays() async throws {
        let cli = try CLIRunner()
        let file = cli.deviceDirectory.appending(path: "elsewhere/nested/bonds")
        let pair = try await cli.run(["pair", Self.demo, "--bonds", file.path])
        #expect(pair.status == 0, "\(pair.stderr)")
        #expect(pair.stdout.hasSuffix("; bond kept in \(file.path)\n"), "\(pair.stdout)")
        #expect(try Self.mode(file) == 0o600)
        #expect(try Self.mode(file.deletingLastPathComponent()) == 0o700)
        #expect(!FileManager.default.fileExists(atPath: Self.bondFile(cli).path))
    }

    @Test func theDefaultBondFileFollowsXDGThenHome() throws {
        #expect(ToolEnvironment.defaultBondFile(environment: ["XDG_STATE_HOME": "/state", "HOME": "/home/ana"]) == "/state/nightlight/bonds")
        #expect(ToolEnvironment.defaultBondFile(environment: ["XDG_STATE_HOME": "relative", "HOME": "/home/ana"]) == "/home/ana/.local/state/nightlight/bonds")
        #expect(ToolEnvironment.defaultBondFile(environment: ["HOME": "/home/ana"]) == "/home/ana/.local/state/nightlight/bonds")
        #expect(ToolEnvironment.defaultBondFile(environment: [:]).hasSuffix("/.local/state/nightlight/bonds"), "the account's home when HOME is unset")
        // The virtual devices' flash follows the same rules ($HOME, not the account's home), so
        // two users of one account, or a test with its own HOME, never share devices.
        #expect(ToolPaths.deviceDirectory(environment: ["HOME": "/home/ana"]) == "/home/ana/.local/state/nightlight/sim")
        #expect(ToolPaths.deviceDirectory(environment: ["HOME": "/home/ana", "XDG_STATE_HOME": "/state"]) == "/state/nightlight/sim")
        #expect(ToolPaths.deviceDirectory(environment: ["HOME": "/home/ana", "XDG_STATE_HOME": "state"]) == "/home/ana/.local/state/nightlight/sim")
        #expect(ToolPaths.deviceDirectory(environment: ["HOME": "/home/ana", "NIGHTLIGHT_SIM_DIR": "/tmp/sim"]) == "/tmp/sim")
    }
}
