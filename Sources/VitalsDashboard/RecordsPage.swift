import Foundation
import VitalsCore
import VitalsInsights

/// The Records page: weight, nutrition (with macros), active and resting energy, one
/// table per kind, each row labelled local (editable here) or with the source it came from (read-only).
struct RecordsPage: Sendable {
    var data: RecordsData
    var layout: PageLayout
    var calendar: Calendar

    private var links: DashboardLinks { layout.links }
    private var request: RecordsRequest { data.request }

    func render() -> String {
        layout.page(title: "Records", current: .records) {
            Tag.h1 {
                "Records "
                Tag.small { DisplayFormat.days(request.from, through: request.to.adding(days: -1)) }
            }
            choices()
            if data.isEmptyStore { layout.gettingStarted() }
            Tag.p(.class("note")) {
                data.canWrite
                    ? "Local records (this dashboard's own, or vitals' on a local store) can be edited or deleted; records from other sources are shown read-only with their source."
                    : "Records are shown read-only here, each with its source."
            }
            for table in data.tables { section(table) }
        }
    }

    /// Links to each kind and a form choosing the days.
    private func choices() -> HTML {
        Tag.section(.class("panel choices")) {
            Tag.nav(.ariaLabel("Record kinds"), .class("kinds")) {
                kindLink("All", kind: nil)
                for kind in RecordKind.pageOrder { kindLink(kind.title, kind: kind) }
            }
            Tag.form(.class("custom-range"), .method("get"), .action(links.recordsHome)) {
                if let kind = request.kind { Tag.input(.type("hidden"), .name("kind"), .value(kind.pathName)) }
                Tag.label(.for("records-from")) { "From" }
                Tag.input(.id("records-from"), .name("from"), .type("date"), .value(request.from.description))
                Tag.label(.for("records-to")) { "to (not included)" }
                Tag.input(.id("records-to"), .name("to"), .type("date"), .value(request.to.description))
                Tag.button(.type("submit")) { "Show" }
            }
        }
    }

    private func kindLink(_ label: String, kind: RecordKind?) -> HTML {
        let target = RecordsRequest(kind: kind, from: request.from, to: request.to)
        var attributes = [Attribute.href(links.records(target))]
        if kind == request.kind { attributes.append(.ariaCurrent("page")) }
        return Tag.a(attributes: attributes) { label }
    }

    /// One kind's table, with its add link when the scope can write.
    private func section(_ table: RecordsData.Table) -> HTML {
        Tag.section(.class("panel records"), .id(table.kind.pathName), .data("kind", table.kind.pathName)) {
            Tag.h2 { table.kind.title }
            if data.canWrite {
                Tag.p { Tag.a(.class("add"), .href(links.newRecord(table.kind))) { "Add a \(table.kind.noun)" } }
            }
            if !table.unreadable.isEmpty {
                Tag.p(
                    .class("note"),
                    .data("unreadable", table.unreadable.map(\.shortName).sorted().joined(separator: " "))
                ) {
                    "Not allowed to read: \(table.unreadable.map(\.shortName).sorted().joined(separator: ", ")); those values are not shown."
                }
            }
            if table.records.isEmpty {
                Tag.p(.class("muted"), .data("empty", "true")) {
                    "No \(table.kind.title.lowercased()) records in these days."
                }
            } else {
                recordTable(table)
            }
        }
    }

    private func recordTable(_ table: RecordsData.Table) -> HTML {
        let shown = table.records.suffix(RecordsData.maximumRows)
        return Tag.div(.class("table-scroll")) {
            if shown.count < table.records.count {
                Tag.p(.class("note")) {
                    "Showing the latest \(shown.count) of \(table.records.count) records; choose fewer days to see the others."
                }
            }
            Tag.table(.class("records")) {
                Tag.caption(.class("visually-hidden")) { "\(table.kind.title) records" }
                header(table.kind)
                Tag.tbody {
                    for record in shown {
                        RecordRow(record: record, calendar: calendar, links: links, canWrite: data.canWrite).render()
                    }
                }
            }
        }
    }

    private func header(_ kind: RecordKind) -> HTML {
        Tag.thead {
            Tag.tr {
                Tag.th(.scope("col")) { "Time" }
                Tag.th(.scope("col")) { kind == .weight ? "Weight" : "Energy" }
                if kind == .dietaryCalorie {
                    Tag.th(.scope("col")) { "Protein" }
                    Tag.th(.scope("col")) { "Carbs" }
                    Tag.th(.scope("col")) { "Fat" }
                }
                if kind == .activeEnergy {
                    Tag.th(.scope("col")) { "Duration" }
                    Tag.th(.scope("col")) { "Workout" }
                }
                Tag.th(.scope("col")) { "Origin" }
                if data.canWrite { Tag.th(.scope("col")) { "Change" } }
            }
        }
    }
}
