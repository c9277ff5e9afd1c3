import Foundation
import MCP
import VitalsCore

/// The read-only tools `vitals mcp` offers, written once over the read protocol (``ActivityReader``).
///
/// A local `SQLiteHealthStore` and a server user read through its HTTP API answer them alike:
/// statistics are the same `StatisticsQuery` `vitals stats`, the dashboard and the API run,
/// so sources are merged by priority and sleep is the union of asleep intervals. Every answer
/// names the time zone its dates are in and the unit of each figure; a type the reader may not
/// read, or that holds no samples, says so instead of answering zero.
public struct HealthToolbox: Sendable {
    /// Where the samples are read.
    public var reader: any ActivityReader
    /// The calendar whose days, weeks and months the tools count in (and whose zone answers are in).
    public var calendar: Calendar
    /// What "today" is; `Date()` unless a test sets a clock.
    public var now: @Sendable () -> Date

    /// A toolbox over `reader`, counting days in `calendar`.
    public init(reader: any ActivityReader, calendar: Calendar, now: @escaping @Sendable () -> Date = { Date() }) {
        self.reader = reader
        self.calendar = calendar
        self.now = now
    }

    /// Every tool, in the order a client lists them.
    public static let tools: [HealthTool] = [
        holdingsTool, daySummaryTool, statisticsTool, samplesTool, trendsTool, workoutsTool, sleepNightsTool,
        streakTool, insightsTool,
    ]

    /// Answers a call of the tool `name`; a `VitalsError` names the argument that was wrong.
    public func call(_ name: String, arguments: [String: Value]) async throws -> Value {
        guard let tool = Self.tools.first(where: { $0.name == name }) else {
            let names = Self.tools.map(\.name).joined(separator: ", ")
            throw VitalsError(
                .notFound, "no tool named '\(name)'; the tools are \(names)", at: InputLocation(field: "name"))
        }
        let allowed = Set(tool.inputSchema.objectValue?["properties"]?.objectValue?.keys.map { $0 } ?? [])
        let parsed = try ToolArguments(arguments, calendar: calendar, allowed: allowed)
        var answer = try await tool.run(self, parsed)
        if case .object(var object) = answer {
            object["zone"] = .string(zone.identifier)
            answer = .object(object)
        }
        return answer
    }

    /// The zone every date in an answer is written in.
    var zone: TimeZone { calendar.timeZone }

    /// An instant as ISO 8601 with the zone's offset.
    func instant(_ date: Date) -> Value { .string(ISO8601.format(date, in: zone)) }

    /// Today in the calendar.
    var today: LocalDate { LocalDate(containing: now(), in: calendar) }

    /// A figure rounded for reading (six significant places are more than any sensor has).
    static func number(_ value: Double?) -> Value {
        guard let value, value.isFinite else { return .null }
        return .double((value * 1_000_000).rounded() / 1_000_000)
    }

    /// The canonical unit statistics of `type` are in (`min` for durations).
    static func unit(of type: SampleType, option: StatisticsOptions) -> String {
        option == .duration ? "min" : (type.canonicalUnitString ?? "")
    }

    /// Why a type gave no figures, when it gave none: not readable, or nothing stored.
    func absence(of type: SampleType, unreadable: Set<SampleType>) async throws -> Value? {
        if unreadable.contains(type) {
            return .string("reading \(type.shortName) is not allowed; the answer leaves it out")
        }
        if try await reader.sources(for: type).isEmpty {
            return .string("the store holds no samples of \(type.shortName)")
        }
        return nil
    }

    /// The option names the tools take, as `vitals stats --option` spells them.
    static let optionNames: [(String, StatisticsOptions)] = [
        ("sum", .sum), ("average", .average), ("min", .minimum), ("max", .maximum), ("mostRecent", .mostRecent),
        ("duration", .duration),
    ]

    static func name(of option: StatisticsOptions) -> String {
        optionNames.first { $0.1 == option }?.0 ?? "value"
    }
}
