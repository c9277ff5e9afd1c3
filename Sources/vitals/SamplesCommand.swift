import ArgumentParser
import Foundation
import VitalsCore
import VitalsStore

struct SamplesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "samples",
        abstract: "List samples of one type with HealthKit's predicate semantics.",
        discussion: """
            Without --strict-start/--strict-end a sample matches when end >= FROM and start < TO \
            (it overlaps). --strict-start: FROM <= start < TO. --strict-end: FROM <= end < TO. \
            Both: both hold. TO is exclusive: use the start of the next period.
            """)

    @OptionGroup var store: StoreOptions

    @Option(
        name: .long,
        help: ArgumentHelp("Type identifier or short name (stepCount, sleepAnalysis, workout).", valueName: "type"))
    var type: String

    @Option(name: .long, help: ArgumentHelp("Inclusive start of the window.", valueName: "date"))
    var from: String?

    @Option(name: .long, help: ArgumentHelp("Exclusive end of the window.", valueName: "date"))
    var to: String?

    @Flag(name: .long, help: "Only samples that start inside the window.")
    var strictStart = false

    @Flag(name: .long, help: "Only samples that end inside the window.")
    var strictEnd = false

    @Option(name: .long, help: ArgumentHelp("Only samples from this bundle identifier.", valueName: "bundle-id"))
    var sourceBundle: String?

    @Flag(name: .long, help: "With --source-bundle, also its extensions (BUNDLE.widget, BUNDLE.watchkitapp).")
    var includeExtensions = false

    @Option(name: .long, help: ArgumentHelp("At most this many samples.", valueName: "n"))
    var limit: Int?

    @Flag(name: .long, help: "Print JSON Lines (the shape `vitals add --jsonl` reads).")
    var json = false

    func validate() throws {
        if includeExtensions && sourceBundle == nil {
            throw ValidationError("--include-extensions needs --source-bundle")
        }
        if let limit, limit <= 0 { throw ValidationError("--limit must be positive") }
    }

    func run() async throws {
        try await runReportingErrors {
            let sampleType = try TypeArgument.parse(type)
            var options: SampleQueryOptions = []
            if strictStart { options.insert(.strictStartDate) }
            if strictEnd { options.insert(.strictEndDate) }
            var sources = SourceFilter.all
            if let sourceBundle {
                sources =
                    includeExtensions ? .app(bundleIdentifier: sourceBundle) : .source(bundleIdentifier: sourceBundle)
            }
            let predicate = SamplePredicate(
                start: try from.map { try store.date($0, option: "--from") },
                end: try to.map { try store.date($0, option: "--to") }, options: options, sources: sources)
            let database = try store.open()
            let result = try await database.samples(of: sampleType, matching: predicate, limit: limit)
            reportRestrictions(result.unreadableTypes, stale: result.staleBecause)
            let zone = try store.zone()
            if json {
                for sample in result.value { print(SampleJSON.line(for: sample, in: zone)) }
                return
            }
            Output.table(
                ["start", "end", "value", "source", "uuid"],
                result.value.map { sample in
                    [
                        ISO8601.format(sample.start, in: zone), ISO8601.format(sample.end, in: zone),
                        Self.valueText(sample), sample.source.name, sample.uuid.uuidString,
                    ]
                })
        }
    }

    static func valueText(_ sample: Sample) -> String {
        switch sample.content {
        case .quantity(let quantity): "\(Output.number(quantity.value)) \(quantity.unit.unitString)"
        case .category(let value): CategoryValue.name(for: value, type: sample.type) ?? String(value)
        case .workout(let workout): "\(workout.activityType.name) \(Output.number(sample.duration / 60)) min"
        case .correlation(let members): "\(members.count) members"
        }
    }
}

/// Tells stderr when an answer is empty because of authorization, or stale.
func reportRestrictions(_ unreadable: Set<SampleType>, stale: VitalsError?) {
    for type in unreadable.sorted(by: { $0.identifier < $1.identifier }) {
        FileHandle.standardError.write(
            Data("note: reading \(type.shortName) is not authorized; the result is empty\n".utf8))
    }
    if let stale {
        FileHandle.standardError.write(Data("note: showing cached data; the store failed: \(stale)\n".utf8))
    }
}
