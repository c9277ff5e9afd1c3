import Foundation
import VitalsCore

extension TodayPage {
    /// Move, exercise and stand against the activity summary's goals, or ``ActivityGoals``' defaults
    /// when the day has none: move is the day's active energy, exercise its exercise minutes and
    /// stand its hours with a stand, as the figures below read them.
    func rings() -> HTML {
        let rings = [moveRing(), exerciseRing(), standRing()]
        return Tag.section(.class("rings"), .ariaLabel("Activity rings")) {
            for ring in rings { ring.render() }
            if rings.contains(where: \.isDefaultGoal) {
                Tag.p(.class("note"), .data("goals", "default")) {
                    data.summary == nil
                        ? "No activity summary for this day: the rings are computed from the day's samples against default goals (move \(DisplayFormat.number(ActivityGoals.move)) kcal, exercise \(DisplayFormat.number(ActivityGoals.exercise)) min, stand \(DisplayFormat.number(ActivityGoals.stand)) h)."
                        : "Rings marked “default goal” use a default: the activity summary has no goal for them."
                }
            }
        }
    }

    private func moveRing() -> ActivityRing {
        let summary = data.summary
        if let goal = summary?.moveTimeGoal, summary?.activeEnergyBurnedGoal == nil {
            return ActivityRing(
                key: "move", label: "Move", value: data.moveTime.value, goal: goal, unit: "min",
                display: { DisplayFormat.number($0) }, access: data.moveTime.access)
        }
        let goal = data.moveGoalKilocalories
        return ActivityRing(
            key: "move", label: "Move", value: data.activeEnergy.value, goal: goal ?? ActivityGoals.move,
            unit: "kcal", display: { DisplayFormat.number($0) }, isDefaultGoal: goal == nil,
            access: data.activeEnergy.access)
    }

    private func exerciseRing() -> ActivityRing {
        let goal = data.summary?.exerciseTimeGoal
        return ActivityRing(
            key: "exercise", label: "Exercise", value: data.exercise.value, goal: goal ?? ActivityGoals.exercise,
            unit: "min", display: { DisplayFormat.number($0) }, isDefaultGoal: goal == nil,
            access: data.exercise.access)
    }

    private func standRing() -> ActivityRing {
        let goal = data.summary?.standHoursGoal
        return ActivityRing(
            key: "stand", label: "Stand", value: data.standHours.value, goal: goal ?? ActivityGoals.stand,
            unit: "h", display: { DisplayFormat.number($0) }, isDefaultGoal: goal == nil,
            access: data.standHours.access)
    }
}
