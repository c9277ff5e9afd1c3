import Foundation
import VitalsCore
import VitalsInsights

/// One row of a Records table: time, value with its unit, the kind's details and the origin.
///
/// The row's `data-` attributes carry the exact values (base units, ISO 8601 times) for tests
/// and screen readers' tables alike; only local rows of a writable scope get an edit link.
struct RecordRow: Sendable {
    var record: any HealthRecord
    var calendar: Calendar
    var links: DashboardLinks
    var canWrite: Bool

    private var kind: RecordKind { type(of: record).kind }

    func render() -> HTML {
        let attributes: [Attribute] = [
            .class("record"), .data("id", record.id.uuidString), .data("kind", kind.pathName),
            .data("start", DisplayFormat.instant(record.start, in: calendar)),
            .data("end", DisplayFormat.instant(record.end, in: calendar)),
            .data("value", DisplayFormat.exact(record.value)), .data("unit", kind.baseUnit.unitString),
            .data("origin", record.origin.rawValue), .data("source", record.source.name),
        ]
        return Tag.tr(attributes: attributes) {
            Tag.th(.scope("row")) {
                Tag.time(.datetime(DisplayFormat.instant(record.start, in: calendar))) { timeText(record.start) }
            }
            Tag.td { valueText(record.value, unit: kind.baseUnit.unitString, digits: kind == .weight ? 1 : 0) }
            details()
            origin()
            if canWrite { change() }
        }
    }

    @HTMLBuilder
    private func details() -> HTML {
        if let dietary = record as? DietaryCalorieRecord {
            macro(dietary.protein, name: "protein")
            macro(dietary.carbohydrates, name: "carbs")
            macro(dietary.fat, name: "fat")
        }
        if let active = record as? ActiveEnergyRecord {
            Tag.td { DisplayFormat.duration(minutes: active.durationMinutes) }
            Tag.td { active.workoutType.map(DisplayFormat.activity) ?? "–" }
        }
    }

    private func macro(_ grams: Double?, name: String) -> HTML {
        guard let grams else { return Tag.td(.data(name, "none")) { "–" } }
        return Tag.td(.data(name, DisplayFormat.exact(grams))) { valueText(grams, unit: "g", digits: 1) }
    }

    private func origin() -> HTML {
        if record.origin == .local {
            return Tag.td { Tag.span(.class("badge local")) { "local" } }
        }
        return Tag.td {
            Tag.span(.class("source")) { record.source.name }
            " "
            Tag.span(.class("badge")) { "read-only" }
        }
    }

    private func change() -> HTML {
        guard record.origin == .local else { return Tag.td(.class("muted")) { "–" } }
        return Tag.td {
            Tag.a(.href(links.editRecord(record.id)), .ariaLabel("Edit the \(kind.noun) of \(timeText(record.start))"))
            { "Edit" }
        }
    }

    /// `Sun 16 Nov 2025 08:30`, in the scope's zone.
    private func timeText(_ date: Date) -> String {
        let day = LocalDate(containing: date, in: calendar)
        return DisplayFormat.dayLabel(day) + " " + DisplayFormat.clock(date, in: calendar)
    }

    private func valueText(_ value: Double, unit: String, digits: Int) -> String {
        DisplayFormat.number(value, digits: digits) + " " + unit
    }
}
