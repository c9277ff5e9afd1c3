import ArgumentParser
import Foundation
import VitalsCore
import VitalsServer
import VitalsServerStorage

struct UserCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "user",
        abstract: "Manage the server's users and their API tokens.",
        discussion: """
            A token is 256 random bits, printed once and stored only as its SHA-256 hash: keep it, \
            or rotate it with `vitals user token rotate NAME`. A token works for good unless made with \
            --expires-in; `vitals serve` refuses it from that instant (401), and a rotated-away token \
            within 5 s (the server's token cache). \
            Use the same --db or --postgres as `vitals serve`.
            """,
        subcommands: [Add.self, Token.self, List.self, Remove.self, Ingests.self, Import.self])

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Add a user and print its new API token (once).")

        @OptionGroup var database: ServerDatabaseOptions

        @Argument(help: ArgumentHelp("The user's name (1 to 100 characters, unique).", valueName: "name"))
        var name: String

        @Option(
            name: .long,
            help: ArgumentHelp(
                "The user's IANA time zone, for \"today\" and day boundaries (default: the system zone).",
                valueName: "zone"))
        var tz: String?

        @Option(
            name: .customLong("expires-in"),
            help: ArgumentHelp(
                "Make the token stop working after this long: a whole number of minutes, hours, days or weeks (30m, 12h, 90d, 2w). Default: it never expires.",
                valueName: "duration"))
        var expiresIn: TokenLifetime?

        @Flag(name: .long, help: "Print {\"name\", \"timeZone\", \"token\", \"tokenExpiresAt\"} as JSON.")
        var json = false

        func validate() throws {
            guard !name.isEmpty, name.count <= 100 else {
                throw ValidationError("the name must be 1 to 100 characters")
            }
        }

        func run() async throws {
            try await runReportingErrors {
                var zone = TimeZone.current.identifier
                if let tz {
                    do throws(VitalsError) {
                        let known = try TimeZone.iana(tz).identifier
                        // Foundation names UTC "GMT": the user's spelling is kept for it.
                        zone = known == "GMT" ? tz : known
                    } catch {
                        throw error.located(InputLocation(field: "--tz"))
                    }
                }
                let token = TokenHasher.newToken()
                let now = Date()
                let user = try await database.withRepository { repository in
                    try await repository.addUser(
                        name: name, timeZone: zone, tokenHash: TokenHasher.hash(token),
                        expiresAt: expiresIn?.expiry(from: now), at: now)
                }
                UserCommand.printToken(user: user, token: token, json: json, verb: "added")
            }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List users (never their tokens).")

        @OptionGroup var database: ServerDatabaseOptions

        @Flag(name: .long, help: "Print a JSON array of {\"name\", \"timeZone\", \"tokenExpiresAt\"} (null: never).")
        var json = false

        func run() async throws {
            try await runReportingErrors {
                let users = try await database.withRepository { try await $0.users() }
                let now = Date()
                if json {
                    Output.json(
                        users.map {
                            ["name": $0.name, "timeZone": $0.timeZone, "tokenExpiresAt": UserCommand.expiry($0)]
                        })
                } else {
                    Output.table(
                        ["name", "time zone", "token expires"],
                        users.map { user in
                            let expiry = user.tokenExpiresAt.map {
                                ISO8601.format($0, in: UserCommand.utc)
                                    + (user.tokenIsValid(at: now) ? "" : " (expired)")
                            }
                            return [user.name, user.timeZone, expiry ?? "never"]
                        })
                }
            }
        }
    }

    static func printToken(user: ServerUser, token: String, json: Bool, verb: String) {
        if json {
            Output.json(["name": user.name, "timeZone": user.timeZone, "token": token, "tokenExpiresAt": expiry(user)])
        } else {
            print("\(verb) \(user.name) (\(user.timeZone))")
            print("token: \(token)")
            if let expiry = user.tokenExpiresAt {
                print("It expires at \(ISO8601.format(expiry, in: UserCommand.utc)).")
            }
            print("It is shown once; only its SHA-256 hash is stored.")
        }
    }

    /// The user's token expiry for JSON: an ISO 8601 instant, or null when it never expires.
    static func expiry(_ user: ServerUser) -> Any {
        user.tokenExpiresAt.map { ISO8601.format($0, in: UserCommand.utc) } ?? NSNull()
    }

    /// Token expiries are printed in UTC.
    static let utc = TimeZone(identifier: "UTC")!
}
