import Foundation
import MCP
import VitalsCore

extension HealthToolbox {
    /// `list_holdings`: what the store holds.
    static let holdingsTool = HealthTool(
        name: "list_holdings", title: "What is stored",
        description: """
            Lists what the health store holds: each type (short name and HealthKit identifier, kind, unit) with \
            its sample count and its first and last sample, and the sources (apps and devices) in the priority \
            order statistics merge them by. Call it first to learn which types and dates other tools can answer for.
            """,
        inputSchema: Schema.object([:]),
        run: { toolbox, _ in try await toolbox.holdings() })

    func holdings() async throws -> Value {
        let summaries = try await reader.typeSummaries()
        let sources = try await reader.sources(for: nil)
        let types: [Value] = summaries.map { summary in
            var object: [String: Value] = [
                "name": .string(summary.type.shortName), "identifier": .string(summary.type.identifier),
                "kind": .string(summary.type.kind.rawValue), "count": .int(summary.count),
                "first": instant(summary.first), "last": instant(summary.last),
            ]
            if let unit = summary.type.canonicalUnitString { object["unit"] = .string(unit) }
            if let style = summary.type.aggregationStyle { object["aggregation"] = .string("\(style)") }
            return .object(object)
        }
        return .object([
            "types": .array(types),
            "sources": .array(sources.map { .string($0.name) }),
            "sampleCount": .int(summaries.reduce(0) { $0 + $1.count }),
        ])
    }
}
