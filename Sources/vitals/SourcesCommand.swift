import ArgumentParser
import Foundation
import VitalsCore
import VitalsStore

struct SourcesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sources",
        abstract: "List sources, or set the order in which overlapping sources are merged.",
        subcommands: [ListSources.self, SetPriority.self],
        defaultSubcommand: ListSources.self)

    struct ListSources: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List the sources (with --type: those with samples of it, highest priority first).")

        @OptionGroup var store: StoreOptions

        @Option(name: .long, help: ArgumentHelp("Only sources of this type, in merge priority.", valueName: "type"))
        var type: String?

        @Flag(name: .long, help: "Print a JSON array of {name, bundleIdentifier}.")
        var json = false

        func run() async throws {
            try await runReportingErrors {
                let database = try store.open()
                let sources = try await database.sources(for: try type.map(TypeArgument.parse))
                printSources(sources, json: json)
            }
        }
    }

    struct SetPriority: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "priority",
            abstract: "Show or set a type's source priority (highest first).",
            discussion: """
                With names, the listed sources come first, in that order; the rest follow in the \
                default order (watches, then iPhones, then by first appearance). Without names, \
                prints the current order.
                """)

        @OptionGroup var store: StoreOptions

        @Option(name: .long, help: ArgumentHelp("The type whose priority to show or set.", valueName: "type"))
        var type: String

        @Argument(help: ArgumentHelp("Source names or bundle identifiers, highest priority first.", valueName: "name"))
        var names: [String] = []

        @Flag(name: .long, help: "Print the resulting order as a JSON array.")
        var json = false

        func run() async throws {
            try await runReportingErrors {
                let database = try store.open()
                let sampleType = try TypeArgument.parse(type)
                if !names.isEmpty { try await database.setSourcePriority(names, for: sampleType) }
                printSources(try await database.sources(for: sampleType), json: json)
            }
        }
    }
}

private func printSources(_ sources: [Source], json: Bool) {
    if json {
        Output.json(sources.map { ["name": $0.name, "bundleIdentifier": $0.bundleIdentifier] })
    } else {
        Output.table(
            ["#", "name", "bundle identifier"],
            sources.enumerated().map {
                [String($0.offset + 1), $0.element.name, $0.element.bundleIdentifier]
            })
    }
}
