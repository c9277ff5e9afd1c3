import Foundation
import VitalsCore
import VitalsInsights

/// What a Records URL asks for: `/records?kind=weight|nutrition|active-energy|resting-energy&from=&to=`.
///
/// `from` and `to` are days in the scope's zone, `[from, to)` as `vitals stats --from --to` and
/// the Trends page read them (`to` not included); by default the last 7 days up to and including
/// today. Without `kind` the page shows every kind.
struct RecordsRequest: Sendable, Hashable {
    /// The one kind shown, or `nil` for all four.
    var kind: RecordKind?
    /// The first day shown.
    var from: LocalDate
    /// The first day not shown.
    var to: LocalDate

    /// The longest range, in days (about ten years).
    static let maximumDays = 3_660

    /// The request of `parameters`, "today" being `today`; throws naming a parameter it cannot use.
    init(_ parameters: QueryParameters, today: LocalDate) throws(BadParameter) {
        if let name = parameters["kind"] {
            guard let kind = RecordKind(pathName: name) else {
                throw BadParameter(
                    "kind", "'\(name)' is not a record kind; use weight, nutrition, active-energy or resting-energy")
            }
            self.kind = kind
        }
        to = try Self.day(parameters, "to") ?? today.adding(days: 1)
        from = try Self.day(parameters, "from") ?? to.adding(days: -7)
        guard from < to else {
            throw BadParameter("to", "\(to) is not after \(from) (to is the first day not included)")
        }
        guard from.days(to: to) <= Self.maximumDays else {
            throw BadParameter("from", "the range is longer than \(Self.maximumDays) days")
        }
    }

    /// A request for `kind` over `[from, to)`.
    init(kind: RecordKind?, from: LocalDate, to: LocalDate) {
        self.kind = kind
        self.from = from
        self.to = to
    }

    /// The kinds the page shows, in page order.
    var kinds: [RecordKind] { kind.map { [$0] } ?? RecordKind.pageOrder }

    /// The instants `[from 00:00, to 00:00)` in `calendar`'s zone.
    func range(in calendar: Calendar) -> (start: Date, end: Date) {
        (from.start(in: calendar), to.start(in: calendar))
    }

    private static func day(_ parameters: QueryParameters, _ name: String) throws(BadParameter) -> LocalDate? {
        guard let text = parameters[name] else { return nil }
        do {
            return try LocalDate(parsing: text)
        } catch {
            throw BadParameter(name, "'\(text)' is not a day; use YYYY-MM-DD")
        }
    }
}
