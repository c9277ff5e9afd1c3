import Foundation
import VitalsCore

/// The Today page: rings, the day's figures, last night's sleep, heart, workouts, mindfulness and NoAlc.
///
/// A figure whose type may not be read says which authorization state applies and what to do, never
/// a zero; the rings and the NoAlc state are in ``TodayPage+Rings`` and ``TodayPage+Access``.
struct TodayPage: Sendable {
    var data: TodayData
    var layout: PageLayout
    var calendar: Calendar

    func render() -> String {
        layout.page(title: "Today", current: .today) {
            Tag.h1 {
                "Today"
                Tag.small { " " + DisplayFormat.longDate(data.day) }
            }
            if data.isEmptyStore {
                layout.gettingStarted()
            } else {
                authorization()
                rings()
                Tag.section(.class("figures"), .ariaLabel("The day so far")) {
                    for card in figures() { card.render() }
                }
                insightsCard()
                sleep()
                noAlc()
                workouts()
                Tag.p(.class("more")) {
                    Tag.a(.href(layout.links.day(data.day))) {
                        "Hour by hour, heart rate, sleep stages, routes and meals →"
                    }
                }
                if !data.sources.isEmpty {
                    Tag.p(.class("sources")) { "Sources: " + data.sources.map(\.name).joined(separator: ", ") }
                }
            }
        }
    }

    private func figures() -> [FigureCard] {
        [
            FigureCard(
                metric: "steps", label: "Steps", reading: data.steps, unit: "count",
                display: { DisplayFormat.number($0) }),
            FigureCard(
                metric: "distance", label: "Walking + running", reading: data.distance, unit: "m",
                display: { "\(DisplayFormat.number($0 / 1000, digits: 2)) km" }),
            FigureCard(
                metric: "active-energy", label: "Active energy", reading: data.activeEnergy, unit: "kcal",
                display: { "\(DisplayFormat.number($0)) kcal" }),
            FigureCard(
                metric: "exercise", label: "Exercise", reading: data.exercise, unit: "min",
                display: { "\(DisplayFormat.number($0)) min" }),
            FigureCard(
                metric: "resting-heart-rate", label: "Resting heart rate", reading: data.restingHeartRate,
                unit: "count/min", display: { "\(DisplayFormat.number($0)) bpm" }),
            FigureCard(
                metric: "hrv", label: "Heart rate variability", reading: data.heartRateVariability, unit: "ms",
                display: { "\(DisplayFormat.number($0)) ms" }),
            FigureCard(
                metric: "mindful", label: "Mindful minutes", reading: data.mindful, unit: "min",
                display: { DisplayFormat.duration(minutes: $0) }),
        ]
    }

    private func sleep() -> HTML {
        let window = data.night.window
        return Tag.section(.class("panel sleep")) {
            Tag.h2 { "Last night" }
            Tag.p(.class("note")) {
                "From \(DisplayFormat.clock(window.start, in: calendar)) yesterday to \(DisplayFormat.clock(window.end, in: calendar)) today"
            }
            Tag.div(.class("figures")) {
                FigureCard(
                    metric: "asleep", label: "Asleep", reading: data.night.asleep, unit: "min",
                    display: { DisplayFormat.duration(minutes: $0) }
                ).render()
                FigureCard(
                    metric: "in-bed", label: "In bed", reading: data.night.inBed, unit: "min",
                    display: { DisplayFormat.duration(minutes: $0) }
                ).render()
            }
        }
    }
}
