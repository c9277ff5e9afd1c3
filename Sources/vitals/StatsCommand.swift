import ArgumentParser
import Foundation
import VitalsCore
import VitalsStore

enum StatisticsOption: String, ExpressibleByArgument, CaseIterable {
    case sum, average, min, max, mostRecent, duration

    var option: StatisticsOptions {
        switch self {
        case .sum: .sum
        case .average: .average
        case .min: .minimum
        case .max: .maximum
        case .mostRecent: .mostRecent
        case .duration: .duration
        }
    }
}

extension CalendarPeriod: ExpressibleByArgument {}

struct StatsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats",
        abstract: "Statistics per hour, day, week or month, merging sources the way HealthKit does.",
        discussion: """
            Sums of cumulative types (steps, energy) merge overlapping sources by priority \
            (see `vitals sources priority`) instead of adding them. Average is arithmetic or \
            time-weighted by the type. duration is the time covered by category samples; for \
            sleep, the union of asleep stages. Buckets are calendar periods in --tz, so a day \
            with a DST change has 23 or 25 hours.
            """)

    @OptionGroup var store: StoreOptions

    @Option(name: .long, help: ArgumentHelp("Type identifier or short name.", valueName: "type"))
    var type: String

    @Option(name: .long, help: ArgumentHelp("Inclusive start.", valueName: "date"))
    var from: String

    @Option(name: .long, help: ArgumentHelp("Exclusive end.", valueName: "date"))
    var to: String

    @Option(name: .long, help: "Bucket length: hour, day, week (Monday first) or month.")
    var interval: CalendarPeriod = .day

    @Option(
        name: .long,
        help: ArgumentHelp(
            "sum, average, min, max, mostRecent or duration (default: sum for cumulative types, average for discrete ones, duration for categories).",
            valueName: "option"))
    var option: StatisticsOption?

    @Flag(name: .long, help: "One row per source and bucket (each source's own value) instead of the merged value.")
    var bySource = false

    @Flag(name: .long, help: "Print a JSON array of {start, end, value, unit} (plus source with --by-source).")
    var json = false

    func run() async throws {
        try await runReportingErrors {
            let sampleType = try TypeArgument.parse(type)
            let chosen = option?.option ?? sampleType.defaultStatistic
            var options = chosen
            if bySource { options.insert(.separateBySource) }
            let start = try store.date(from, option: "--from"), end = try store.date(to, option: "--to")
            let range: DateRange
            do throws(VitalsError) {
                range = try DateRange(start: start, end: end)
            } catch {
                throw error.located(InputLocation(field: "--to"))
            }
            let query = StatisticsQuery(
                type: sampleType, range: range, interval: interval,
                calendar: try store.calendar(), options: options)
            let database = try store.open()
            let result = try await database.statistics(query)
            reportRestrictions(result.unreadableTypes, stale: result.staleBecause)
            let unit = chosen == .duration ? "min" : (sampleType.canonicalUnitString ?? "")
            var rows: [(Statistics, Source?)] = []
            for bucket in result.value {
                if bySource {
                    rows += bucket.bySource.map { ($0.statistics, $0.source) }
                } else {
                    rows.append((bucket, nil))
                }
            }
            let zone = try store.zone()
            if json {
                Output.json(
                    rows.map { statistics, source -> [String: Any] in
                        var object: [String: Any] = [
                            "start": ISO8601.format(statistics.range.start, in: zone),
                            "end": ISO8601.format(statistics.range.end, in: zone),
                            "value": statistics.value(for: chosen) as Any? ?? NSNull(), "unit": unit,
                        ]
                        if let source {
                            object["source"] = ["name": source.name, "bundleIdentifier": source.bundleIdentifier]
                        }
                        return object
                    })
                return
            }
            var header = ["start", "end", "\(Self.name(of: chosen)) (\(unit))"]
            if bySource { header.append("source") }
            Output.table(
                header,
                rows.map { statistics, source in
                    var row = [
                        ISO8601.format(statistics.range.start, in: zone),
                        ISO8601.format(statistics.range.end, in: zone),
                        statistics.value(for: chosen).map { Output.number($0) } ?? "-",
                    ]
                    if let source { row.append(source.name) }
                    return row
                })
        }
    }

    static func name(of option: StatisticsOptions) -> String {
        StatisticsOption.allCases.first { $0.option == option }?.rawValue ?? "value"
    }
}
