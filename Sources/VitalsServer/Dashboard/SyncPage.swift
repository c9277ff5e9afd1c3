import Foundation
import VitalsCore
import VitalsDashboard
import VitalsServerStorage

/// The dashboard's Sync page on the server (`GET /sync`): how to send data here, per sample type
/// the newest sample, the last ingest and the days without data, and the recent ingests with
/// what was skipped and why. Counts and type names only, as the ingest log keeps them.
struct SyncPage {
    /// Per sample type, over the last ``HealthService/completenessDays`` days.
    let completeness: IngestCompleteness
    /// The newest entries of the user's ingest log.
    let ingests: [IngestLogEntry]
    /// The user's calendar: times are shown in their zone.
    let calendar: Calendar
    /// This server's address as the browser reached it (`https://vitals.example.org`).
    let origin: String

    /// The page's main content.
    @HTMLBuilder var content: HTML {
        Tag.h1 { "Sync" }
        setup
        coverage
        log
    }

    /// Where and how to send data.
    @HTMLBuilder private var setup: HTML {
        Tag.section(.class("panel"), .ariaLabelledBy("send")) {
            Tag.h2(.id("send")) { "Send data to this server" }
            Tag.p { "Health Auto Export (iPhone): Automations → add a REST API automation with:" }
            Tag.table {
                Tag.tbody {
                    row("URL", origin + "/api/v1/ingest/health-auto-export")
                    row("Header", "Authorization: Bearer YOUR_TOKEN")
                    row("Export format", "JSON")
                }
            }
            Tag.p(.class("note")) {
                "YOUR_TOKEN is the API token you signed in with; `vitals user token NAME` on the server makes a new one (the old one, and its sessions, stop working)."
            }
            Tag.p { "An Apple Health export (Health app → your picture → Export All Health Data):" }
            Tag.pre {
                Tag.code {
                    "curl -H \"Authorization: Bearer YOUR_TOKEN\" --data-binary @export.zip \(origin)/api/me/imports"
                }
            }
        }
    }

    private func row(_ name: String, _ value: String) -> HTML {
        Tag.tr {
            Tag.th(.scope("row")) { name }
            Tag.td { Tag.code { value } }
        }
    }

    /// Per sample type: newest sample, last ingest, days without data.
    @HTMLBuilder private var coverage: HTML {
        Tag.section(.class("panel"), .ariaLabelledBy("coverage")) {
            Tag.h2(.id("coverage")) { "What has arrived" }
            Tag.p(.class("note")) {
                "Days \(completeness.from) to \(completeness.through), midnight to midnight in \(completeness.timeZone)."
            }
            if completeness.metrics.isEmpty {
                Tag.p(.data("empty", "true")) {
                    "No samples have arrived yet (daily records sent to /api/v1/health/daily or /api/health/sync are kept as day summaries, not samples): set up Health Auto Export or upload an export, above."
                }
            } else {
                Tag.table {
                    Tag.thead {
                        Tag.tr {
                            Tag.th(.scope("col")) { "Type" }
                            Tag.th(.scope("col")) { "Newest sample" }
                            Tag.th(.scope("col")) { "Last ingest" }
                            Tag.th(.scope("col")) { "Days without data" }
                        }
                    }
                    Tag.tbody {
                        for metric in completeness.metrics { coverageRow(metric) }
                    }
                }
            }
        }
    }

    private func coverageRow(_ metric: IngestCompleteness.Metric) -> HTML {
        Tag.tr(.data("type", metric.type)) {
            Tag.th(.scope("row")) { Self.typeName(metric.type) }
            Tag.td { metric.lastSampleStart.map(time) ?? "none stored" }
            Tag.td { metric.lastIngest.map { time($0.receivedAt) } ?? "not in the log" }
            Tag.td(.data("missing-days", String(metric.daysWithoutData))) {
                if metric.missingDays.isEmpty {
                    "0"
                } else {
                    Tag.details {
                        Tag.summary { "\(metric.daysWithoutData)" }
                        metric.missingDays.map(\.description).joined(separator: ", ")
                    }
                }
            }
        }
    }

    /// The recent ingests.
    @HTMLBuilder private var log: HTML {
        Tag.section(.class("panel"), .ariaLabelledBy("ingests")) {
            Tag.h2(.id("ingests")) { "Recent ingests" }
            if ingests.isEmpty {
                Tag.p { "No request has been logged yet." }
            } else {
                Tag.table {
                    Tag.thead {
                        Tag.tr {
                            Tag.th(.scope("col")) { "Received" }
                            Tag.th(.scope("col")) { "From" }
                            Tag.th(.scope("col")) { "Status" }
                            Tag.th(.scope("col")) { "Samples new / revised / already there / sent" }
                            Tag.th(.scope("col")) { "Workouts new / sent" }
                            Tag.th(.scope("col")) { "Skipped" }
                        }
                    }
                    Tag.tbody {
                        for entry in ingests { ingestRow(entry) }
                    }
                }
            }
        }
    }

    private func ingestRow(_ entry: IngestLogEntry) -> HTML {
        Tag.tr(.data("ingest", String(entry.id))) {
            Tag.td { time(entry.receivedAt) }
            Tag.td { entry.kind.rawValue }
            Tag.td { entry.succeeded ? "\(entry.status)" : "\(entry.status) \(entry.errorCode ?? "")" }
            Tag.td {
                "\(entry.samplesStored) / \(entry.samplesRevised) / \(entry.samplesAlreadyPresent) / \(entry.samplesReceived)"
            }
            Tag.td { "\(entry.workoutsStored) / \(entry.workoutsReceived)" }
            Tag.td { entry.skipped.isEmpty ? "none" : entry.skipped.map(Self.skipped).joined(separator: "; ") }
        }
    }

    /// A skipped part as `name: reason (count)`.
    static func skipped(_ part: LoggedJSON) -> String {
        guard case .object(let members) = part else { return part.text }
        func string(_ key: String) -> String? {
            switch members[key] {
            case .string(let value)?: value
            case .number(let value)?: value == value.rounded() ? String(Int(value)) : String(value)
            default: nil
            }
        }
        var text = [string("name"), string("reason")].compactMap { $0 }.joined(separator: ": ")
        if let count = string("count") { text += " (\(count))" }
        return text.isEmpty ? part.text : text
    }

    /// `HKQuantityTypeIdentifierStepCount` as `StepCount`.
    static func typeName(_ identifier: String) -> String {
        for prefix in [
            "HKQuantityTypeIdentifier", "HKCategoryTypeIdentifier", "HKCorrelationTypeIdentifier",
            "HKWorkoutTypeIdentifier", "HKDataType",
        ] where identifier.hasPrefix(prefix) {
            return String(identifier.dropFirst(prefix.count))
        }
        return identifier
    }

    /// `2025-11-16 09:05` in the user's zone.
    private func time(_ date: Date) -> String {
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        func pad(_ value: Int?) -> String { String(format: "%02d", value ?? 0) }
        return "\(parts.year ?? 0)-\(pad(parts.month))-\(pad(parts.day)) \(pad(parts.hour)):\(pad(parts.minute))"
    }
}
