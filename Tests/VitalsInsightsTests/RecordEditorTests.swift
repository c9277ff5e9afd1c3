import Foundation
import Testing
import VitalsCore
import VitalsInsights
import VitalsStore

@Suite("Seed 002: editing local records")
struct RecordEditorTests {
    let day = (start: berlin("00:00"), end: berlin("00:00", day: "2025-10-15"))

    /// Every stored sample, by type, as (uuid, value) pairs: what "unchanged" is compared against.
    func snapshot(_ store: SQLiteHealthStore) async throws -> [String: [String]] {
        var all: [String: [String]] = [:]
        for type in [
            SampleType.bodyMass, .dietaryEnergyConsumed, .dietaryProtein, .food, .activeEnergyBurned,
            .basalEnergyBurned,
        ] {
            all[type.shortName] = try await store.samples(of: type).value.map {
                "\($0.uuid) \($0.start.timeIntervalSince1970) \($0.end.timeIntervalSince1970) \($0.quantity?.value ?? -1)"
            }
        }
        return all
    }

    @Test("Only local records are editable: an edit changes the value and keeps one record")
    func editLocalWeight() async throws {
        let fixture = try InsightsFixture()
        let editor = RecordEditor(store: fixture.store)
        let added = try await editor.add(
            WeightRecord(date: berlin("07:00"), kilograms: 80, source: InsightsFixture.app))
        let edited = try await editor.edit(added.id, applying: RecordChange(value: Quantity(176.37, .pound)))
        let weight = try #require(edited as? WeightRecord)
        #expect(weight.id != added.id && abs(weight.kilograms - 80) < 0.01 && weight.date == added.date)
        let stored = try await fixture.store.samples(of: .bodyMass).value
        #expect(stored.map(\.uuid) == [weight.id])
        #expect(stored.first?.source == InsightsFixture.app)
        let changes = try await fixture.store.changes(since: nil, types: [.bodyMass])
        #expect(changes.deleted.map(\.uuid) == [added.id])
    }

