import ArgumentParser
import Foundation
import VitalsCore
import VitalsStore

struct TypesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "types",
        abstract: "Each type in the store with its sample count and first and last date.")

    @OptionGroup var store: StoreOptions

    @Flag(name: .long, help: "List every type Vitals knows (kind, aggregation, unit) instead.")
    var all = false

    @Flag(name: .long, help: "Print JSON.")
    var json = false

    func run() async throws {
        try await runReportingErrors {
            if all {
                let known = SampleType.all.sorted { $0.identifier < $1.identifier }
                if json {
                    Output.json(
                        known.map { type -> [String: Any] in
                            var object: [String: Any] = [
                                "identifier": type.identifier, "name": type.shortName,
                                "kind": type.kind.rawValue,
                            ]
                            if let style = type.aggregationStyle { object["aggregation"] = "\(style)" }
                            if let unit = type.canonicalUnitString { object["unit"] = unit }
                            return object
                        })
                } else {
                    Output.table(
                        ["name", "kind", "aggregation", "unit"],
                        known.map {
                            [
                                $0.shortName, $0.kind.rawValue, $0.aggregationStyle.map { "\($0)" } ?? "",
                                $0.canonicalUnitString ?? "",
                            ]
                        })
                }
                return
            }
            let zone = try store.zone()
            let summaries = try await store.open().typeSummaries()
            if json {
                Output.json(
                    summaries.map {
                        [
                            "type": $0.type.identifier, "count": $0.count, "first": ISO8601.format($0.first, in: zone),
                            "last": ISO8601.format($0.last, in: zone),
                        ] as [String: Any]
                    })
            } else {
                Output.table(
                    ["type", "count", "first", "last"],
                    summaries.map {
                        [
                            $0.type.shortName, String($0.count), ISO8601.format($0.first, in: zone),
                            ISO8601.format($0.last, in: zone),
                        ]
                    })
            }
        }
    }
}
