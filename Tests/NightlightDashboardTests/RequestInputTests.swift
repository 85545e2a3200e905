import DashboardShell
import Foundation
import Testing

@Suite("Dashboard: request input")
struct RequestInputTests {
    /// The bearer token and addresses are trimmed of exactly what Foundation's
    /// `trimmingCharacters(in: .whitespaces)` takes away: space separators, tabs and the zero width
    /// space, not newlines.
    @Test(
        "trimmingSpaces takes away what CharacterSet.whitespaces holds",
        arguments: [
            "", " ", "\t \t", "token", "  token\t", "\u{00A0}token\u{3000}", "\u{2003}to ken\u{202F}",
            "\ntoken\n", "token\r", " \u{0301}token", "é token é", "\u{1680}\u{2000}\u{205F}", "\u{200B}token\u{200B}",
            "\u{200C}token\u{2060}", "\u{0085}token\u{2028}", "\u{FEFF}token",
        ]
    )
    func trimmingSpaces(text: String) {
        #expect(String(RequestInput.trimmingSpaces(text[...])) == text.trimmingCharacters(in: .whitespaces))
    }

    @Test("an address with spaces around it is read")
    func addressWithSpaces() throws {
        #expect(try RequestInput.address(" c4:4e:4c:00:00:01\u{00A0}", field: "address") == "C4:4E:4C:00:00:01")
    }
}
