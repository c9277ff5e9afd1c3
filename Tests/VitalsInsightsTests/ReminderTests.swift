import Foundation
import Testing
import VitalsCore
import VitalsInsights
import VitalsStore
import VitalsTesting

@Suite("Reverse smart reminders (seed 000)")
struct ReminderTests {
    typealias T = ActivityTestStore

    /// A store with a daily mindfulness reminder (18:00-20:00), a daily workout reminder
    /// (17:00-21:00) and a weekday NoAlc reminder (20:00-22:00), and a logger on a manual clock.
    func setUp(now: String = "2025-10-01T12:00:00+02:00") async throws -> (T, ActivityLogger, TestClock, [Reminder]) {
        let temp = try T()
        let clock = TestClock(T.at(now))
        let logger = try ActivityLogger(store: temp.store, now: { clock.now })
        let reminders = [
            try Reminder(
                activity: .mindfulness, startMinute: 18 * 60, endMinute: 20 * 60,
                createdAt: T.at("2025-09-01T00:00:00Z")),
            try Reminder(
                activity: .workout, startMinute: 17 * 60, endMinute: 21 * 60, createdAt: T.at("2025-09-02T00:00:00Z")),
            try Reminder(
                activity: .noalc, startMinute: 20 * 60, endMinute: 22 * 60,
                weekdays: try Weekday.parseList("weekdays"), createdAt: T.at("2025-09-03T00:00:00Z")),
        ]
        for reminder in reminders { try await logger.reminders.add(reminder) }
        return (temp, logger, clock, reminders)
    }

    func statuses(_ logger: ActivityLogger, on date: String) async throws -> [TrackedActivity: Reminder.Status] {
        Dictionary(
            uniqueKeysWithValues: try await logger.reminders.occurrences(on: T.at(date)).map {
                ($0.reminder.activity, $0.status)
            })
    }

