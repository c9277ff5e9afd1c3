import Foundation
import VitalsCore

/// A day's workouts as a list: activity, time, length, energy and distance from the workout's
/// own statistics, its source, and on the Day page its route.
struct WorkoutList: Sendable {
    /// One workout and its routes (empty when it has none or they were not read).
    struct Entry: Sendable {
        var sample: Sample
        var routes: [[RoutePoint]]
    }

    var entries: [Entry]
    var calendar: Calendar

    func render() -> HTML {
        guard !entries.isEmpty else { return Tag.p(.class("muted"), .data("state", "none")) { "No workouts." } }
        return Tag.ul(.class("workouts")) {
            for (index, entry) in entries.enumerated() {
                item(entry, index: index)
            }
        }
    }

    private func item(_ entry: Entry, index: Int) -> HTML {
        let sample = entry.sample
        let workout = sample.workout
        let activity = workout.map { DisplayFormat.activity($0.activityType) } ?? "Workout"
        let minutes = (workout?.duration ?? sample.duration) / 60
        var facts = [
            "\(DisplayFormat.clock(sample.start, in: calendar))–\(DisplayFormat.clock(sample.end, in: calendar))",
            DisplayFormat.duration(minutes: minutes),
        ]
        if let energy = workout?.statistics(for: .activeEnergyBurned),
            let kilocalories = try? Quantity(energy.sum ?? .nan, energy.unit).doubleValue(for: .kilocalorie),
            kilocalories.isFinite
        {
            facts.append("\(DisplayFormat.number(kilocalories)) kcal")
        }
        if let distance = workout?.statistics.first(where: { $0.type.identifier.contains("Distance") && $0.sum != nil }
        ),
            let metres = try? Quantity(distance.sum!, distance.unit).doubleValue(for: .meter)
        {
            facts.append("\(DisplayFormat.number(metres / 1000, digits: 2)) km")
        }
        return Tag.li(
            .class("workout"), .data("uuid", sample.uuid.uuidString), .data("minutes", DisplayFormat.exact(minutes))
        ) {
            Tag.h3 { activity }
            Tag.p { facts.joined(separator: " · ") }
            Tag.p(.class("source")) { "From \(sample.source.name)" }
            RouteMap(routes: entry.routes, key: "workout-\(index)", label: activity, calendar: calendar).render()
        }
    }
}
