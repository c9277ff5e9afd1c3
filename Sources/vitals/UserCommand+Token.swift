import ArgumentParser
import Foundation
import VitalsCore
import VitalsServer

extension UserCommand {
    /// `vitals user token`: the user's API token (`rotate`, also what `vitals user token NAME` does).
    struct Token: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Manage a user's API token.",
            subcommands: [Rotate.self], defaultSubcommand: Rotate.self)
    }

    /// `vitals user token rotate NAME`: a new token in place of the old one.
    struct Rotate: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Replace a user's API token and print the new one (the old one stops working).",
            discussion: """
                The old token stops working at once for new sign-ins and within the server's token \
                cache lifetime (5 s) for clients and dashboard \
                sessions that used it.
                """)

        @OptionGroup var database: ServerDatabaseOptions

        @Argument(help: ArgumentHelp("The user's name.", valueName: "name"))
        var name: String

        @Option(
            name: .customLong("expires-in"),
            help: ArgumentHelp(
                "Make the new token stop working after this long: a whole number of minutes, hours, days or weeks (30m, 12h, 90d, 2w). Default: it never expires.",
                valueName: "duration"))
        var expiresIn: TokenLifetime?

        @Flag(name: .long, help: "Print {\"name\", \"timeZone\", \"token\", \"tokenExpiresAt\"} as JSON.")
        var json = false

        func run() async throws {
            try await runReportingErrors {
                let token = TokenHasher.newToken()
                let now = Date()
                let user = try await database.withRepository { repository in
                    try await repository.replaceToken(
                        ofUser: name, tokenHash: TokenHasher.hash(token),
                        expiresAt: expiresIn?.expiry(from: now), at: now)
                }
                UserCommand.printToken(user: user, token: token, json: json, verb: "new token for")
            }
        }
    }
}