    @Test("Activity Triggers Cancellation: logging cancels today's pending reminder for that activity")
    func activityTriggersCancellation() async throws {
        let (_, logger, _, reminders) = try await setUp()
        let logged = try await logger.logMindfulness(
            start: T.at("2025-10-01T11:30:00+02:00"), end: T.at("2025-10-01T11:45:00+02:00"))
        #expect(logged.cancelledReminders.map(\.reminder.id) == [reminders[0].id])
        #expect(logged.cancelledReminders.first?.status == .cancelled && logged.reminderFailure == nil)
        #expect(
            try await logger.reminders.due(at: T.at("2025-10-01T19:00:00+02:00")).map(\.reminder.activity) == [.workout]
        )
    }

    @Test("Only the logged activity's reminders are cancelled", arguments: TrackedActivity.allCases)
    func onlyThatActivity(activity: TrackedActivity) async throws {
        let (_, logger, _, _) = try await setUp()
        let at = T.at("2025-10-01T11:00:00+02:00")
        switch activity {
        case .mindfulness: _ = try await logger.logMindfulness(start: at, end: at.addingTimeInterval(600))
        case .workout: _ = try await logger.logWorkout(start: at, end: at.addingTimeInterval(1800), activity: .running)
        case .noalc: _ = try await logger.logAlcohol(drinks: .none, date: at)
        }
        let statuses = try await statuses(logger, on: "2025-10-01T12:00:00+02:00")
        for other in TrackedActivity.allCases {
            #expect(statuses[other] == (other == activity ? .cancelled : .pending), "\(other)")
        }
    }

    @Test("Only today's occurrence is cancelled: tomorrow's stays pending, and a backfilled session cancels nothing")
    func onlyToday() async throws {
        let (_, logger, clock, _) = try await setUp()
        _ = try await logger.logMindfulness(
            start: T.at("2025-10-01T07:00:00+02:00"), end: T.at("2025-10-01T07:10:00+02:00"))
        #expect(try await statuses(logger, on: "2025-10-02T12:00:00+02:00")[.mindfulness] == .pending)
        // Yesterday's session, logged today: nothing about today.
        let backfill = try await logger.logWorkout(
            start: T.at("2025-09-30T18:00:00+02:00"), end: T.at("2025-09-30T18:30:00+02:00"))
        #expect(backfill.cancelledReminders.isEmpty)
        #expect(try await statuses(logger, on: "2025-10-01T12:00:00+02:00")[.workout] == .pending)
        #expect(try await statuses(logger, on: "2025-09-30T12:00:00+02:00")[.workout] == .pending)
        // The next day the mindfulness reminder is pending again.
        clock.set(T.at("2025-10-02T08:00:00+02:00"))
        let due = try await logger.reminders.due(at: T.at("2025-10-02T18:30:00+02:00"))
        #expect(due.map(\.reminder.activity) == [.mindfulness, .workout])
    }

    @Test("A delivered reminder stays delivered; a cancelled one is never delivered")
    func deliveredStays() async throws {
        let (_, logger, clock, _) = try await setUp(now: "2025-10-01T18:30:00+02:00")
        let delivered = try await logger.reminders.deliverDue(at: clock.now)
        #expect(delivered.map(\.reminder.activity) == [.mindfulness, .workout])
        let logged = try await logger.logMindfulness(
            start: T.at("2025-10-01T18:35:00+02:00"), end: T.at("2025-10-01T18:45:00+02:00"))
        #expect(logged.cancelledReminders.isEmpty)
        #expect(try await statuses(logger, on: "2025-10-01T12:00:00+02:00")[.mindfulness] == .delivered)
        _ = try await logger.logAlcohol(drinks: .moderate, date: clock.now)
        #expect(try await logger.reminders.deliverDue(at: T.at("2025-10-01T21:00:00+02:00")).isEmpty)
        #expect(try await statuses(logger, on: "2025-10-01T12:00:00+02:00")[.noalc] == .cancelled)
    }

    @Test("Due: pending reminders whose window holds the moment, on their weekdays only")
    func due() async throws {
        let (_, logger, _, _) = try await setUp()
        #expect(
            try await logger.reminders.due(at: T.at("2025-10-01T17:59:00+02:00")).map(\.reminder.activity) == [.workout]
        )
        #expect(
            try await logger.reminders.due(at: T.at("2025-10-01T20:00:00+02:00")).map(\.reminder.activity) == [
                .workout, .noalc,
            ])
        #expect(try await logger.reminders.due(at: T.at("2025-10-01T22:00:00+02:00")).isEmpty)  // end is exclusive
        // 4 Oct 2025 is a Saturday: the weekday NoAlc reminder is not scheduled.
        #expect(
            try await logger.reminders.due(at: T.at("2025-10-04T20:30:00+02:00")).map(\.reminder.activity) == [.workout]
        )
    }

    @Test("Reminders persist in the store's file; windows are wall-clock time on DST days")
    func persistence() async throws {
        let (temp, _, _, reminders) = try await setUp()
        let reopened = try SQLiteReminderStore(try temp.reopen())
        #expect(try await reopened.reminders() == reminders)
        let scheduler = StoreReminderScheduler(store: reopened, calendar: temp.calendar)
        let dstDay = try await scheduler.occurrences(on: T.day("2025-10-26"))
        let mindful = try #require(dstDay.first { $0.reminder.activity == .mindfulness })
        #expect(mindful.window.start == T.at("2025-10-26T18:00:00+01:00"))
        #expect(try await reopened.removeReminder(id: reminders[0].id))
        #expect(!(try await reopened.removeReminder(id: reminders[0].id)))
        #expect(try await reopened.reminders().count == 2)
    }

    @Test("Bad reminders are rejected naming the field, and nothing is stored")
    func badInput() async throws {
        let temp = try T()
        func field(_ body: () throws -> Any) -> String? {
            do {
                _ = try body()
                return nil
            } catch let error as VitalsError {
                return error.location?.field
            } catch {
                return "unexpected"
            }
        }
        #expect(field { try Reminder(activity: .workout, startMinute: 20 * 60, endMinute: 18 * 60) } == "to")
        #expect(field { try Reminder(activity: .workout, startMinute: 1440, endMinute: 1440) } == "from")
        #expect(field { try Reminder(activity: .workout, startMinute: 60, endMinute: 120, weekdays: []) } == "days")
        #expect(field { try Reminder.minute(parsing: "25:00", field: "from") } == "from")
        #expect(field { try Reminder.minute(parsing: "7:00", field: "to") } == "to")
        #expect(field { try Weekday.parseList("mon,funday") } == "days")
        #expect(field { try TrackedActivity(name: "yoga") } == "activity")
        #expect(try Reminder.minute(parsing: "24:00", field: "to") == 1440)
        let reminder = try Reminder(activity: .workout, startMinute: 60, endMinute: 120)
        let stored = try SQLiteReminderStore(temp.store)
        try await stored.addReminder(reminder)
        await #expect(throws: VitalsError.self) { try await stored.addReminder(reminder) }
        #expect(try await stored.reminders() == [reminder])
    }
}