    @Test("Read-only source: editing or deleting a HealthKit record fails and changes nothing")
    func externalIsReadOnly() async throws {
        let fixture = try InsightsFixture()
        let external = Sample.quantity(.bodyMass, 80, .kilogram, start: berlin("07:00"), source: InsightsFixture.watch)
        try await fixture.store.save(external)
        let before = try await snapshot(fixture.store)
        let editor = RecordEditor(store: fixture.store)
        let editError = await #expect(throws: VitalsError.self) {
            _ = try await editor.edit(external.uuid, applying: RecordChange(value: Quantity(81, .kilogram)))
        }
        #expect(editError?.code == .readOnly)
        #expect(editError?.message.contains("read-only source") == true)
        // The message names the record by its (random) UUID, which may itself contain "80".
        let withoutID = editError?.message.replacingOccurrences(of: external.uuid.uuidString, with: "<id>")
        #expect(withoutID?.contains("80") == false)
        let deleteError = await #expect(throws: VitalsError.self) { try await editor.delete(external.uuid) }
        #expect(deleteError?.code == .readOnly)
        #expect(try await snapshot(fixture.store) == before)
    }

    @Test(
        "Edit validation: an invalid value names its field and leaves the record unchanged",
        arguments: [
            ("weight", RecordChange(value: Quantity(0, .kilogram)), "value"),
            ("weight", RecordChange(value: Quantity(700, .kilogram)), "value"),
            ("weight", RecordChange(value: Quantity(-3, .kilogram)), "value"),
            ("weight", RecordChange(value: Quantity(.nan, .kilogram)), "value"),
            ("weight", RecordChange(value: Quantity(80, .kilocalorie)), "value"),
            ("weight", RecordChange(protein: .set(Quantity(3, .gram))), "protein"),
            ("dietary", RecordChange(value: Quantity(-1, .kilocalorie)), "value"),
            ("dietary", RecordChange(protein: .set(Quantity(-0.5, .gram))), "protein"),
            ("dietary", RecordChange(carbohydrates: .set(Quantity(-2, .gram))), "carbs"),
            ("dietary", RecordChange(fat: .set(Quantity(-2, .gram))), "fat"),
            ("active", RecordChange(end: berlin("06:00")), "end"),
            ("active", RecordChange(end: berlin("07:00")), "end"),
            ("active", RecordChange(value: Quantity(-5, .kilocalorie)), "value"),
            ("resting", RecordChange(end: berlin("06:59")), "end"),
        ])
    func editValidation(kind: String, change: RecordChange, field: String) async throws {
        let fixture = try InsightsFixture()
        let editor = RecordEditor(store: fixture.store)
        let app = InsightsFixture.app
        let id: UUID =
            switch kind {
            case "weight": try await editor.add(WeightRecord(date: berlin("07:00"), kilograms: 80, source: app)).id
            case "dietary":
                try await editor.add(
                    DietaryCalorieRecord(
                        start: berlin("07:00"), kilocalories: 400, protein: 20,
                        source: app)
                ).id
            case "active":
                try await editor.add(
                    ActiveEnergyRecord(
                        start: berlin("07:00"), end: berlin("07:30"),
                        kilocalories: 200, source: app)
                ).id
            default:
                try await editor.add(
                    RestingEnergyRecord(
                        start: berlin("07:00"), end: berlin("08:00"),
                        kilocalories: 70, source: app)
                ).id
            }
        let before = try await snapshot(fixture.store)
        let anchor = try await fixture.store.changes(since: nil, types: nil).anchor
        let error = await #expect(throws: VitalsError.self) { _ = try await editor.edit(id, applying: change) }
        #expect(error?.location?.field == field)
        #expect(try await snapshot(fixture.store) == before)
        #expect(try await fixture.store.changes(since: nil, types: nil).anchor == anchor)
        #expect(try await editor.record(withID: id).id == id)
    }

    @Test("An edit whose write fails keeps the record (one transaction)")
    func failedWriteKeepsRecord() async throws {
        let fixture = try InsightsFixture()
        let editor = RecordEditor(store: fixture.store)
        let added = try await editor.add(
            WeightRecord(date: berlin("07:00"), kilograms: 80, source: InsightsFixture.app))
        try await fixture.store.setAuthorization(.sharingDenied, for: .bodyMass, access: .share)
        let error = await #expect(throws: VitalsError.self) {
            _ = try await editor.edit(added.id, applying: RecordChange(value: Quantity(82, .kilogram)))
        }
        #expect(error?.code == .authorizationDenied)
        #expect(try await fixture.store.samples(of: .bodyMass).value.map(\.uuid) == [added.id])
        // The store's replace itself: an insert that fails after the delete is rolled back.
        try await fixture.store.setAuthorization(.sharingAuthorized, for: .bodyMass, access: .share)
        let other = Sample.quantity(.bodyMass, 79, .kilogram, start: berlin("08:00"), source: InsightsFixture.app)
        try await fixture.store.save(other)
        var clash = other
        clash.start = berlin("07:00")
        clash.end = clash.start
        await #expect(throws: VitalsError.self) { try await fixture.store.replace(added.id, with: clash) }
        #expect(try await fixture.store.samples(of: .bodyMass).value.map(\.uuid) == [added.id, other.uuid])
    }

    @Test("Dietary edits: macros set through the calorie record or any of its members' UUIDs")
    func editDietary() async throws {
        let fixture = try InsightsFixture()
        let editor = RecordEditor(store: fixture.store)
        let plain = try await editor.add(
            DietaryCalorieRecord(
                start: berlin("12:00"), kilocalories: 500,
                source: InsightsFixture.app))
        let edited = try await editor.edit(plain.id, applying: RecordChange(protein: .set(Quantity(25, .gram))))
        let record = try #require(edited as? DietaryCalorieRecord)
        #expect(record.kilocalories == 500 && record.protein == 25 && record.fat == nil)
        let food = try #require(try await fixture.store.samples(of: .food).value.first)
        #expect(food.uuid == record.id)
        let energyMember = try #require(food.members?.first { $0.type == .dietaryEnergyConsumed })
        let again = try await editor.edit(energyMember.uuid, applying: RecordChange(value: Quantity(600, .kilocalorie)))
        #expect(
            (again as? DietaryCalorieRecord)?.kilocalories == 600 && (again as? DietaryCalorieRecord)?.protein == 25)
        let records = try await DietaryQuery().records(from: day.start, to: day.end, store: fixture.store).value
        #expect(records.map(\.id) == [again.id])
        #expect(try await fixture.store.samples(of: .dietaryProtein).value.count == 1)
    }

    @Test("A macro can be kept, set or cleared; clearing the last one leaves a plain energy sample")
    func clearMacros() async throws {
        let fixture = try InsightsFixture()
        let editor = RecordEditor(store: fixture.store)
        let meal = try await editor.add(
            DietaryCalorieRecord(
                start: berlin("12:00"), kilocalories: 500, protein: 25,
                fat: 12, source: InsightsFixture.app))
        let cleared = try await editor.edit(
            meal.id,
            applying: RecordChange(
                carbohydrates: .set(Quantity(60, .gram)),
                fat: .clear))
        let record = try #require(cleared as? DietaryCalorieRecord)
        #expect(
            record.protein == 25 && record.carbohydrates == 60 && record.fat == nil,
            "protein kept, carbs set, fat cleared")
        let food = try #require(try await fixture.store.samples(of: .food).value.first)
        #expect(
            Set(food.members?.map(\.type) ?? []) == [.dietaryEnergyConsumed, .dietaryProtein, .dietaryCarbohydrates])
        #expect(try await fixture.store.samples(of: .dietaryFatTotal).value.isEmpty)

        let plain = try await editor.edit(cleared.id, applying: RecordChange(protein: .clear, carbohydrates: .clear))
        #expect((plain as? DietaryCalorieRecord).map { !$0.hasMacros && $0.kilocalories == 500 } == true)
        #expect(try await fixture.store.samples(of: .food).value.isEmpty, "no correlation without macros")
        #expect(try await fixture.store.samples(of: .dietaryProtein).value.isEmpty)
        #expect(try await fixture.store.samples(of: .dietaryEnergyConsumed).value.map(\.uuid) == [plain.id])
        let protein = try await fixture.store.statistics(
            StatisticsQuery(
                type: .dietaryProtein, range: DateRange(start: day.start, end: day.end), interval: .day,
                calendar: .gregorian(in: try .iana("Europe/Berlin")), options: .sum)
        ).value
        #expect(protein.allSatisfy { ($0.sum ?? 0) == 0 }, "the day's protein total no longer counts it")
    }

    @Test("Deleting a local record removes it with its members; unknown UUIDs are not found")
    func deleteLocal() async throws {
        let fixture = try InsightsFixture()
        let editor = RecordEditor(store: fixture.store)
        let food = try await editor.add(
            DietaryCalorieRecord(
                start: berlin("12:00"), kilocalories: 500, protein: 20,
                carbohydrates: 60, fat: 10, source: InsightsFixture.app))
        try await editor.delete(food.id)
        #expect(try await fixture.store.samples(of: .dietaryEnergyConsumed).value.isEmpty)
        #expect(try await fixture.store.samples(of: .food).value.isEmpty)
        let missing = await #expect(throws: VitalsError.self) { try await editor.delete(UUID()) }
        #expect(missing?.code == .notFound)
    }
}
