import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import VitalsCore

@testable import VitalsServer
@testable import VitalsServerStorage

/// The form-token check every state-changing dashboard route gets from the session middleware,
/// tried on a form route of the kind pages add (a weight form): the route runs only with the
/// session's token, and still reads the whole form.
@Suite("Server: dashboard form tokens (CSRF)")
struct DashboardFormTokenTests {
    @Test(
        "POST, PUT, PATCH and DELETE need the session's token; GET does not; the route reads the form after the check")
    func everyStateChangingMethod() async throws {
        let repository = try await Backend.sqlite.makeRepository()
        try await repository.migrate()
        defer { if let sqlite = repository as? SQLiteRepository { removeDatabaseFiles(sqlite.path) } }
        let token = TokenHasher.newToken()
        let user = try await repository.addUser(
            name: "ada", timeZone: "UTC", tokenHash: TokenHasher.hash(token),
            at: ServerConfiguration.fixedNow)
        let server = ServerDashboard(repository: repository, configuration: .testing)
        let router = Router(context: VitalsRequestContext.self)
        server.register(on: router)
        let forms = router.group("/records").add(middleware: server.sessionMiddleware(server.dashboard))
        for method in [HTTPRequest.Method.post, .put, .patch, .delete] {
            forms.on("/weight", method: method) { request, context -> String in
                var request = request
                let form = FormBody(try await request.collectBody(upTo: 4096))
                return "\(method.rawValue) weight \(form["weight"] ?? "-") for \(context.user?.name ?? "nobody")"
            }
        }
        forms.get("/weight") { _, context in "form for \(context.user?.name ?? "nobody")" }
        let (id, session) = try await server.sessions.open(for: user, tokenHash: TokenHasher.hash(token))

        try await Application(router: router).test(.router) { client in
            func send(
                _ method: HTTPRequest.Method, cookie: String?, _ body: String
            ) async throws -> (HTTPResponse.Status, String) {
                var headers: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]
                if let cookie { headers[.cookie] = "vitals_session=\(cookie)" }
                let response = try await client.execute(
                    uri: "/records/weight", method: method, headers: headers,
                    body: ByteBuffer(string: body))
                return (response.status, String(buffer: response.body))
            }
            for method in [HTTPRequest.Method.post, .put, .patch, .delete] {
                let accepted = try await send(method, cookie: id, "weight=70.5&csrf=\(session.csrfToken)")
                #expect(accepted.0 == .ok && accepted.1 == "\(method.rawValue) weight 70.5 for ada", "\(method)")
                for body in [
                    "weight=70.5", "weight=70.5&csrf=", "weight=70.5&csrf=\(alteredLast(session.csrfToken))",
                    "csrf=\(TokenHasher.randomHex())&weight=70.5",
                ] {
                    let refused = try await send(method, cookie: id, body)
                    #expect(refused.0 == .forbidden && refused.1.contains("Nothing was changed"), "\(method) \(body)")
                }
                // The right token without its session (a cookie gone or forged) is refused too.
                #expect(try await send(method, cookie: nil, "weight=1&csrf=\(session.csrfToken)").0 == .forbidden)
                #expect(
                    try await send(method, cookie: TokenHasher.randomHex(), "weight=1&csrf=\(session.csrfToken)").0
                        == .forbidden)
            }
            #expect(try await send(.get, cookie: id, "").1 == "form for ada")
            #expect(try await send(.get, cookie: nil, "").1 == "form for nobody")
        }
        try await repository.close()
    }
}
