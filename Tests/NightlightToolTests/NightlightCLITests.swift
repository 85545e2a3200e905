import BLETesting
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Every `nightlight` command end to end on `sim`, as a process: the two virtual nightlights of
/// the demo world (SN-0001 at factory settings, SN-0002 configured), a fresh database and fresh
/// device flash per test; state carries from one command to the next as it would for a user.
@Suite(.timeLimit(.minutes(3)))
struct NightlightCLITests {
    /// Runs `nightlight` with the test's database.
    struct CLI {
        let runner: CLIRunner
        var db: String { runner.deviceDirectory.appending(path: "nightlight.sqlite").path }

        init() throws { runner = try CLIRunner("nightlight") }

        /// A port for a dashboard, and the one after it, both free now: below the kernel's
        /// ephemeral range (32768 up), where the run's own outgoing connections never land, so
        /// only another test's random pick could take it before the dashboard binds.
        static func dashboardPort() -> Int {
            for _ in 0..<50 {
                let port = Int.random(in: 20_000...32_000)
                if isFree(port), isFree(port + 1) { return port }
            }
            return Int.random(in: 20_000...32_000)
        }

        private static func isFree(_ port: Int) -> Bool {
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            guard descriptor >= 0 else { return false }
            defer { close(descriptor) }
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(port).bigEndian)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            return withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
            }
        }

        func run(_ arguments: String...) async throws -> CLIRunner.Result {
            try await runner.run(arguments + ["--db", db], timeout: .seconds(60))
        }

        func json(_ arguments: String...) async throws -> [String: Any] {
            let result = try await runner.run(arguments + ["--db", db, "--json"], timeout: .seconds(60))
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            return try #require(try result.json() as? [String: Any], "\(result.stdout)")
        }
    }

    @Test func pairingAsksForAChildNameThenRemembersTheNightlight() async throws {
        let cli = try CLI()
        let empty = try await cli.run("devices")
        #expect(empty.stdout.hasPrefix("No nightlight is paired yet"))

        let refused = try await cli.run("pair", "SN-0001")
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("has no child name yet"), "\(refused.stderr)")

        // Issue 18, items 2 and 3: a name that would retitle the window and clear the screen is
        // refused before anything is written, and the error shows it inert.
        let hostile = try await cli.run("pair", "SN-0001", "--child-name", "\u{1B}]0;PWN\u{7}\u{1B}[2JX")
        #expect(hostile.status == 1)
        #expect(hostile.stderr.contains("control character U+001B"), "\(hostile.stderr.debugDescription)")
        #expect(!hostile.stderr.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "\(hostile.stderr.debugDescription)")
        #expect(try await cli.run("devices").stdout.hasPrefix("No nightlight is paired yet"), "nothing half-done")

        let paired = try await cli.json("pair", "SN-0001", "--child-name", "Leo")
        let device = try #require(paired["device"] as? [String: Any])
        #expect(device["childName"] as? String == "Leo")
        #expect(device["address"] as? String == "C4:4E:4C:00:00:01")
        #expect(paired["clockWritten"] as? Bool == true, "a factory SN's clock is not set: written at once")

        let configured = try await cli.json("pair", "SN-0002")
        #expect((configured["device"] as? [String: Any])?["childName"] as? String == "Mia")

        let list = try await cli.runner.run(["devices", "--db", cli.db, "--json"])
        let devices = try #require(try list.json() as? [[String: Any]])
        #expect(devices.compactMap { $0["childName"] as? String }.sorted() == ["Leo", "Mia"])
        // Times are ISO 8601 with a zone, not Foundation's seconds since 2001.
        for device in devices {
            for key in ["pairedAt", "lastSeen"] {
                let text = try #require(device[key] as? String, "\(key): \(device)")
                #expect(text.wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/) != nil, "\(key): \(text)")
            }
        }

        let renamed = try await cli.json("name", "Leo", "Leonard")
        #expect(renamed["childName"] as? String == "Leonard")
        let status = try await cli.json("status", "Leonard")
        #expect((status["identity"] as? [String: Any])?["childName"] as? String == "Leonard", "written to the device")

        let unpaired = try await cli.run("unpair", "Leonard")
        #expect(unpaired.status == 0)
        let missing = try await cli.run("status", "Leonard")
        #expect(missing.status == 1)
        #expect(missing.stderr.hasPrefix("nightlight: error: "))
    }

    /// The permission bits of `path`.
    static func mode(_ path: String) throws -> Int {
        try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) & 0o777
    }

    @Test func pairBondsAndUnpairDeletesTheBondOnTheNightlightToo() async throws {
        let cli = try CLI()
        let paired = try await cli.json("pair", "SN-0002")
        #expect(paired["security"] as? String == "paired")
        // The keys are in the app's database (§9.4), readable by its owner only; `ble`'s bond
        // file is not touched.
        #expect(try Self.mode(cli.db) == 0o600, "the keys are readable by their owner only")
        let toolBondFile = cli.runner.deviceDirectory.appending(path: "state/nightlight/bonds").path
        #expect(!FileManager.default.fileExists(atPath: toolBondFile))
        let text = try await cli.run("pair", "SN-0002")
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("Link: encrypted with the existing bond."), "\(text.stdout)")

        // Another computer (its own database): the nightlight's window is closed.
        let elsewhere = cli.runner.deviceDirectory.appending(path: "elsewhere/nightlight.sqlite").path
        let refused = try await cli.runner.run(["pair", "SN-0002", "--db", elsewhere], timeout: .seconds(60))
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("is not accepting a new pairing"), "\(refused.stderr)")
        #expect(refused.stderr.contains("hold the nightlight's child button for 3 s"), "\(refused.stderr)")
        let hold = try await cli.run("simulate", "hold", "SN-0002", "--seconds", "3")
        #expect(hold.status == 0, "\(hold.stderr)")
        #expect(hold.stdout.contains("hold: the pairing window is open for 60 s"), "\(hold.stdout)")
        let accepted = try await cli.runner.run(["pair", "SN-0002", "--db", elsewhere], timeout: .seconds(60))
        #expect(accepted.status == 0, "\(accepted.stderr)")
        #expect(accepted.stdout.contains("Link: paired and bonded"), "\(accepted.stdout)")

        let unpaired = try await cli.runner.run(["unpair", "Mia", "--db", elsewhere, "--json"], timeout: .seconds(60))
        #expect(unpaired.status == 0, "\(unpaired.stderr)")
        let record = try #require(try unpaired.json() as? [String: Any])
        #expect(record["deletedOnDevice"] as? Bool == true)
        let again = try await cli.runner.run(["pair", "SN-0002", "--db", elsewhere], timeout: .seconds(60))
        #expect(again.stdout.contains("Link: paired and bonded"), "our copy is gone too: \(again.stdout) \(again.stderr)")
    }

    @Test func bondsOfEarlierVersionsAreImportedFromTheToolsBondFileOnce() async throws {
        let cli = try CLI()
        // As an earlier version kept them: in the tools' bond file.
        let toolBondFile = cli.runner.deviceDirectory.appending(path: "state/nightlight/bonds").path
        let paired = try await cli.json("pair", "SN-0002", "--bonds", toolBondFile)
        #expect(paired["security"] as? String == "paired")
        #expect(try String(contentsOfFile: toolBondFile, encoding: .utf8).contains("peer=C4:4E:4C:00:00:02/random"))

        // This version finds them there, copies them into the database and encrypts with them.
        let text = try await cli.run("pair", "SN-0002")
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("Link: encrypted with the existing bond."), "\(text.stdout) \(text.stderr)")
        // Once: a bond file removed afterwards changes nothing.
        try FileManager.default.removeItem(atPath: toolBondFile)
        let later = try await cli.run("status", "Mia")
        #expect(later.status == 0, "\(later.stderr)")
        #expect(try await cli.run("pair", "SN-0002").stdout.contains("Link: encrypted with the existing bond."))
    }

    @Test func schedulesGoToTheDeviceAndTheLibrary() async throws {
        let cli = try CLI()
        _ = try await cli.json("pair", "SN-0001", "--child-name", "Leo")
        let exported = try await cli.run("schedule", "export", "Leo")
        #expect(exported.stdout.hasPrefix("schedule \"Default\"\n"))
        #expect(exported.stdout.contains("Mon-Fri \"Working days\" 19:30-24:00 #402000"))

        let file = cli.runner.deviceDirectory.appending(path: "bedtime.txt")
        try """
            schedule "Bedtime"
            Mon-Fri "School" 19:00-24:00 #402000 fade 5
            Mon-Fri "School" 00:00-07:00 #402000
            Sat-Sun "Weekend" 20:00-24:00 #FF8000
            """.write(to: file, atomically: true, encoding: .utf8)
        let set = try await cli.run("schedule", "set", "Leo", file.path)
        #expect(set.status == 0, "\(set.stderr)")
        let shown = try await cli.json("schedule", "show", "Leo")
        #expect(shown["name"] as? String == "Bedtime")

        let bad = cli.runner.deviceDirectory.appending(path: "bad.txt")
        try "Mon-Sun 19:00-18:00 #402000\n".write(to: bad, atomically: true, encoding: .utf8)
        let refused = try await cli.run("schedule", "set", "Leo", bad.path)
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("19:00"), "\(refused.stderr)")
        #expect(try await cli.json("schedule", "show", "Leo")["name"] as? String == "Bedtime", "nothing half-written")

        #expect(try await cli.run("schedule", "save", "Leo", "Bedtime").status == 0)
        let duplicate = try await cli.run("schedule", "save", "Leo", "bedtime")
        #expect(duplicate.status == 1, "names are unique, ignoring case")
        #expect(try await cli.run("schedule", "rename", "Bedtime", "School nights").status == 0)
        let library = try await cli.run("schedule", "list")
        #expect(library.stdout.contains("School nights"))
        #expect(library.stdout.contains("School, Weekend"))

        _ = try await cli.json("pair", "SN-0002")
        #expect(try await cli.run("schedule", "apply", "School nights", "Mia").status == 0)
        #expect(try await cli.json("schedule", "show", "Mia")["name"] as? String == "School nights", "the library's name, not the one stored in the copy")
        #expect(try await cli.run("schedule", "delete", "School nights").status == 0)
        let gone = try await cli.run("schedule", "apply", "School nights", "Mia")
        #expect(gone.status == 1)

        let temp = try await cli.json("temp", "set", "Leo", "--days", "2", "19:00-23:00 #FF0000 fade 10")
        #expect(temp["remainingDays"] as? Int == 2)
        let status = try await cli.json("status", "Leo")
        #expect((status["temporarySchedule"] as? [String: Any])?["remainingDays"] as? Int == 2)
        #expect(try await cli.json("temp", "clear", "Leo")["remainingDays"] as? Int == 0)
    }

    @Test func buttonColourProofAndClock() async throws {
        let cli = try CLI()
        _ = try await cli.json("pair", "SN-0001", "--child-name", "Leo")
        // A deactivation window well away from now (the SN's clock is the wall clock), so the
        // press below counts at any time of day.
        let start = (Calendar.current.component(.hour, from: Date()) + 8) % 24
        let window = String(format: "%02d:00-%02d:00", start, (start + 4) % 24)
        let button = try await cli.json("button", "set", "Leo", "--daily", "5", "--deactivation", window, "--color", "#00FF80")
        #expect(button["dailyUsage"] as? Int == 5)
        let shown = try await cli.json("button", "show", "Leo")
        let settings = try #require(shown["settings"] as? [String: Any])
        #expect(settings["color"] as? String == "#00FF80")
        #expect((settings["deactivationWindow"] as? [String: Any])?["start"] as? Int == start * 60)

        let pressed = try await cli.json("simulate", "press", "Leo")
        #expect(pressed["mode"] as? String == "child button")
        let status = try await cli.json("status", "Leo")
        #expect((status["buttonStatus"] as? [String: Any])?["usesToday"] as? Int == 1, "kept in the device's flash between runs")

        let shaken = try await cli.json("simulate", "shake", "Leo")
        #expect(shaken["outcome"] as? String == "nothing happened (the light is off or shake mode is off)", "shake mode is off")
        #expect(try await cli.json("simulate", "plug", "Leo")["outcome"] as? String == "charging")
        let charging = try await cli.json("status", "Leo")
        #expect((charging["powerState"] as? [String: Any])?["externalPower"] as? Int == 1, "1: wired power connected (a full battery does not charge)")
        #expect(try await cli.json("simulate", "unplug", "Leo")["outcome"] as? String == "on battery")

        #expect(try await cli.run("color", "Leo", "--hex", "#123456").status == 0)
        let proof = try await cli.json("proof", "Leo", "on")
        #expect(proof["mode"] as? Int == 4)
        #expect((proof["colors"] as? [String])?.first == "#123456")

        let leds = try await cli.json("leds", "Leo")
        #expect(leds["isPowerEnabled"] as? Bool == true && leds["isLinked"] as? Bool == true, "factory: on and linked")
        let dark = try await cli.json("leds", "Leo", "--power", "off", "--link", "off")
        #expect(dark["isPowerEnabled"] as? Bool == false && dark["isLinked"] as? Bool == false)
        #expect(try await cli.json("status", "Leo")["activeState"].flatMap { ($0 as? [String: Any])?["mode"] as? Int } == 5, "LEDs disabled (§4.5)")
        let text = try await cli.run("leds", "Leo", "--power", "on")
        #expect(text.stdout.contains("LEDs on; not linked"), "\(text.stdout)")

        let clock = try await cli.json("clock", "sync", "Leo", "--force")
        #expect(clock["decision"] as? String == "forcedUpdate")
        #expect(clock["written"] as? Bool == true)
        let shownClock = try await cli.json("clock", "show", "Leo")
        #expect(shownClock["decision"] as? String == "inSync")

        let shifted = try await cli.json("simulate", "clock", "Leo", "--minutes", "-45")
        #expect(shifted["outcome"] as? String == "moved back by 45 min")
        let behind = try await cli.json("clock", "show", "Leo")
        #expect(behind["decision"] as? String == "askUser", "over 30 minutes off: §8 asks")
        let offset = try #require(behind["offsetSeconds"] as? Double)
        #expect(abs(offset + 45 * 60) < 60, "\(offset)")
    }

    @Test func firmwareIsBuiltAndUpdated() async throws {
        let cli = try CLI()
        _ = try await cli.json("pair", "SN-0002")
        let image = cli.runner.deviceDirectory.appending(path: "sn-1.2.0.bin").path
        let built = try await cli.json("firmware", "build", "--version", "1.2.0", "--size", "30000", "-o", image)
        #expect(built["version"] as? String == "1.2.0")
        let updated = try await cli.json("firmware", "update", "Mia", image)
        #expect(updated["version"] as? String == "1.2.0")
        #expect((try await cli.json("status", "Mia")["identity"] as? [String: Any])?["firmwareVersion"] as? String == "1.2.0")

        let corrupt = cli.runner.deviceDirectory.appending(path: "corrupt.bin")
        try Data("SNFW-not-an-image".utf8).write(to: corrupt)
        let refused = try await cli.run("firmware", "update", "Mia", corrupt.path)
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("is not a firmware image"), "\(refused.stderr)")

        // An unsigned image of profile 1.0 (header version 1): refused before connecting.
        let unsigned = cli.runner.deviceDirectory.appending(path: "unsigned.bin")
        let payload = [UInt8](repeating: 0x5A, count: 64)
        let header = Array("SNFW".utf8) + [1, 4] + Array("SN-1".utf8) + [5] + Array("1.3.0".utf8) + [64, 0, 0, 0]
        try Data(header + payload).write(to: unsigned)
        let notSigned = try await cli.run("firmware", "update", "Mia", unsigned.path)
        #expect(notSigned.status == 1)
        #expect(notSigned.stderr.contains("unsigned.bin cannot be installed, nothing was sent: firmware image: this image is not signed (header version 1, SN-1 1.3.0); SN firmware 1.1 accepts signed images only"), "\(notSigned.stderr)")
        #expect((try await cli.json("status", "Mia")["identity"] as? [String: Any])?["firmwareVersion"] as? String == "1.2.0")
    }

    /// The test vendor key's public key (SN profile §7.1).
    static let testVendorPublicKey = "17479fb869117612c76cd38cf9c260d34ecaa1a5465991f02edd91f76a0f55ad"

    @Test func firmwareSigningKeysAreMadeKeptPrivateAndUsed() async throws {
        let cli = try CLI()
        let folder = cli.runner.deviceDirectory
        let key = folder.appending(path: "vendor.key").path

        let made = try await cli.run("firmware", "keygen", "--out", key)
        #expect(made.status == 0, "\(made.stderr)")
        let publicKey = try #require(made.stdout.split(separator: "\n").last.map { String($0.dropFirst("Public key: ".count)) })
        #expect(publicKey.count == 64 && publicKey.allSatisfy(\.isHexDigit), "\(made.stdout)")
        #expect(try FileManager.default.attributesOfItem(atPath: key)[.posixPermissions] as? Int == 0o600)
        let contents = try String(contentsOfFile: key, encoding: .utf8)
        #expect(contents.count == 65 && contents.hasSuffix("\n"), "64 hex digits and a newline")

        let again = try await cli.run("firmware", "keygen", "--out", key)
        #expect(again.status == 1)
        #expect(again.stderr.contains("the key file \(key) already exists and was left as it is"), "\(again.stderr)")
        #expect(try String(contentsOfFile: key, encoding: .utf8) == contents, "not overwritten")
        let forced = try await cli.json("firmware", "keygen", "--out", key, "--force")
        let forcedKey = try #require(forced["publicKey"] as? String)
        #expect(forcedKey != publicKey && forcedKey.count == 64)

        #expect(try await cli.run("firmware", "key", key).stdout == forcedKey + "\n")
        let shown = try await cli.json("firmware", "key", key)
        #expect(shown["publicKey"] as? String == forcedKey)
        #expect(shown["testKey"] as? String == "false")

        // Test images: the test vendor key by default; a real key with --key.
        let testImage = folder.appending(path: "test.bin").path
        let byTest = try await cli.json("firmware", "build", "--version", "1.4.0", "--size", "2000", "-o", testImage)
        #expect(byTest["publicKey"] as? String == Self.testVendorPublicKey)
        #expect(byTest["testKey"] as? String == "true")
        let text = try await cli.run("firmware", "build", "--version", "1.4.0", "--size", "2000", "-o", testImage)
        #expect(text.stdout.contains("signed with the SN test vendor key (for virtual nightlights and tests only: a real SN-1 rejects it)"), "\(text.stdout)")
        let vendorImage = folder.appending(path: "vendor.bin").path
        let byVendor = try await cli.json("firmware", "build", "--version", "1.4.0", "--size", "2000", "--key", key, "-o", vendorImage)
        #expect(byVendor["publicKey"] as? String == forcedKey)
        let image = try [UInt8](Data(contentsOf: URL(fileURLWithPath: vendorImage)))
        #expect(image[4] == 2, "header version 2")
        let header = 20  // magic, header version, "SN-1", "1.4.0", payload length
        #expect(image.count == header + 2000 + 64, "the payload, then a 64-byte signature")

        // The virtual nightlight holds the test vendor key: the vendor's image is rejected.
        _ = try await cli.json("pair", "SN-0002")
        let rejected = try await cli.run("firmware", "update", "Mia", vendorImage)
        #expect(rejected.status == 1)
        #expect(rejected.stderr.contains("image rejected"), "\(rejected.stderr)")
        #expect(rejected.stderr.contains("not signed with the vendor key this SN holds"), "\(rejected.stderr)")
        #expect((try await cli.json("status", "Mia")["identity"] as? [String: Any])?["firmwareVersion"] as? String == "1.0.0")

        // Key files open to others, and files that are not keys.
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: key)
        let open = try await cli.run("firmware", "build", "--version", "1.4.0", "--key", key, "-o", vendorImage)
        #expect(open.status == 1)
        #expect(open.stderr.contains("the signing key file \(key) is open to other users (mode 0644)"), "\(open.stderr)")
        #expect(open.stderr.contains("run `chmod 600 \(key)`"), "\(open.stderr)")
        let short = folder.appending(path: "short.key").path
        #expect(FileManager.default.createFile(atPath: short, contents: Data(String(repeating: "ab", count: 20).utf8), attributes: [.posixPermissions: 0o600]))
        let notAKey = try await cli.run("firmware", "key", short)
        #expect(notAKey.status == 1)
        #expect(notAKey.stderr.contains("the signing key file \(short) is not a key: it has 40 hex digits, not 64"), "\(notAKey.stderr)")
    }

    @Test(arguments: [
        (["pair"], "Missing expected argument '<target>'"),
        (["temp", "set", "X", "--days", "40", "19:00-20:00 #402000"], "--days must be 1…30"),
        (["temp", "set", "X", "--days", "1", "25:00-26:00 #402000"], "25:00"),
        (["button", "set", "X", "--on-time", "0"], "ON time 0 is not in 1…3600"),
        (["button", "set", "X", "--deactivation", "late"], "invalid --deactivation 'late'"),
        (["color", "X", "--hex", "#12"], "invalid --hex"),
        (["color", "X"], "give one colour"),
        (["proof", "X", "maybe"], "expected on or off"),
        (["leds", "X", "--power", "dim"], "invalid --power 'dim': expected on or off"),
        (["firmware", "build", "--version", "one", "-o", "/tmp/x"], "invalid --version 'one'"),
        (["simulate", "jump", "X"], "jump"),
        (["simulate", "clock", "X"], "clock needs --minutes"),
        (["simulate", "clock", "X", "--minutes", "2000"], "--minutes must be −1440…1440"),
        (["simulate", "press", "X", "--minutes", "5"], "--minutes goes with clock only"),
    ])
    func badArgumentsGiveOneLine(arguments: [String], expected: String) async throws {
        let result = try await CLIRunner("nightlight").run(arguments)
        #expect(result.status == 64)
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("nightlight: error: "))
        #expect(result.stderr.contains(expected), "\(result.stderr)")
    }

    @Test func aCorruptDatabaseIsReportedAndKept() async throws {
        let cli = try CLI()
        try Data("not a database".utf8).write(to: URL(filePath: cli.db))
        let result = try await cli.run("devices")
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("nightlight: error: "))
        #expect(try String(contentsOfFile: cli.db, encoding: .utf8) == "not a database", "never overwritten")
    }

    /// `nightlight dashboard` serves the API with its token; Ctrl-C stops it.
    @Test func dashboardServesTheAPIWithItsToken() async throws {
        let cli = try CLI()
        let port = CLI.dashboardPort()
        let server = try cli.runner.start(["dashboard", "--port", String(port), "--db", cli.db, "--json", "--token", "test-token-0123456789"])
        let ready = try await server.waitForLine { $0.contains("\"ready\"") }
        #expect(ready.contains("http://127.0.0.1:\(port)/?token=test-token-0123456789"))
        let url = URL(string: "http://127.0.0.1:\(port)/api/devices")!
        var request = URLRequest(url: url)
        let (_, anonymous) = try await URLSession.shared.data(for: request)
        #expect((anonymous as? HTTPURLResponse)?.statusCode == 401)
        request.setValue("Bearer test-token-0123456789", forHTTPHeaderField: "Authorization")
        let (body, response) = try await URLSession.shared.data(for: request)
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        #expect(String(decoding: body, as: UTF8.self) == "[]")
        let ended = try await server.interrupt()
        #expect(ended.status == 0, "\(ended.stderr)")
    }

    /// Issue 18, item 5: the token can come from a file only its owner reads (not the command
    /// line, which `ps` shows); a file others can read is refused; the database is private.
    @Test func theTokenComesFromAPrivateFile() async throws {
        let cli = try CLI()
        let port = CLI.dashboardPort()
        let file = cli.runner.deviceDirectory.appending(path: "token").path
        try "file-token-0123456789abcdef\n".write(toFile: file, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file)
        let exposed = try await cli.run("dashboard", "--port", String(port), "--token-file", file)
        #expect(exposed.status == 1)
        #expect(exposed.stderr.contains("can be read by other users (mode 644); run `chmod 600 \(file)`"), "\(exposed.stderr)")
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file)
        let server = try cli.runner.start(["dashboard", "--port", String(port), "--db", cli.db, "--json", "--token-file", file])
        let ready = try await server.waitForLine { $0.contains("\"ready\"") }
        #expect(ready.contains("?token=file-token-0123456789abcdef"), "\(ready)")
        #expect(try Self.mode(cli.db) == 0o600, "the database holds the token and the bonds")
        let ended = try await server.interrupt()
        #expect(ended.status == 0, "\(ended.stderr)")
        let both = try await cli.run("dashboard", "--token", "x-token-0123456789abc", "--token-file", file)
        #expect(both.status != 0)
        #expect(both.stderr.contains("not both"), "\(both.stderr)")
    }

    /// Ctrl-C shuts the dashboard down gracefully: nothing is logged as an error and the exit is
    /// a success (it used to cancel the server, which logged "Waiting on child channel:
    /// CancellationError()" and "Server shutdown error: Already closed").
    @Test func dashboardShutsDownGracefullyOnCtrlC() async throws {
        let server = try await Self.dashboardAnswering(["/api/explorer/radio"])
        let ended = try await server.interrupt()
        #expect(ended.status == 0, "\(ended.stderr)")
        #expect(!ended.stderr.contains("error"), "\(ended.stderr)")
    }

    /// Issue 17: the dashboard serves on its main thread, one event loop per core and the
    /// store's thread (sleeps, the database and the signals all off libdispatch's threads), and
    /// SIGTERM, as from a service manager, shuts it down gracefully.
    @Test func theDashboardRunsOnCoresPlusTwoThreadsAndStopsOnSIGTERM() async throws {
        let server = try await Self.dashboardAnswering(["/api/devices", "/api/explorer/radio", "/api/devices"])
        // The BlueZ probe's reader thread ends as the probe does; libdispatch's workers of the
        // start would linger 5 s: waiting 6 s lets anything transient go.
        try await Task.sleep(for: .seconds(6))
        let threads = server.threadNames
        let cores = ProcessInfo.processInfo.activeProcessorCount
        #expect(!threads.isEmpty && threads.count <= cores + 2, "threads: \(threads)")
        let ended = try await server.terminate()
        #expect(ended.status == 0, "\(ended.stderr)")
        #expect(!ended.stderr.contains("error"), "\(ended.stderr)")
    }

    /// A `nightlight dashboard` that started and answered a GET of each of `paths` with 200.
    static func dashboardAnswering(_ paths: [String]) async throws -> CLIRunner.Running {
        let cli = try CLI()
        let port = CLI.dashboardPort()
        let token = "test-token-0123456789"
        // The token from the environment: out of sight of `ps`.
        let server = try cli.runner.start(["dashboard", "--port", String(port), "--db", cli.db, "--json"], environment: ["NIGHTLIGHT_DASHBOARD_TOKEN": token])
        _ = try await server.waitForLine { $0.contains("\"ready\"") }
        for path in paths {
            var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)\(path)")!)
            request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
            let (_, response) = try await URLSession.shared.data(for: request)
            #expect((response as? HTTPURLResponse)?.statusCode == 200, "GET \(path)")
        }
        return server
    }
}
