import DashboardShell
import Foundation
import Hummingbird
import NightlightStore

/// The pages of an invitation link, made by the server: the form that adds the phone, and what
/// to do when the link is used, expired, wrong or tried too often. Plain words, no error codes.
enum InvitationPage {
    /// The form: the phone's name (the parent's, which can be changed here) and **Add this phone**.
    static func form(code: String, name: String, problem: String? = nil) -> Response {
        let alert = problem.map { "<p class=\"error\" role=\"alert\">\(escaped($0))</p>" } ?? ""
        return PagesController.html(
            page(
                title: "Add this phone",
                body: """
                    <form method="post" action="/invite/\(code)">
                      <h1>Add this phone to the Nightlight dashboard</h1>
                      \(alert)
                      <p>This phone will open the dashboard by itself from now on. It can be removed at any time on the dashboard's Phones page.</p>
                      <label for="name">This phone's name</label>
                      <input id="name" name="name" value="\(escaped(name))" required maxlength="\(NightlightStore.phoneNameLimit)" autocomplete="off">
                      <button type="submit" id="add-this-phone">Add this phone</button>
                    </form>
                    """
            )
        )
    }

    /// Why the link does not work, and what to do.
    static func refused(_ state: PhoneInvitationState) -> Response {
        let reason =
            switch state {
            case .used: "This invitation link was used already: each link adds one phone, once."
            case .expired: "This invitation link has expired: a link works for 10 minutes."
            case .unknown, .valid: "This invitation link is not one of this dashboard's. Check that the whole link was copied."
            }
        return message(title: "Invitation link not valid", reason: reason, status: state == .unknown ? .notFound : .gone)
    }

    /// Too many wrong links from this address.
    static func tooManyAttempts() -> Response {
        message(
            title: "Too many invitation links tried",
            reason: "Too many invitation links that do not work were opened from this device. Wait 10 minutes, then open a new link.",
            status: .tooManyRequests
        )
    }

    private static func message(title: String, reason: String, status: HTTPResponse.Status) -> Response {
        PagesController.html(
            page(
                title: title,
                body: """
                    <main>
                      <h1>\(escaped(title))</h1>
                      <p class="error" role="alert" id="invitation-error">\(escaped(reason))</p>
                      <p>On the dashboard, open the menu's <strong>Add a phone</strong> to make a new link (or run <code>nightlight phones add NAME</code> on the hub). Whoever has the access token can also <a href="/login">sign in</a> with it.</p>
                    </main>
                    """
            ),
            status: status
        )
    }

    private static func page(title: String, body: String) -> String {
        """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>Nightlight dashboard · \(escaped(title))</title>
        <style>
          body { font-family: system-ui, sans-serif; background: #14121f; color: #f3efe6; display: grid; place-items: center; min-height: 100vh; margin: 0; }
          form, main { background: #221f33; padding: 2rem; border-radius: 1rem; max-width: 24rem; width: calc(100% - 3rem); box-sizing: border-box; }
          h1 { font-size: 1.3rem; margin-top: 0; }
          label { display: block; margin-bottom: .5rem; }
          input { width: 100%; box-sizing: border-box; padding: .6rem; border-radius: .5rem; border: 1px solid #6b6590; background: #14121f; color: inherit; font-size: 1rem; }
          button { margin-top: 1rem; padding: .7rem 1.2rem; border-radius: .5rem; border: 0; background: #ffb347; color: #14121f; font-weight: 600; font-size: 1rem; }
          p { color: #c9c3dd; }
          a { color: #ffb347; }
          p.error { color: #ffd0d0; background: #3a1f2b; border: 1px solid #8a3446; border-radius: .5rem; padding: .6rem .8rem; }
        </style>
        </head>
        <body>
        \(body)
        </body>
        </html>
        """
    }

    /// `text` with HTML's special characters escaped.
    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "'", with: "&#39;")
    }
}
