import Foundation
import Hummingbird
import VitalsContract
import VitalsCore
import VitalsServerStorage

/// The query parameters of a read API request (`GET /api/v1/samples`, `statistics`, `sources`,
/// `activity-summaries`), checked one by one: a bad one answers 400 `invalid_query` naming the
/// parameter, and the message says what is expected, never what was sent.
struct ReadQuery {
    let parameters: Parameters
    /// The token's user: whose zone a statistics query defaults to.
    let user: ServerUser

    init(_ request: Request, user: ServerUser) {
        self.parameters = request.uri.queryParameters
        self.user = user
    }

    /// 400 `invalid_query` for parameter `field`.
    static func invalid(_ field: String, _ message: String) -> APIError {
        APIError(.badRequest, code: "invalid_query", message, field: field)
    }

    /// `type=`: a short name (`stepCount`), an identifier, or another `HK…` identifier.
    func type(required: Bool) throws -> SampleType? {
        guard let text = parameters.get("type") else {
            if required { throw Self.invalid("type", "type is required: a sample type's short name or identifier") }
            return nil
        }
        guard let type = ReadAPI.sampleType(named: text) else {
            throw Self.invalid("type", "type must be a sample type's short name (stepCount) or HealthKit identifier")
        }
        return type
    }

    /// An instant parameter (`from`, `to`, `anchor`): ISO 8601 with an offset.
    func instant(_ name: String) throws -> Date? {
        guard let text = parameters.get(name) else { return nil }
        guard let date = ISO8601.parse(text) else {
            throw Self.invalid(
                name, "\(name) must be an ISO 8601 date and time with an offset (2025-11-16T08:00:00+01:00)")
        }
        return date
    }

    /// A day parameter (`from`, `to` of activity summaries): `YYYY-MM-DD`.
    func day(_ name: String) throws -> LocalDate? {
        guard let text = parameters.get(name) else { return nil }
        guard let day = try? LocalDate(parsing: text) else {
            throw Self.invalid(name, "\(name) must be a day, YYYY-MM-DD")
        }
        return day
    }

    /// A whole-number parameter in `range`.
    func integer(_ name: String, in range: ClosedRange<Int>) throws -> Int? {
        try ServerRoutes.integer(parameters.get(name), name: name, in: range)
    }

    /// A comma-separated list of `words`' words (`options=`); empty when absent.
    func words<Option: OptionSet>(_ words: [(word: String, option: Option)]) throws -> Option
    where Option.Element == Option {
        guard let text = parameters.get("options"), !text.isEmpty else { return [] }
        var options: Option = []
        for word in text.split(separator: ",", omittingEmptySubsequences: false) {
            guard let option = words.first(where: { $0.word == word })?.option else {
                throw Self.invalid(
                    "options",
                    "options must be a comma-separated list of "
                        + words.map(\.word).joined(separator: ", "))
            }
            options.insert(option)
        }
        return options
    }

    /// The sources counted: `bundleIdentifier=` (exactly that one) or `app=` (an app and its
    /// extensions), not both; every source when neither is given.
    func sourceFilter() throws -> SourceFilter {
        let exact = parameters.get("bundleIdentifier")
        let app = parameters.get("app")
        switch (exact, app) {
        case (nil, nil): return .all
        case (let exact?, nil): return .source(bundleIdentifier: exact)
        case (nil, let app?): return .app(bundleIdentifier: app)
        default: throw Self.invalid("app", "give bundleIdentifier or app, not both")
        }
    }

    /// `source=`, repeated: only samples from sources with these names (none: every source).
    var sourceNames: Set<String> { Set(parameters.getAll("source")) }

    /// The predicate of `GET /api/v1/samples`: `from`, `to`, `options` and the source filter.
    func samplePredicate() throws -> SamplePredicate {
        SamplePredicate(
            start: try instant("from"), end: try instant("to"),
            options: try words(ReadAPI.sampleOptionWords), sources: try sourceFilter())
    }

    /// The days of `GET /api/v1/activity-summaries`: `from` through `to`, open where one is absent;
    /// nil for every day.
    func days() throws -> ClosedRange<LocalDate>? {
        let from = try day("from")
        let to = try day("to")
        if from == nil, to == nil { return nil }
        let first = try from ?? LocalDate(year: 1, month: 1, day: 1)
        let last = try to ?? LocalDate(year: 9999, month: 12, day: 31)
        guard first <= last else { throw Self.invalid("to", "to must not be before from") }
        return first...last
    }
}
