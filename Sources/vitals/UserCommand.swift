import ArgumentParser
import Foundation
import VitalsCore
import VitalsServer

struct UserCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "user",
        abstract: "Manage the server's users and their API tokens.",
        discussion: """
            A token is 256 random bits, printed once and stored only as its SHA-256 hash: keep it, \
            or rotate it with `vitals user token NAME`. Use the same --db or --postgres as `vitals serve`.
            """,
        subcommands: [Add.self, Token.self, List.self, Ingests.self, Import.self])

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Add a user and print its new API token (once).")

        @OptionGroup var database: ServerDatabaseOptions

        @Argument(help: ArgumentHelp("The user's name (1 to 100 characters, unique).", valueName: "name"))
        var name: String

        @Option(name: .long, help: ArgumentHelp(
            "The user's IANA time zone, for \"today\" and day boundaries (default: the system zone).",
            valueName: "zone"))
        var tz: String?

        @Flag(name: .long, help: "Print {\"name\", \"timeZone\", \"token\"} as JSON.")
        var json = false

        func validate() throws {
            guard !name.isEmpty, name.count <= 100 else { throw ValidationError("the name must be 1 to 100 characters") }
        }

        func run() async throws {
            try await runReportingErrors {
                var zone = TimeZone.current.identifier
                if let tz {
                    do throws(VitalsError) {
                        zone = try TimeZone.iana(tz).identifier
                    } catch {
                        throw error.located(InputLocation(field: "--tz"))
                    }
                }
                let token = TokenHasher.newToken()
                let user = try await database.withRepository { repository in
                    try await repository.addUser(name: name, timeZone: zone, tokenHash: TokenHasher.hash(token), at: Date())
                }
                UserCommand.printToken(user: user, token: token, json: json, verb: "added")
            }
        }
    }

    struct Token: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Replace a user's API token and print the new one (the old one stops working).")

        @OptionGroup var database: ServerDatabaseOptions

        @Argument(help: ArgumentHelp("The user's name.", valueName: "name"))
        var name: String

        @Flag(name: .long, help: "Print {\"name\", \"timeZone\", \"token\"} as JSON.")
        var json = false

        func run() async throws {
            try await runReportingErrors {
                let token = TokenHasher.newToken()
                let user = try await database.withRepository { repository in
                    try await repository.replaceToken(ofUser: name, tokenHash: TokenHasher.hash(token), at: Date())
                }
                UserCommand.printToken(user: user, token: token, json: json, verb: "new token for")
            }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List users (never their tokens).")

        @OptionGroup var database: ServerDatabaseOptions

        @Flag(name: .long, help: "Print a JSON array of {\"name\", \"timeZone\"}.")
        var json = false

        func run() async throws {
            try await runReportingErrors {
                let users = try await database.withRepository { try await $0.users() }
                if json {
                    Output.json(users.map { ["name": $0.name, "timeZone": $0.timeZone] })
                } else {
                    Output.table(["name", "time zone"], users.map { [$0.name, $0.timeZone] })
                }
            }
        }
    }

    static func printToken(user: ServerUser, token: String, json: Bool, verb: String) {
        if json {
            Output.json(["name": user.name, "timeZone": user.timeZone, "token": token])
        } else {
            print("\(verb) \(user.name) (\(user.timeZone))")
            print("token: \(token)")
            print("It is shown once; only its SHA-256 hash is stored.")
        }
    }
}
