import Foundation
import HTTPTypes
import Testing
import VitalsCore
import VitalsDashboard
import VitalsInsights
import VitalsStore
import VitalsTestSupport

@Suite("Dashboard: Records")
struct RecordsPageTests {
    static let zone = "America/New_York"

    /// A week of seed 002 records: local ones written by the editor, external ones from the phone.
    static func seed(_ fixture: DashboardFixture) async throws -> (localWeight: UUID, phoneWeight: UUID) {
        let store = fixture.store, app = store.appSource, phone = DashboardFixture.phone
        let editor = RecordEditor(store: store)
        let local = try await editor.add(
            WeightRecord(date: fixture.at("2025-11-14", 7, 5), kilograms: 71.25, source: app))
        let phoneWeight = Sample.quantity(
            .bodyMass, 72.4, .kilogram, start: fixture.at("2025-11-15", 6, 50), source: phone)
        // An external meal with macros (a food correlation) and a lone external energy sample.
        let energy = Sample.quantity(
            .dietaryEnergyConsumed, 640, .kilocalorie, start: fixture.at("2025-11-15", 12, 30), source: phone)
        let protein = Sample.quantity(
            .dietaryProtein, 32.5, .gram, start: fixture.at("2025-11-15", 12, 30), source: phone)
        let fat = Sample.quantity(.dietaryFatTotal, 21, .gram, start: fixture.at("2025-11-15", 12, 30), source: phone)
        let meal = Sample(
            type: .food, start: fixture.at("2025-11-15", 12, 30), end: fixture.at("2025-11-15", 12, 30),
            content: .correlation([energy, protein, fat]), source: phone)
        let snack = Sample.quantity(
            .dietaryEnergyConsumed, 180, .kilocalorie, start: fixture.at("2025-11-16", 16), source: phone)
        let active = Sample.quantity(
            .activeEnergyBurned, 95.5, .kilocalorie, start: fixture.at("2025-11-16", 9),
            end: fixture.at("2025-11-16", 9, 20), source: DashboardFixture.watch)
        let resting = Sample.quantity(
            .basalEnergyBurned, 1650, .kilocalorie, start: fixture.at("2025-11-13", 0),
            end: fixture.at("2025-11-13", 23, 59), source: DashboardFixture.watch)
        // Outside the range asked for: the day after it.
        let later = Sample.quantity(.bodyMass, 73, .kilogram, start: fixture.at("2025-11-17", 0, 0), source: phone)
        try await store.save([phoneWeight, meal, snack, active, resting, later])
        try await editor.add(
            DietaryCalorieRecord(
                start: fixture.at("2025-11-16", 8), kilocalories: 420, protein: 18,
                carbohydrates: 55, fat: 12, source: app))
        try await editor.add(
            ActiveEnergyRecord(
                start: fixture.at("2025-11-12", 18), end: fixture.at("2025-11-12", 18, 45),
                kilocalories: 310, workoutType: .running, source: app))
        return (local.id, phoneWeight.uuid)
    }

