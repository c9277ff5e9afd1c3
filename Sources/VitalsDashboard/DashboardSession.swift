/// The signed-in session a server page is shown in: whose it is and its form token.
///
/// The dashboard does not know how sessions are kept: the server that mounts it makes one per
/// request (``DashboardScope/session``). With one, every page's header names the user and has
/// a sign-out button, and every form the pages draw carries ``csrfField``; a local dashboard
/// (`vitals dashboard`) has none.
public struct DashboardSession: Sendable, Hashable {
    /// The name the header shows.
    public var userName: String
    /// The session's anti-forgery token: every state-changing form posts it back as the field
    /// ``csrfFieldName``, and the server refuses a POST without it.
    public var csrfToken: String
    /// Where the sign-out form posts (`POST`).
    public var signOutPath: String

    /// The form field every state-changing form carries its token in.
    public static let csrfFieldName = "csrf"

    /// A session of `userName` whose forms carry `csrfToken`, signing out at `signOutPath`.
    public init(userName: String, csrfToken: String, signOutPath: String) {
        self.userName = userName
        self.csrfToken = csrfToken
        self.signOutPath = signOutPath
    }

    /// The hidden field with the session's token, to put inside every `POST` form.
    public var csrfField: HTML {
        Tag.input(.type("hidden"), .name(Self.csrfFieldName), .value(csrfToken))
    }

    /// The header's sign-out form: the user's name and a button.
    var signOutForm: HTML {
        Tag.form(.class("session"), .method("post"), .action(signOutPath)) {
            Tag.span(.class("muted")) { userName }
            csrfField
            Tag.button(.type("submit")) { "Sign out" }
        }
    }
}
