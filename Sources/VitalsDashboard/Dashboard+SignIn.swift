import HTTPTypes
import Hummingbird

extension Dashboard {
    /// The sign-in page a server shows: one password field for the user's API token.
    ///
    /// The form posts `token`, `next` (the page to return to) and the ``DashboardSession/csrfFieldName``
    /// field to `action`; the server checks them. Nothing here reads health data.
    ///
    /// - Parameters:
    ///   - action: where the form posts.
    ///   - returnPath: the same-site path to show once signed in.
    ///   - csrfToken: the anti-forgery token the server expects back.
    ///   - message: why the page is shown again (a token that did not work), if it is.
    public func signInPage(
        action: String, returnPath: String, csrfToken: String, message: String? = nil,
        status: HTTPResponse.Status = .ok
    ) -> Response {
        let layout = PageLayout(configuration: configuration, links: links, zone: nil)
        let body = layout.page(title: "Sign in", current: nil) {
            Tag.h1 { "Sign in" }
            Tag.section(.class("panel sign-in")) {
                if let message { Tag.p(.class("error"), .role("alert")) { message } }
                Tag.form(.method("post"), .action(action)) {
                    Tag.label(.for("token")) { "Your API token" }
                    Tag.input(
                        .id("token"), .name("token"), .type("password"), .autocomplete("current-password"),
                        .required(), .autofocus())
                    Tag.input(.type("hidden"), .name("next"), .value(returnPath))
                    Tag.input(.type("hidden"), .name(DashboardSession.csrfFieldName), .value(csrfToken))
                    Tag.button(.type("submit")) { "Sign in" }
                }
                Tag.p(.class("note")) {
                    "The token starts with vt_; `vitals user add NAME` printed it, `vitals user token NAME` makes a new one. It is sent once, in this form, never in a URL; the browser then keeps a session cookie."
                }
            }
        }
        return Self.html(body, status: status)
    }

    /// A page saying why a request was refused (a form without its token: 403), with one link on.
    public func refusalPage(
        status: HTTPResponse.Status, title: String, message: String, linkText: String,
        link: String
    ) -> Response {
        let layout = PageLayout(configuration: configuration, links: links, zone: nil)
        let body = layout.page(title: title, current: nil) {
            Tag.h1 { title }
            Tag.p(.class("error"), .role("alert")) { message }
            Tag.p { Tag.a(.href(link)) { linkText } }
        }
        return Self.html(body, status: status)
    }
}
