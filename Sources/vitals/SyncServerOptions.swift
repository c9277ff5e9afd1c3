import ArgumentParser
import Foundation
import VitalsCore
import VitalsSync

/// `--server` and `--token`, shared by `vitals sync push` and `vitals sync manual`.
struct SyncServerOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "The sync server's base URL, as `vitals serve` prints it (http://127.0.0.1:8080).", valueName: "url"))
    var server: String

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The API token from `vitals user add` (default: $VITALS_TOKEN).",
            discussion:
                "Prefer $VITALS_TOKEN: a token on the command line is visible to other users in the process list.",
            valueName: "token"))
    var token: String?

    func validate() throws {
        guard resolvedToken != nil else { throw ValidationError("give --token or set VITALS_TOKEN") }
    }

    /// `--token`, else `$VITALS_TOKEN`.
    var resolvedToken: String? { Self.token(token) }

    /// `given` (a `--token`), else `$VITALS_TOKEN` when set and not empty.
    static func token(_ given: String?) -> String? {
        if let given { return given }
        guard let env = ProcessInfo.processInfo.environment["VITALS_TOKEN"], !env.isEmpty else { return nil }
        return env
    }

    /// The server and token, with a bad one located at its flag (a usage error, exit 64).
    func endpoint() throws -> SyncEndpoint {
        let server = self.server
        let token = resolvedToken ?? ""
        do throws(VitalsError) {
            return try SyncEndpoint(server: server, token: token)
        } catch {
            throw Self.located(error)
        }
    }

    /// The endpoint's error, placed at the flag it came from.
    private static func located(_ error: VitalsError) -> VitalsError {
        var located = error
        located.location = InputLocation(field: error.location?.field == "token" ? "--token" : "--server")
        return located
    }
}
