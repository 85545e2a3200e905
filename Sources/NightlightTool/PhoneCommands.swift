import ArgumentParser
import BLEToolKit
import Foundation
import NightlightDashboard
import NightlightStore
import QRCode

/// `nightlight phones …`: the phones with their own access to the dashboard.
struct PhonesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "phones",
        abstract: "Add, list and revoke the phones that open the dashboard with their own access.",
        discussion: """
            `phones add NAME` prints a one-time invitation link (and its QR code): opened on a phone \
            within 10 minutes, it gives that phone its own access, kept in a cookie. `phones revoke` \
            ends it at once. The dashboard's shared access token keeps working for scripts.
            """,
        subcommands: [PhonesAdd.self, PhonesList.self, PhonesRevoke.self]
    )
}

struct PhonesAdd: ToolCommand {
    static let configuration = CommandConfiguration(
        commandName: "add", abstract: "Make a one-time invitation link (and QR code) that adds a phone of that name."
    )
    @Argument(help: ArgumentHelp("The phone's name, as the Phones page shows it (\"Dad's phone\").", valueName: "name")) var name: String
    @Option(
        name: .long,
        help: ArgumentHelp("Where the phone reaches the dashboard: its scheme, address and port.", valueName: "url")
    ) var url = "http://127.0.0.1:8080"
    @Flag(inversion: .prefixedNo, help: "Print the link's QR code (by default on a terminal only).") var qr: Bool?
    @OptionGroup var options: NightlightOptions

    func validate() throws {
        guard let components = URLComponents(string: url), ["http", "https"].contains(components.scheme ?? ""), components.host?.isEmpty == false,
            components.path.isEmpty || components.path == "/", components.query == nil
        else {
            throw ValidationError("--url must be the dashboard's address, like http://192.168.1.20:8080, not '\(url)'")
        }
    }

    func execute() async throws {
        let store = try options.openStore()
        defer { try? store.close() }
        let origin = url.hasSuffix("/") ? String(url.dropLast()) : url
        let invitation = try await PhoneAccessCommands.invite(name: name, origin: origin, store: store)
        if options.json {
            ToolOutput.print(try PresentationJSON.encode(invitation))
            return
        }
        ToolOutput.write(PhoneAccessCommands.invitationText(invitation, qr: qr, terminal: .standardOutput()))
    }
}

struct PhonesList: ToolCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List the phones with their own access.")
    @OptionGroup var options: NightlightOptions

    func execute() async throws {
        let store = try options.openStore()
        defer { try? store.close() }
        let phones = try await store.phones()
        if options.json {
            ToolOutput.print(try PresentationJSON.encode(phones))
            return
        }
        guard !phones.isEmpty else {
            ToolOutput.print("No phones have their own access: `nightlight phones add NAME` (or the dashboard's Add a phone) adds one.")
            return
        }
        var table = TextTable(columns: [TextTable.Column("ID"), TextTable.Column("NAME"), TextTable.Column("ADDED"), TextTable.Column("LAST SEEN")])
        for phone in phones {
            table.rows.append([String(phone.id), phone.name, Timestamp.iso8601(phone.addedAt), Timestamp.iso8601(phone.lastSeen)])
        }
        ToolOutput.write(table.lines.map { $0 + "\n" }.joined())
    }
}

struct PhonesRevoke: ToolCommand {
    static let configuration = CommandConfiguration(commandName: "revoke", abstract: "End a phone's access at once (its next request goes to the sign-in page).")
    @Argument(help: ArgumentHelp("The phone's ID or name (see `phones list`).", valueName: "phone")) var phone: String
    @OptionGroup var options: NightlightOptions

    func execute() async throws {
        let store = try options.openStore()
        defer { try? store.close() }
        let phones = try await store.phones()
        let matches = phones.filter { String($0.id) == phone || $0.name.caseInsensitiveCompare(phone) == .orderedSame }
        guard let target = matches.first else {
            throw ToolError("no phone with access is called or numbered '\(phone)'; `nightlight phones list` shows them")
        }
        guard matches.count == 1 else {
            throw ToolError("\(matches.count) phones are called '\(phone)'; give its ID instead (`nightlight phones list`)")
        }
        guard let revoked = try await store.revokePhone(id: target.id) else {
            throw ToolError("the phone '\(phone)' was revoked meanwhile")
        }
        try options.report(revoked, "Revoked \"\(revoked.name)\": its next request goes to the sign-in page.")
    }
}

/// What `phones add` and `dashboard` share: making an invitation and printing it.
enum PhoneAccessCommands {
    /// A new invitation for `name` on `origin`, kept in `store`.
    static func invite(name: String, origin: String, store: NightlightStore) async throws -> Invitation {
        do {
            return try await DashboardPhones.invite(name: name, origin: origin, store: store)
        } catch let error as StoreError {
            throw ToolError("cannot add the phone: \(error.message)")
        }
    }

    /// The invitation's lines: its QR code (when `qr` says so, or by default on a terminal), the
    /// link and how long it works.
    static func invitationText(_ invitation: Invitation, qr: Bool?, terminal: TerminalOutput) -> String {
        var text = ""
        if qr ?? terminal.isTerminal, let code = try? QRCode(text: invitation.url, errorCorrection: .medium) {
            text += "Scan this with the phone's camera:\n"
            text += (terminal.isUTF8 ? code.terminalText(colored: terminal.usesColor) : code.asciiText()) + "\n"
        }
        let minutes = max(1, Int((invitation.expiresAt.timeIntervalSinceNow / 60).rounded()))
        text += "Or open this link on the phone (once, within \(minutes) minutes) to add \"\(invitation.name)\":\n\(invitation.url)\n"
        return text
    }
}