    @Test(
        "Each kind's table lists what seed 002's unified queries return for the same days and zone, labelled local or by source"
    )
    func listMatchesQueries() async throws {
        let fixture = try DashboardFixture(zone: Self.zone)
        let ids = try await Self.seed(fixture)
        let page = try await fixture.page("/records?from=2025-11-10&to=2025-11-17", now: fixture.at("2025-11-16", 20))
        #expect(page.status == .ok)
        let rows = DashboardFixture.rows(page.body)
        let start = fixture.at("2025-11-10", 0), end = fixture.at("2025-11-17", 0)
        let store = fixture.store
        var expected: [(String, [any HealthRecord])] = []
        expected.append(
            ("weight", try await UnifiedQuery(WeightQuery()).fetch(from: start, to: end, store: store).value))
        expected.append(
            ("nutrition", try await UnifiedQuery(DietaryQuery()).fetch(from: start, to: end, store: store).value))
        expected.append(
            ("active-energy", try await UnifiedQuery(ActivityQuery()).fetch(from: start, to: end, store: store).value))
        expected.append(
            ("resting-energy", try await UnifiedQuery(RestingQuery()).fetch(from: start, to: end, store: store).value))
        #expect(expected.map(\.1.count) == [2, 3, 2, 1])
        let all = expected.flatMap { kind, records in records.map { (kind, $0) } }
        #expect(rows.count == all.count)
        for (row, (kind, record)) in zip(rows, all) {
            #expect(row["data-kind"] == kind)
            #expect(row["data-id"] == record.id.uuidString)
            #expect(row["data-value"].flatMap(Double.init) == record.value)
            #expect(row["data-start"] == ISO8601.format(record.start, in: fixture.calendar.timeZone))
            #expect(row["data-origin"] == record.origin.rawValue)
            #expect(row["data-source"] == record.source.name)
        }
        // Macros as the seed keeps them: the phone's meal has protein and fat but no carbohydrates.
        #expect(page.body.contains("data-protein=\"32.5\""))
        #expect(page.body.contains("data-fat=\"21.0\""))
        #expect(page.body.contains("data-carbs=\"55.0\""))
        #expect(PageReader.count("data-carbs=\"none\"", in: page.body) == 2)
        // Only local rows have an edit control; the phone's weight shows its source, read-only.
        #expect(page.body.contains("href=\"/records/\(ids.localWeight.uuidString)/edit\""))
        #expect(!page.body.contains("/records/\(ids.phoneWeight.uuidString)/edit"))
        #expect(
            PageReader.count("href=\"/records/", in: page.body) - PageReader.count("href=\"/records/new", in: page.body)
                == 3)
        #expect(page.body.contains("Ada&#39;s iPhone") || page.body.contains("Ada's iPhone"))
        #expect(page.body.contains("aria-current=\"page\">Records</a>"))
    }

    @Test("kind= shows one kind; a bad kind or day is a 400 naming the parameter")
    func parameters() async throws {
        let fixture = try DashboardFixture(zone: Self.zone)
        _ = try await Self.seed(fixture)
        let now = fixture.at("2025-11-16", 20)
        let weights = try await fixture.page("/records?kind=weight", now: now)
        #expect(weights.status == .ok)
        let rows = DashboardFixture.rows(weights.body)
        // The default days are the last 7 up to and including today: 10-16 November.
        #expect(rows.map { $0["data-kind"] } == ["weight", "weight"])
        let bad = try await fixture.send(
            [
                ("/records?kind=steps", nil), ("/records?from=2025-13-01", nil),
                ("/records?from=2025-11-10&to=2025-11-10", nil),
            ], now: now)
        #expect(bad.map(\.status) == [.badRequest, .badRequest, .badRequest])
        #expect(bad[0].body.contains("data-parameter=\"kind\""))
        #expect(bad[1].body.contains("data-parameter=\"from\""))
        #expect(bad[2].body.contains("data-parameter=\"to\""))
    }

    @Test("Add, edit and delete a local weight through the forms: 303 after each, and the store's samples follow")
    func roundTrip() async throws {
        let fixture = try DashboardFixture(zone: Self.zone)
        let now = fixture.at("2025-11-16", 20)
        let form = try await fixture.page("/records/new?kind=weight", now: now)
        #expect(form.status == .ok)
        #expect(form.body.contains("action=\"/records/new\""))
        #expect(form.body.contains("value=\"2025-11-16T20:00:00\""))
        let added = try await fixture.post(
            "/records/new", [("kind", "weight"), ("value", "72.5"), ("start", "2025-11-16T08:30")], now: now)
        #expect(added.status == .seeOther)
        #expect(added.location == "/records?kind=weight&from=2025-11-10&to=2025-11-17")
        var weights = try await fixture.weights()
        #expect(weights.count == 1)
        let first = try #require(weights.first)
        #expect(first.kilograms == 72.5 && first.origin == .local && first.date == fixture.at("2025-11-16", 8, 30))
        #expect(try await fixture.store.samples(of: .bodyMass).value.map(\.uuid) == [first.id])

        let edit = try await fixture.page("/records/\(first.id.uuidString)/edit", now: now)
        #expect(edit.status == .ok)
        #expect(edit.body.contains("value=\"72.5\"") && edit.body.contains("value=\"2025-11-16T08:30:00\""))
        let edited = try await fixture.post(
            "/records/\(first.id.uuidString)/edit",
            [("value", "70.9"), ("start", "2025-11-15T07:45:00")], now: now)
        #expect(edited.status == .seeOther)
        #expect(edited.location == "/records?kind=weight&from=2025-11-09&to=2025-11-16")
        weights = try await fixture.weights()
        let second = try #require(weights.first)
        #expect(weights.count == 1 && second.kilograms == 70.9 && second.id != first.id)
        #expect(second.date == fixture.at("2025-11-15", 7, 45))
        #expect(try await fixture.store.sample(withUUID: first.id) == nil)

        let unconfirmed = try await fixture.post("/records/\(second.id.uuidString)/delete", [], now: now)
        #expect(unconfirmed.status == .badRequest)
        #expect(unconfirmed.body.contains("data-field=\"confirm\""))
        #expect(try await fixture.weights().count == 1)
        let deleted = try await fixture.post("/records/\(second.id.uuidString)/delete", [("confirm", "yes")], now: now)
        #expect(deleted.status == .seeOther)
        #expect(try await fixture.weights().isEmpty)
        #expect(try await fixture.store.samples(of: .bodyMass).value.isEmpty)
        let gone = try await fixture.page("/records/\(second.id.uuidString)/edit", now: now)
        #expect(gone.status == .notFound)
    }

    @Test("A nutrition record with macros and an active-energy record are added and edited through their forms")
    func nutritionAndActivity() async throws {
        let fixture = try DashboardFixture(zone: Self.zone)
        let now = fixture.at("2025-11-16", 20)
        let meal = try await fixture.post(
            "/records/new",
            [
                ("kind", "nutrition"), ("value", "520"), ("protein", "30"),
                ("carbs", "61.5"), ("fat", ""), ("start", "2025-11-16T13:00"),
            ], now: now)
        #expect(meal.status == .seeOther)
        let day = fixture.range("2025-11-16")
        let meals = try await UnifiedQuery(DietaryQuery()).fetch(from: day.start, to: day.end, store: fixture.store)
            .value
        #expect(meals.count == 1)
        #expect(meals.first?.kilocalories == 520 && meals.first?.protein == 30 && meals.first?.carbohydrates == 61.5)
        #expect(meals.first?.fat == nil)
        #expect(try await fixture.store.samples(of: .food).value.count == 1)
        let editedMeal = try await fixture.post(
            "/records/\(meals[0].id.uuidString)/edit",
            [("value", "560"), ("fat", "14"), ("start", "2025-11-16T13:00")], now: now)
        #expect(editedMeal.status == .seeOther)
        let after = try await UnifiedQuery(DietaryQuery()).fetch(from: day.start, to: day.end, store: fixture.store)
            .value
        #expect(after.map(\.kilocalories) == [560] && after.first?.fat == 14 && after.first?.protein == 30)

        let run = try await fixture.post(
            "/records/new",
            [
                ("kind", "active-energy"), ("value", "240"), ("start", "2025-11-16T07:00"),
                ("end", "2025-11-16T07:30"), ("activity", "running"),
            ], now: now)
        #expect(run.status == .seeOther)
        let runs = try await UnifiedQuery(ActivityQuery()).fetch(from: day.start, to: day.end, store: fixture.store)
            .value
        #expect(runs.count == 1 && runs.first?.durationMinutes == 30 && runs.first?.workoutType == .running)
        let page = try await fixture.page("/records?kind=active-energy&from=2025-11-16&to=2025-11-17", now: now)
        #expect(page.body.contains("30 min") && page.body.contains("Running"))
    }

    @Test(
        "Refused values come back as a 400 form with the reason next to the field and the values kept; nothing is saved"
    )
    func validation() async throws {
        let fixture = try DashboardFixture(zone: Self.zone)
        let now = fixture.at("2025-11-16", 20)
        let answers = try await fixture.send(
            [
                ("/records/new", [("kind", "weight"), ("value", "0"), ("start", "2025-11-16T08:30")]),
                ("/records/new", [("kind", "weight"), ("value", "seventy"), ("start", "2025-11-16T08:30")]),
                ("/records/new", [("kind", "weight"), ("value", "70"), ("start", "yesterday")]),
                (
                    "/records/new",
                    [("kind", "nutrition"), ("value", "300"), ("protein", "-5"), ("start", "2025-11-16T08:30")]
                ),
                (
                    "/records/new",
                    [
                        ("kind", "active-energy"), ("value", "100"), ("start", "2025-11-16T09:00"),
                        ("end", "2025-11-16T08:00"),
                    ]
                ),
                (
                    "/records/new",
                    [
                        ("kind", "active-energy"), ("value", "100"), ("start", "2025-11-16T08:00"),
                        ("end", "2025-11-16T09:00"), ("activity", "flying"),
                    ]
                ),
                ("/records/new", [("kind", "sleep"), ("value", "1")]),
            ], now: now)
        #expect(answers.map(\.status) == Array(repeating: .badRequest, count: 7))
        #expect(answers[0].body.contains("data-field=\"value\"") && answers[0].body.contains("less than 700 kg"))
        #expect(answers[0].body.contains("value=\"0\"") && answers[0].body.contains("aria-invalid=\"true\""))
        #expect(answers[1].body.contains("data-field=\"value\"") && answers[1].body.contains("value=\"seventy\""))
        #expect(answers[2].body.contains("data-field=\"start\"") && answers[2].body.contains("value=\"70\""))
        #expect(answers[3].body.contains("data-field=\"protein\"") && answers[3].body.contains("value=\"-5\""))
        #expect(answers[4].body.contains("data-field=\"end\""))
        #expect(answers[5].body.contains("data-field=\"activity\""))
        #expect(answers[6].body.contains("data-parameter=\"kind\""))
        for type in [SampleType.bodyMass, .dietaryEnergyConsumed, .food, .activeEnergyBurned] {
            #expect(try await fixture.store.samples(of: type).value.isEmpty, "\(type.shortName)")
        }
        // An edit refused keeps the record as it was.
        let added = try await RecordEditor(store: fixture.store)
            .add(WeightRecord(date: fixture.at("2025-11-16", 8), kilograms: 70, source: fixture.store.appSource))
        let refused = try await fixture.post(
            "/records/\(added.id.uuidString)/edit", [("value", "900"), ("start", "2025-11-16T08:00")], now: now)
        #expect(refused.status == .badRequest && refused.body.contains("value=\"900\""))
        #expect(try await fixture.weights().map(\.kilograms) == [70])
    }
}
