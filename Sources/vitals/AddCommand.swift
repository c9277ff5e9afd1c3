import ArgumentParser
import Foundation
import VitalsCore
import VitalsStore

struct AddCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add samples from JSON Lines, all or none.",
        discussion: """
            One sample per line, in exactly the shape `vitals samples --json` prints: uuid (optional), \
            type, value, unit, start, end (ISO 8601 with offset), source {name, bundleIdentifier}, \
            device (optional), metadata (optional). Category values may be raw integers or names \
            (asleepCore). Workouts add activity, events, statistics and associated; correlations \
            add members. A bad line stops the batch: nothing is stored and the error names the \
            line and field.
            """)

    @OptionGroup var store: StoreOptions

    @Option(name: .long, help: ArgumentHelp("JSON Lines file to read, or - for standard input.", valueName: "file"))
    var jsonl: String

    @Flag(name: .long, help: "Skip samples whose UUID is already stored instead of failing.")
    var skipExisting = false

    @Flag(name: .long, help: "Print the summary as JSON.")
    var json = false

    func run() async throws {
        try await runReportingErrors {
            let data: Data
            if jsonl == "-" {
                data = FileHandle.standardInput.readDataToEndOfFile()
            } else {
                guard let contents = FileManager.default.contents(atPath: jsonl) else {
                    throw VitalsError(.io, "cannot read the file", at: InputLocation(file: jsonl))
                }
                data = contents
            }
            let file = jsonl == "-" ? "<stdin>" : jsonl
            let samples = try SampleJSON.decodeLines(data, file: file)
            let database = try store.open()
            let summary = try await database.save(samples, duplicates: skipExisting ? .skip : .fail)
            if json {
                Output.json(["added": summary.added, "alreadyPresent": summary.alreadyPresent])
            } else {
                print("added \(summary.added) samples, \(summary.alreadyPresent) already present")
            }
        }
    }
}
