import Foundation
import VitalsInsights

/// How the insights' names, units and values read on the pages.
enum InsightFormat {
    /// A figure's value in its unit as people read it: `52 bpm`, `6 h 38 min`, `96.1 %`, `35.6 °C`.
    static func value(_ value: Double, unit: String) -> String {
        switch unit {
        case "min": DisplayFormat.duration(minutes: value)
        case "count/min": "\(DisplayFormat.number(value, digits: 1)) /min"
        case "ms": "\(DisplayFormat.number(value, digits: 1)) ms"
        case "degC": "\(DisplayFormat.number(value, digits: 2)) °C"
        case "%": "\(DisplayFormat.number(value, digits: 1)) %"
        case "kcal": "\(DisplayFormat.number(value)) kcal"
        case "count": DisplayFormat.number(value)
        case "km/hr": "\(DisplayFormat.number(value, digits: 2)) km/h"
        case "kg": "\(DisplayFormat.number(value, digits: 1)) kg"
        case "min after noon": clock(minutesAfterNoon: value)
        case let awakenings where awakenings.hasPrefix("awakenings"): "\(DisplayFormat.number(value)) \(unit)"
        default: "\(DisplayFormat.number(value, digits: 1)) \(unit)"
        }
    }

    /// A bedtime given in minutes after noon as a wall-clock time: 707 → `23:47`.
    static func clock(minutesAfterNoon: Double) -> String {
        let minutes = (Int(minutesAfterNoon.rounded()) + 12 * 60) % (24 * 60)
        let hours = minutes / 60, rest = minutes % 60
        return (hours < 10 ? "0" : "") + "\(hours):" + (rest < 10 ? "0" : "") + "\(rest)"
    }

    /// A part's name as people read it.
    static func part(_ name: String) -> String {
        switch name {
        case "duration": "Duration"
        case "bedtime": "Bedtime"
        case "interruptions": "Interruptions"
        case "hrv": "Heart rate variability"
        case "restingHeartRate": "Resting heart rate"
        case "sleepEfficiency": "Sleep efficiency"
        default: name
        }
    }

    /// A part's or vital's name short enough for a chart's label column on a phone.
    static func short(_ name: String) -> String {
        switch name {
        case "hrv": "HRV"
        case "restingHeartRate": "Resting HR"
        case "sleepEfficiency": "Efficiency"
        case "respiratoryRate": "Breathing"
        case "wristTemperature": "Wrist temp."
        case "bloodOxygen": "Blood oxygen"
        case "sleepDuration": "Sleep"
        case "heartRate": "Heart rate"
        default: part(name)
        }
    }

    static func vital(_ vital: OvernightVital) -> String {
        switch vital {
        case .heartRate: "Heart rate"
        case .respiratoryRate: "Respiratory rate"
        case .wristTemperature: "Wrist temperature"
        case .bloodOxygen: "Blood oxygen"
        case .sleepDuration: "Sleep duration"
        }
    }

    static func figure(_ figure: DailyFigure) -> String {
        switch figure {
        case .steps: "Steps"
        case .activeEnergy: "Active energy"
        case .exerciseMinutes: "Exercise minutes"
        case .restingHeartRate: "Resting heart rate"
        case .hrv: "Heart rate variability"
        case .sleep: "Sleep"
        case .walkingSpeed: "Walking speed"
        case .weight: "Weight"
        }
    }

    /// The unit a daily figure's values are in (``DailyFigure/unit``'s text).
    static func unit(_ figure: DailyFigure) -> String { figure.unit.description }

    static func factor(_ factor: Factor) -> String {
        switch factor {
        case .alcohol: "Alcohol logged"
        case .lateWorkout: "A workout from \(Factor.lateWorkoutHour):00"
        case .mindfulness: "Mindful minutes"
        }
    }

    /// A sleep score's rating as people read it.
    static func rating(_ rating: String) -> String {
        switch rating {
        case "veryLow": "Very low"
        case "low": "Low"
        case "ok": "OK"
        case "high": "High"
        case "veryHigh": "Very high"
        default: rating
        }
    }

    /// A signed number: `+3.2`, `−1.5`.
    static func signed(_ value: Double, digits: Int = 1) -> String {
        (value < 0 ? "−" : "+") + DisplayFormat.number(abs(value), digits: digits)
    }
}
