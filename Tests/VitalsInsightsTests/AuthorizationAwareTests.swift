import Foundation
import Testing
import VitalsCore
import VitalsInsights
import VitalsStore
import VitalsTesting

@Suite("Authorization-aware insights (seeds 000 and 003)")
struct AuthorizationAwareTests {
    typealias T = ActivityTestStore

    func populated() async throws -> T {
        let temp = try T()
        try await temp.store.save([
            T.mindful("2025-10-01T07:00:00+02:00", minutes: 15), T.workout("2025-10-01T18:00:00+02:00", minutes: 30),
            T.mindful("2025-10-02T07:00:00+02:00", minutes: 15), T.workout("2025-10-02T18:00:00+02:00", minutes: 30),
            T.drinks(0, "2025-10-01T00:00:00+02:00"), T.drinks(0, "2025-10-02T00:00:00+02:00"),
        ])
        return temp
    }

    @Test("Permission Denied: the calendar shows what it may read and names the missing type")
    func permissionDenied() async throws {
        let temp = try await populated()
        try await temp.store.setAuthorization(.sharingDenied, for: .mindfulSession, access: .read)
        let month = try await ActivityCalendar(query: temp.query()).month(
            try YearMonth(parsing: "2025-10"), store: temp.store)
        #expect(month.unreadableTypes == [.mindfulSession])
        #expect(month.days[0].activity.mindfulnessMinutes == nil)
        #expect(month.days[0].activity.workoutMinutes == 30)
        #expect(month.days[0].met == [.workout, .noalc])
        #expect(month.days.allSatisfy { !$0.met.contains(.mindfulness) })
    }

    @Test("A streak over a type that may not be read is 0 and names the type; other streaks work")
    func unreadableStreak() async throws {
        let temp = try await populated()
        try await temp.store.setAuthorization(.sharingDenied, for: .workout, access: .read)
        let now = T.at("2025-10-02T21:00:00+02:00")
        let workouts = try await StreakCounter(activity: .workout, query: temp.query()).streak(
            now: now, store: temp.store)
        #expect(workouts.length == 0 && workouts.unreadableTypes == [.workout])
        let mindful = try await StreakCounter(activity: .mindfulness, query: temp.query()).streak(
            now: now, store: temp.store)
        #expect(mindful.length == 2 && mindful.unreadableTypes.isEmpty)
        let noAlc = try await StreakCounter(activity: .noalc, query: temp.query()).streak(now: now, store: temp.store)
        #expect(noAlc.length == 2)
    }

    @Test("Initial Permission Request: nothing is read until access is requested, then everything is")
    func initialPermissionRequest() async throws {
        let temp = try T { $0.defaultAuthorization = .notDetermined }
        let types = Set(TrackedActivity.allCases.map(\.sampleType))
        let day = T.day("2025-10-01")
        let before = try await temp.query().report(days: day...day, store: temp.store)
        #expect(before.unreadableTypes == types)
        #expect(before.days[0] == DailyActivity(day: day, range: day.range(in: temp.calendar)))
        try await temp.store.requestAuthorization(toShare: types, read: types)
        try await temp.store.save(T.mindful("2025-10-01T07:00:00+02:00", minutes: 12))
        let after = try await temp.query().report(days: day...day, store: temp.store)
        #expect(after.unreadableTypes.isEmpty && after.days[0].mindfulnessMinutes == 12)
    }

    @Test("Permission Changed Mid-Session: a denied write throws, and no reminder is cancelled")
    func permissionChangedMidSession() async throws {
        let temp = try T()
        let clock = TestClock(T.at("2025-10-01T19:00:00+02:00"))
        let logger = try ActivityLogger(store: temp.store, now: { clock.now })
        try await logger.reminders.add(try Reminder(activity: .mindfulness, startMinute: 18 * 60, endMinute: 20 * 60))
        try await temp.store.setAuthorization(.sharingDenied, for: .mindfulSession, access: .share)
        do {
            _ = try await logger.logMindfulness(
                start: T.at("2025-10-01T18:40:00+02:00"), end: T.at("2025-10-01T18:50:00+02:00"))
            Issue.record("logging a denied type should throw")
        } catch let error as VitalsError {
            #expect(error.code == .authorizationDenied)
        }
        let today = try await logger.reminders.occurrences(on: clock.now)
        #expect(today.map(\.status) == [.pending])
        #expect(try await temp.store.samples(of: .mindfulSession).value.isEmpty)
    }
}

@Suite("Health data unavailable (seed 000)")
struct UnavailableStoreTests {
    typealias T = ActivityTestStore

    @Test(
        "HealthKit Unavailable: insights say the store is unavailable; reminders keep working; logging cancels nothing")
    func healthKitUnavailable() async throws {
        let health = UnavailableHealthStore(appSource: ActivityTestStore.app)
        let query = DailyActivityQuery.forApp(of: health, calendar: Calendar.gregorian(in: .gmt))
        await #expect(throws: VitalsError(.unavailable, "the health store is unavailable on this device")) {
            _ = try await StreakCounter(activity: .mindfulness, query: query).streak(
                now: T.at("2025-10-01T12:00:00Z"), store: health)
        }
        await #expect(throws: VitalsError.self) {
            _ = try await ActivityCalendar(query: query).month(try YearMonth(parsing: "2025-10"), store: health)
        }
        #expect(
            await query.fetch(from: T.at("2025-10-01T00:00:00Z"), to: T.at("2025-10-02T00:00:00Z"), store: health)
                .isEmpty)
        // Reminders live in the app's own store and still work.
        let local = try T()
        let reminders = SmartReminders(
            scheduler: StoreReminderScheduler(store: try SQLiteReminderStore(local.store), calendar: local.calendar),
            calendar: local.calendar, now: { T.at("2025-10-01T12:00:00+02:00") })
        try await reminders.add(try Reminder(activity: .mindfulness, startMinute: 0, endMinute: 1440))
        let logger = ActivityLogger(store: health, reminders: reminders)
        await #expect(throws: VitalsError.self) {
            _ = try await logger.logMindfulness(
                start: T.at("2025-10-01T11:00:00+02:00"), end: T.at("2025-10-01T11:10:00+02:00"))
        }
        #expect(try await reminders.due(at: T.at("2025-10-01T12:00:00+02:00")).count == 1)
    }
}
