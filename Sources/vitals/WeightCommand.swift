import ArgumentParser
import Foundation
import VitalsCore
import VitalsInsights
import VitalsStore

struct WeightCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "weight",
        abstract: "List weights from every source (this app's are editable), or add one as this app.",
        subcommands: [List.self, Add.self], defaultSubcommand: List.self)

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "Weights starting in [--from, --to), de-duplicated, labelled local or external.")

        @OptionGroup var store: StoreOptions
        @Option(name: .long, help: ArgumentHelp("Inclusive start (default: the beginning).", valueName: "date"))
        var from: String?
        @Option(name: .long, help: ArgumentHelp("Exclusive end (default: no end).", valueName: "date"))
        var to: String?
        @Option(
            name: .long,
            help: ArgumentHelp("Show values in this mass unit (kg, lb, st; default kg).", valueName: "unit"))
        var unit: String?
        @Flag(name: .long, help: "Print a JSON array (values in kg, plus 'display' in --unit).")
        var json = false

        func run() async throws {
            try await runReportingErrors {
                let display = try RecordOutput.unit(unit, compatibleWith: .kilogram)
                let start = try from.map { try store.date($0, option: "--from") } ?? .distantPast
                let end = try to.map { try store.date($0, option: "--to") } ?? .distantFuture
                let database = try store.open()
                let result = try await UnifiedQuery(WeightQuery()).fetch(from: start, to: end, store: database)
                RecordOutput.reportUnreadable(result.unreadableTypes)
                let zone = try store.zone()
                if json {
                    Output.json(result.value.map { RecordOutput.object($0, unit: display, zone: zone) })
                } else {
                    Output.table(
                        RecordOutput.header, result.value.map { RecordOutput.row($0, unit: display, zone: zone) })
                }
            }
        }
    }

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "add", abstract: "Save a weight as this app's record (editable with `vitals edit`).",
            discussion: "The value must be more than 0 and less than 700 kg (in whatever --unit).")

        @OptionGroup var store: StoreOptions
        @Option(name: .long, help: ArgumentHelp("The weight, in --unit.", valueName: "number"))
        var value: Double
        @Option(name: .long, help: ArgumentHelp("Mass unit of the value (kg, lb, st; default kg).", valueName: "unit"))
        var unit: String?
        @Option(name: .long, help: ArgumentHelp("When it was measured (default: now).", valueName: "date"))
        var date: String?
        @Flag(name: .long, help: "Print the saved record as JSON.")
        var json = false

        func run() async throws {
            try await runReportingErrors {
                let input = try RecordOutput.unit(unit, compatibleWith: .kilogram) ?? .kilogram
                let when = try date.map { try store.date($0, option: "--date") } ?? Date()
                let database = try store.open()
                let kilograms = try input.convert(value, to: .kilogram)
                let record = try await RecordOutput.asArguments {
                    try await RecordEditor(store: database)
                        .add(WeightRecord(date: when, kilograms: kilograms, source: database.appSource))
                }
                let zone = try store.zone()
                if json {
                    Output.json(RecordOutput.object(record, unit: input, zone: zone))
                } else {
                    print(
                        "added weight \(RecordOutput.valueText(record, unit: input)) at "
                            + "\(ISO8601.format(record.date, in: zone)) (\(record.id.uuidString))")
                }
            }
        }
    }
}
