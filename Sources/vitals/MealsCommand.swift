import ArgumentParser
import Foundation
import VitalsCore
import VitalsInsights
import VitalsStore

struct MealsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "meals",
        abstract: "One day's nutrition samples grouped into meals by time of day.",
        discussion: """
            Windows are half-open in --tz wall-clock time: breakfast [05:00, 10:00), lunch \
            [11:00, 14:00), dinner [17:00, 21:00), snack at any other time (so 10:00 is a snack and \
            11:00 lunch). Each food correlation or lone energy/macro sample is one item; a meal adds \
            up its items, and its confidence is n/(n+1) for n items. With --ingest, only items not \
            ingested before are grouped, printed and recorded.
            """)

    @OptionGroup var store: StoreOptions
    @Option(name: .long, help: ArgumentHelp("The day, YYYY-MM-DD.", valueName: "date"))
    var date: String
    @Flag(name: .long, help: "Record the printed meals' samples as ingested; skip samples ingested before.")
    var ingest = false
    @Flag(name: .long, help: "Print a JSON object: meals, alreadyIngested, unreadableTypes.")
    var json = false

    func run() async throws {
        try await runReportingErrors {
            let day = try RecordOutput.day(date, option: "--date")
            let database = try store.open()
            let ingestor = HealthIngestor(store: database, ledger: database, calendar: try store.calendar())
            let result = ingest ? try await ingestor.ingestMeals(on: day) : try await ingestor.meals(on: day)
            RecordOutput.reportUnreadable(result.unreadableTypes)
            let zone = try store.zone()
            func grams(_ value: Double?) -> Any { value ?? NSNull() }
            if json {
                Output.json([
                    "date": day.description,
                    "meals": result.records.map { meal in
                        [
                            "id": meal.id.uuidString, "mealType": meal.mealType.rawValue, "title": meal.title,
                            "start": ISO8601.format(meal.start, in: zone), "end": ISO8601.format(meal.end, in: zone),
                            "kilocalories": meal.kilocalories, "protein": grams(meal.protein),
                            "carbs": grams(meal.carbohydrates), "fat": grams(meal.fat),
                            "sampleCount": meal.sampleCount, "confidence": meal.confidence,
                            "samples": meal.itemUUIDs.map(\.uuidString),
                        ] as [String: Any]
                    },
                    "alreadyIngested": result.alreadyIngested.map(\.uuidString).sorted(),
                    "unreadableTypes": RecordOutput.names(result.unreadableTypes),
                ])
                return
            }
            func text(_ value: Double?) -> String { value.map { Output.number($0, digits: 1) } ?? "-" }
            Output.table(["meal", "first", "last", "kcal", "protein g", "carbs g", "fat g", "samples", "confidence"],
                         result.records.map { meal in
                [meal.mealType.rawValue, ISO8601.format(meal.start, in: zone), ISO8601.format(meal.end, in: zone),
                 text(meal.kilocalories), text(meal.protein), text(meal.carbohydrates), text(meal.fat),
                 String(meal.sampleCount), Output.number(meal.confidence)]
            })
            if ingest {
                let count = result.records.reduce(0) { $0 + $1.sampleCount }
                print("ingested \(count) samples into \(result.records.count) meals, skipped \(result.alreadyIngested.count) ingested before")
            }
        }
    }
}
