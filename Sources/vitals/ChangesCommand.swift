import ArgumentParser
import Foundation
import VitalsCore
import VitalsStore

struct ChangesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "changes",
        abstract: "Samples added and deleted since an anchor, and the new anchor.",
        discussion: "Pass the printed anchor to --since next time to get only newer changes.")

    @OptionGroup var store: StoreOptions

    @Option(
        name: .long,
        help: ArgumentHelp("The anchor a previous call printed (default: from the beginning).", valueName: "anchor"))
    var since: String?

    @Option(name: .long, help: ArgumentHelp("Only changes of these types (repeatable).", valueName: "type"))
    var type: [String] = []

    @Flag(name: .long, help: "Print {added: [samples], deleted: [{uuid, type}], anchor} as JSON.")
    var json = false

    func run() async throws {
        try await runReportingErrors {
            var anchor: QueryAnchor?
            if let since {
                guard let parsed = QueryAnchor(since) else {
                    throw VitalsError(.invalidInput, "'\(since)' is not an anchor", at: InputLocation(field: "--since"))
                }
                anchor = parsed
            }
            let types = type.isEmpty ? nil : Set(try type.map(TypeArgument.parse))
            let database = try store.open()
            let changes = try await database.changes(since: anchor, types: types)
            let zone = try store.zone()
            if json {
                Output.json(
                    [
                        "added": changes.added.map { SampleJSON.object(for: $0, in: zone) },
                        "deleted": changes.deleted.map { ["uuid": $0.uuid.uuidString, "type": $0.type.identifier] },
                        "anchor": changes.anchor.description,
                    ] as [String: Any])
                return
            }
            for sample in changes.added {
                print(
                    "+ \(sample.uuid.uuidString)  \(sample.type.shortName)  \(ISO8601.format(sample.start, in: zone))")
            }
            for deleted in changes.deleted { print("- \(deleted.uuid.uuidString)  \(deleted.type.shortName)") }
            print("anchor \(changes.anchor)")
        }
    }
}

struct DeleteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete",
        abstract: "Delete samples by UUID, all or none (deleting a correlation deletes its members).")

    @OptionGroup var store: StoreOptions

    @Argument(help: ArgumentHelp("UUIDs of the samples to delete.", valueName: "uuid"))
    var uuids: [String]

    @Flag(name: .long, help: "Print {deleted: N} as JSON.")
    var json = false

    func validate() throws {
        if uuids.isEmpty { throw ValidationError("give at least one UUID") }
        for text in uuids where UUID(uuidString: text) == nil {
            throw ValidationError("'\(text)' is not a UUID")
        }
    }

    func run() async throws {
        try await runReportingErrors {
            let database = try store.open()
            let count = try await database.delete(uuids.compactMap(UUID.init(uuidString:)))
            if json { Output.json(["deleted": count]) } else { print("deleted \(count) samples") }
        }
    }
}
