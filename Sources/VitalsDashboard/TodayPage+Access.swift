import Foundation
import VitalsCore
import VitalsInsights

extension TodayPage {
    /// The authorization state of the page's types together, when any may not be read: partly allowed,
    /// denied, not asked yet or unavailable, naming the figures and what to do.
    func authorization() -> HTML {
        let state = data.authorization
        let missing = data.unreadable.keys.map { Self.labels[$0] ?? $0.shortName }.sorted().joined(separator: ", ")
        switch state {
        case .authorized:
            return .empty
        case .partiallyAuthorized:
            return notice(
                "partial",
                "Vitals may read only some of your health data, not: \(missing). Allow them in Settings → Health → Data Access & Devices → Vitals; the figures below say which ones are missing."
            )
        case .denied:
            return notice(
                "denied",
                "Vitals may not read your health data. Allow it in Settings → Health → Data Access & Devices → Vitals.")
        case .notDetermined:
            return notice(
                "not-determined",
                "Vitals has not been allowed to read your health data yet (\(missing)). Allow it when Vitals asks, or in Settings → Health → Data Access & Devices → Vitals."
            )
        case .unavailable:
            return notice("unavailable", "Health data is not available on this device, so there is nothing to show.")
        }
    }

    /// What people call the page's types in the notice.
    static let labels: [SampleType: String] = [
        .stepCount: "Steps", .distanceWalkingRunning: "Walking + running", .activeEnergyBurned: "Active energy",
        .appleExerciseTime: "Exercise", .mindfulSession: "Mindful minutes", .restingHeartRate: "Resting heart rate",
        .heartRateVariabilitySDNN: "Heart rate variability", .sleepAnalysis: "Sleep", .appleStandHour: "Stand hours",
        .appleMoveTime: "Move time", .workout: "Workouts", .numberOfAlcoholicBeverages: "NoAlc",
    ]

    private func notice(_ state: String, _ text: String) -> HTML {
        Tag.section(.class("panel access"), .data("authorization", state), .role("status")) {
            Tag.p { text }
        }
    }

    /// The day's NoAlc level and the current NoAlc streak, as `vitals streak noalc` counts it.
    func noAlc() -> HTML {
        let noAlc = data.noAlc
        var attributes: [Attribute] = [
            .class("panel noalc"), .data("noalc", noAlc.level.map { "\($0)" } ?? "none-logged"),
        ]
        if let level = noAlc.level { attributes.append(.data("value", "\(level.rawValue)")) }
        if let streak = noAlc.streak { attributes.append(.data("streak", "\(streak.length)")) }
        return Tag.section(attributes: attributes) {
            Tag.h2 { "NoAlc" }
            if let access = noAlc.access {
                Tag.p(.class("value muted"), .data("state", "unreadable"), .data("access", access.rawValue)) {
                    access.headline
                }
                Tag.p(.class("note access")) { access.advice(for: "alcoholic beverages") }
            } else {
                Tag.p(.class("value")) { noAlc.levelText }
                Tag.p(.class("note")) { "Streak: " + noAlc.streakText }
            }
        }
    }

    /// The day's workouts, or why they could not be read.
    func workouts() -> HTML {
        Tag.section(.class("panel")) {
            Tag.h2 { "Workouts" }
            if let access = data.workoutsAccess {
                Tag.p(.class("muted"), .data("state", "unreadable"), .data("access", access.rawValue)) {
                    access.advice(for: "workouts")
                }
            } else {
                WorkoutList(
                    entries: data.workouts.map { WorkoutList.Entry(sample: $0, routes: []) }, calendar: calendar
                ).render()
            }
        }
    }
}
