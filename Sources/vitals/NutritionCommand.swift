import ArgumentParser
import Foundation
import VitalsCore
import VitalsInsights
import VitalsStore

struct NutritionCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "nutrition",
        abstract: "One day's dietary calories (with macros), resting and active energy, from every source.",
        discussion: """
            Records start in the local day of --date in --tz. Values are stored in kcal and grams; \
            macros come from food correlations and show '-' (JSON null) when not recorded. Each record \
            says whether it is this app's (local, editable with `vitals edit`) or external (read-only).
            """)

    @OptionGroup var store: StoreOptions
    @Option(name: .long, help: ArgumentHelp("The day, YYYY-MM-DD.", valueName: "date"))
    var date: String
    @Option(name: .long, help: ArgumentHelp("Show energy in this unit (kcal, kJ; default kcal).", valueName: "unit"))
    var unit: String?
    @Flag(name: .long, help: "Print a JSON object: dietary, resting, active, totals (kcal), unreadableTypes.")
    var json = false

    func run() async throws {
        try await runReportingErrors {
            let display = try RecordOutput.unit(unit, compatibleWith: .kilocalorie)
            let calendar = try store.calendar()
            let day = try RecordOutput.day(date, option: "--date")
            let range = day.range(in: calendar)
            let database = try store.open()
            let dietary = try await UnifiedQuery(DietaryQuery()).fetch(
                from: range.start, to: range.end, store: database)
            let resting = try await UnifiedQuery(RestingQuery()).fetch(
                from: range.start, to: range.end, store: database)
            let active = try await UnifiedQuery(ActivityQuery()).fetch(
                from: range.start, to: range.end, store: database)
            let unreadable = dietary.unreadableTypes.union(resting.unreadableTypes).union(active.unreadableTypes)
            RecordOutput.reportUnreadable(unreadable)
            let zone = try store.zone()
            let totals: [String: Double] = [
                "consumed": dietary.value.reduce(0) { $0 + $1.kilocalories },
                "resting": resting.value.reduce(0) { $0 + $1.kilocalories },
                "active": active.value.reduce(0) { $0 + $1.kilocalories },
            ]
            if json {
                Output.json([
                    "date": day.description,
                    "dietary": dietary.value.map { RecordOutput.object($0, unit: display, zone: zone) },
                    "resting": resting.value.map { RecordOutput.object($0, unit: display, zone: zone) },
                    "active": active.value.map { RecordOutput.object($0, unit: display, zone: zone) },
                    "totals": totals, "unreadableTypes": RecordOutput.names(unreadable),
                ])
                return
            }
            var records: [any HealthRecord] = dietary.value
            records += resting.value as [any HealthRecord]
            records += active.value as [any HealthRecord]
            Output.table(RecordOutput.header, records.map { RecordOutput.row($0, unit: display, zone: zone) })
            let shown = display ?? .kilocalorie
            func text(_ kcal: Double) -> String {
                "\(Output.number((try? HealthUnit.kilocalorie.convert(kcal, to: shown)) ?? kcal, digits: 1)) \(shown.unitString)"
            }
            print(
                "consumed \(text(totals["consumed"] ?? 0)), resting \(text(totals["resting"] ?? 0)), "
                    + "active \(text(totals["active"] ?? 0))")
        }
    }
}
