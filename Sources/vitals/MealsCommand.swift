import ArgumentParser
import Foundation
import VitalsCore
import VitalsInsights
import VitalsStore

struct MealsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "meals",
        abstract: "Meals: list the stored ones, or ingest a day's nutrition samples as meals.",
        discussion: """
            Without --ingest or --preview, lists the meals stored by earlier ingests on --date (all \
            of them without a date), and when meals were last synced. --ingest groups the day's \
            nutrition samples not ingested before into meals, adds them to the day's stored meals \
            and prints what was added, so a second run adds nothing; --preview prints the day's \
            grouping and stores nothing. Windows are half-open in --tz wall-clock time: breakfast \
            [05:00, 10:00), lunch [11:00, 14:00), dinner [17:00, 21:00), snack at any other time \
            (so 10:00 is a snack and 11:00 lunch). Each food correlation or lone energy/macro \
            sample is one item; a meal adds up its items, and its confidence is n/(n+1) for n \
            items. A meal's id is derived from its day and type: the same in every run.
            """)

    @OptionGroup var store: StoreOptions
    @Option(
        name: .long,
        help: ArgumentHelp(
            "The day, YYYY-MM-DD (needed by --ingest and --preview).",
            valueName: "date"))
    var date: String?
    @Flag(name: .long, help: "Add the day's samples not ingested before to its stored meals, and print those.")
    var ingest = false
    @Flag(name: .long, help: "Print the day's samples grouped into meals, storing nothing.")
    var preview = false
    @Flag(
        name: .long,
        help: """
            Print a JSON object: meals and lastSync; with --ingest or --preview also date, \
            alreadyIngested and unreadableTypes.
            """)
    var json = false

    func validate() throws {
        guard !(ingest && preview) else { throw ValidationError("--ingest and --preview exclude each other") }
        guard date != nil || !(ingest || preview) else {
            throw ValidationError("--\(ingest ? "ingest" : "preview") needs --date")
        }
    }

    func run() async throws {
        try await runReportingErrors {
            let day = try date.map { try RecordOutput.day($0, option: "--date") }
            let database = try store.open()
            let ingestor = HealthIngestor(
                store: database, ledger: database, records: try SQLiteAppRecordStore(database),
                calendar: try store.calendar())
            let zone = try store.zone()
            guard let day, ingest || preview else {
                let meals = try await ingestor.records.nutritionLogs(on: day.map { $0...$0 })
                let lastSync = try await ingestor.lastSync(of: .meal)
                if json {
                    Output.json([
                        "meals": meals.map { Self.object($0, zone: zone) },
                        "lastSync": RecordOutput.instant(lastSync, zone: zone),
                    ])
                } else {
                    Self.table(meals, zone: zone)
                    print("last sync: \(lastSync.map { ISO8601.format($0, in: zone) } ?? "never")")
                }
                return
            }
            let result = ingest ? try await ingestor.ingestMeals(on: day) : try await ingestor.meals(on: day)
            RecordOutput.reportUnreadable(result.unreadableTypes)
            if json {
                Output.json([
                    "date": day.description,
                    "meals": result.records.map { Self.object($0, zone: zone) },
                    "alreadyIngested": result.alreadyIngested.map(\.uuidString).sorted(),
                    "unreadableTypes": RecordOutput.names(result.unreadableTypes),
                    "lastSync": RecordOutput.instant(try await ingestor.lastSync(of: .meal), zone: zone),
                ])
                return
            }
            Self.table(result.records, zone: zone)
            if ingest {
                let count = result.records.reduce(0) { $0 + $1.sampleCount }
                print(
                    "ingested \(count) samples into \(result.records.count) meals, skipped \(result.alreadyIngested.count) ingested before"
                )
            }
        }
    }

    private static func table(_ meals: [NutritionLog], zone: TimeZone) {
        func text(_ value: Double?) -> String { value.map { Output.number($0, digits: 1) } ?? "-" }
        Output.table(
            [
                "day", "meal", "first", "last", "kcal", "protein g", "carbs g", "fat g", "samples", "confidence",
                "source",
            ],
            meals.map { meal in
                [
                    meal.day.description, meal.mealType.rawValue, ISO8601.format(meal.start, in: zone),
                    ISO8601.format(meal.end, in: zone), text(meal.kilocalories), text(meal.protein),
                    text(meal.carbohydrates),
                    text(meal.fat), String(meal.sampleCount), Output.number(meal.confidence), meal.source.rawValue,
                ]
            })
    }

    private static func object(_ meal: NutritionLog, zone: TimeZone) -> [String: Any] {
        func grams(_ value: Double?) -> Any { value ?? NSNull() }
        return [
            "id": meal.id.uuidString, "date": meal.day.description, "mealType": meal.mealType.rawValue,
            "title": meal.title, "start": ISO8601.format(meal.start, in: zone),
            "end": ISO8601.format(meal.end, in: zone),
            "kilocalories": meal.kilocalories, "protein": grams(meal.protein), "carbs": grams(meal.carbohydrates),
            "fat": grams(meal.fat), "sampleCount": meal.sampleCount, "confidence": meal.confidence,
            "source": meal.source.rawValue, "samples": meal.itemUUIDs.map(\.uuidString),
        ]
    }
}
