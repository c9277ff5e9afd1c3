import Foundation
import VitalsCore

/// The Day page: hourly steps, heart rate with its hourly range, the night's sleep stages, and
/// the day's workouts with their routes, its meals in their windows, with links to the day before and after.
struct DayPage: Sendable {
    var data: DayData
    var layout: PageLayout
    var calendar: Calendar

    func render() -> String {
        let title = DisplayFormat.longDate(data.day)
        return layout.page(title: title, current: nil) {
            Tag.nav(.class("days"), .ariaLabel("Other days")) {
                Tag.a(.href(layout.links.day(data.day.adding(days: -1))), .rel("prev")) {
                    "← " + data.day.adding(days: -1).description
                }
                Tag.a(.href(layout.links.day(data.day.adding(days: 1))), .rel("next")) {
                    data.day.adding(days: 1).description + " →"
                }
            }
            Tag.h1 { title }
            if data.isEmptyStore {
                layout.gettingStarted()
            } else {
                steps()
                heartRate()
                sleep()
                Tag.section(.class("panel")) {
                    Tag.h2 { "Workouts" }
                    WorkoutList(entries: data.workouts, calendar: calendar).render()
                }
                MealList(
                    meals: data.meals, unreadable: data.mealsUnreadable, day: data.day,
                    axis: HourAxis(day: data.range, calendar: calendar)
                ).render()
            }
        }
    }

    private func steps() -> HTML {
        Tag.section(.class("panel")) {
            Tag.h2 { "Steps" }
            Tag.div(.class("figures")) {
                FigureCard(
                    metric: "steps", label: "Steps", reading: data.steps, unit: "count",
                    display: { DisplayFormat.number($0) }
                ).render()
            }
            if data.stepsUnreadable {
                Tag.p(.class("muted"), .data("state", "unreadable")) { "Not allowed to read steps." }
            } else {
                HourlyBarChart(
                    key: "steps", title: "Steps per hour", unit: "steps", buckets: data.hourlySteps,
                    calendar: calendar
                ).render()
            }
        }
    }

    private func heartRate() -> HTML {
        Tag.section(.class("panel")) {
            Tag.h2 { "Heart rate" }
            if data.heartRateUnreadable {
                Tag.p(.class("muted"), .data("state", "unreadable")) { "Not allowed to read heart rate." }
            } else if data.heartRate.allSatisfy({ $0.sampleCount == 0 }) {
                Tag.p(.class("muted"), .data("state", "none")) { "No heart rate this day." }
            } else {
                HeartRateChart(buckets: data.heartRate, calendar: calendar).render()
            }
        }
    }

    private func sleep() -> HTML {
        Tag.section(.class("panel sleep")) {
            Tag.h2 { "The night before" }
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
            if data.sleep.isEmpty {
                Tag.p(.class("muted"), .data("state", "none")) {
                    "No sleep recorded between noon the day before and noon."
                }
            } else {
                Hypnogram(samples: data.sleep, calendar: calendar).render()
            }
        }
    }
}
