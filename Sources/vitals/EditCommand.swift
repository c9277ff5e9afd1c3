import ArgumentParser
import Foundation
import VitalsCore
import VitalsInsights
import VitalsStore

struct EditCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit",
        abstract: "Edit or delete one of this app's records (weight, dietary, resting or active energy).",
        discussion: """
            Only records this app wrote can be changed; another source's record fails with exit 65 \
            ('read-only source'). Values are checked first: weight more than 0 and less than 700 kg, \
            calories and macros 0 or more, end after start; a bad value exits 64 naming its flag, an \
            unknown UUID 76, and nothing changes. An edit is one transaction that saves the record \
            under a new UUID (HealthKit samples are immutable); the new UUID is printed.
            """)

    @OptionGroup var store: StoreOptions
    @Argument(
        help: ArgumentHelp("The record's UUID (as `vitals weight` or `vitals nutrition` print it).", valueName: "uuid"))
    var uuid: String
    @Option(name: .long, help: ArgumentHelp("The new value, in --unit.", valueName: "number"))
    var value: Double?
    @Option(
        name: .long, help: ArgumentHelp("Unit of --value (default kg for weights, kcal for energy).", valueName: "unit")
    )
    var unit: String?
    @Option(name: .long, help: ArgumentHelp("Grams of protein (dietary records).", valueName: "grams"))
    var protein: Double?
    @Option(name: .long, help: ArgumentHelp("Grams of carbohydrates (dietary records).", valueName: "grams"))
    var carbs: Double?
    @Option(name: .long, help: ArgumentHelp("Grams of fat (dietary records).", valueName: "grams"))
    var fat: Double?
    @Option(
        name: .long,
        help: ArgumentHelp(
            "Remove a macro: protein, carbs or fat (dietary records; repeat for more).",
            valueName: "macro"))
    var clear: [String] = []
    @Option(
        name: .long, help: ArgumentHelp("A new start (the end moves with it unless --end is given).", valueName: "date")
    )
    var start: String?
    @Option(name: .long, help: ArgumentHelp("A new end.", valueName: "date"))
    var end: String?
    @Option(name: .long, help: ArgumentHelp("Workout type name (active energy records).", valueName: "name"))
    var activity: String?
    @Flag(name: .long, help: "Delete the record instead of editing it.")
    var delete = false
    @Flag(name: .long, help: "Print the edited record (or {deleted: UUID}) as JSON.")
    var json = false

    func validate() throws {
        if UUID(uuidString: uuid) == nil { throw ValidationError("'\(uuid)' is not a UUID") }
        let edits = [
            value != nil, protein != nil, carbs != nil, fat != nil, !clear.isEmpty, start != nil, end != nil,
            activity != nil,
        ]
        if delete && edits.contains(true) { throw ValidationError("--delete takes no other changes") }
        if !delete && !edits.contains(true) {
            throw ValidationError(
                "give --value, --protein, --carbs, --fat, --clear, --start, --end or --activity, or --delete")
        }
        for macro in clear {
            guard let given = ["protein": protein, "carbs": carbs, "fat": fat][macro] else {
                throw ValidationError("--clear takes protein, carbs or fat, not '\(macro)'")
            }
            if given != nil { throw ValidationError("--clear \(macro) and --\(macro) contradict each other") }
        }
        if unit != nil && value == nil { throw ValidationError("--unit needs --value") }
    }

    func run() async throws {
        try await runReportingErrors {
            guard let id = UUID(uuidString: uuid) else { return }
            let database = try store.open()
            let editor = RecordEditor(store: database)
            if delete {
                try await editor.delete(id)
                if json { Output.json(["deleted": id.uuidString]) } else { print("deleted \(id.uuidString)") }
                return
            }
            var change = RecordChange()
            change.start = try start.map { try store.date($0, option: "--start") }
            change.end = try end.map { try store.date($0, option: "--end") }
            if let activity {
                guard let type = WorkoutActivityType(name: activity) else {
                    throw VitalsError(
                        .invalidInput, "'\(activity)' is not a HealthKit workout activity",
                        at: InputLocation(field: "--activity"))
                }
                change.activity = type
            }
            func macro(_ grams: Double?, _ name: String) -> FieldChange<Quantity> {
                clear.contains(name) ? .clear : FieldChange(setting: grams.map { Quantity($0, .gram) })
            }
            change.protein = macro(protein, "protein")
            change.carbohydrates = macro(carbs, "carbs")
            change.fat = macro(fat, "fat")
            let record = try await editor.record(withID: id)
            let base = type(of: record).kind.baseUnit
            let input = try RecordOutput.unit(unit, compatibleWith: base) ?? base
            change.value = value.map { Quantity($0, input) }
            let edited = try await RecordOutput.asArguments { try await editor.edit(id, applying: change) }
            let zone = try store.zone()
            if json {
                var object = RecordOutput.object(edited, unit: input, zone: zone)
                object["replaces"] = id.uuidString
                Output.json(object)
            } else {
                print(
                    "edited \(type(of: edited).kind.rawValue) \(id.uuidString) -> \(edited.id.uuidString): "
                        + "\(RecordOutput.valueText(edited, unit: input))")
            }
        }
    }
}
