import Foundation

/// Health Auto Export documents as a real phone's automations send them, in order, for tests
/// that replay a sequence rather than one payload.
///
/// The shapes are the app's REST JSON (version 2) as its documentation and users' posted payloads
/// show them: `{qty, date, source}` items aggregated by hour, heart rate as `{Min, Avg, Max}`, an
/// aggregated night, a version 2 workout with an `id`. Every value is made up, derived from the
/// hour, so a run is the same every time.
public enum PhoneAutomation {
    /// The day the "Today" automation reports: 15 November 2025 in Berlin (UTC+01:00).
    public static let day = "2025-11-15"
    static let offset = "+0100"

    /// The "Today" automation, aggregated by hours, run at 55 minutes past every hour: 24
    /// documents, the k-th (from 1) sent at (k-1):55 and holding hours 0 through k-1, the last of
    /// them a running total (55/60 of its final value). Hours 0-8 come from the iPhone alone until
    /// the watch syncs (from the 10th post on, every hour is sent under the merged source string,
    /// and the watch adds 5% to hours 6-8). A dozen metrics, last night's sleep (first
    /// from the sleep app alone, then merged with the watch's stages), and an evening run whose
    /// totals the app recomputes after it ended.
    public static func todayHourly() -> [String] {
        (1...24).map(todayPost)
    }

    /// The `k`-th post of ``todayHourly()``.
    public static func todayPost(_ k: Int) -> String {
        let merged = k >= 10
        let source = merged ? "Ada's iPhone|Ada's Apple Watch" : "Ada's iPhone"
        func hours(_ value: (Int) -> Double?) -> [(hour: Int, qty: Double)] {
            (0..<k).compactMap { hour in
                guard var qty = value(hour) else { return nil }
                if merged, (6...8).contains(hour) { qty *= 1.05 }  // the watch's own steps, synced late
                if hour == k - 1 { qty = (qty * 55 / 60 * 100).rounded() / 100 }  // the hour still running
                return (hour, qty)
            }
        }
        func quantities(_ name: String, _ units: String, _ value: (Int) -> Double?) -> String {
            let items = hours(value).map { hour, qty in
                #"{"qty": \#(qty), "date": "\#(day) \#(clock(hour)) \#(offset)", "source": "\#(source)"}"#
            }
            return #"{"name": "\#(name)", "units": "\#(units)", "data": [\#(items.joined(separator: ", "))]}"#
        }
        let awake = { (hour: Int) in hour >= 7 && hour <= 22 }
        var metrics = [
            quantities("step_count", "count") { awake($0) ? Double(400 + 37 * $0) : ($0 == 3 ? 12 : nil) },
            quantities("active_energy", "kcal") { awake($0) ? Double(20 + 3 * $0) : 4 },
            quantities("basal_energy_burned", "kcal") { _ in 70 },
            quantities("walking_running_distance", "km") { awake($0) ? Double(300 + 27 * $0) / 1000 : nil },
            quantities("flights_climbed", "count") { $0 % 4 == 1 && awake($0) ? 3 : nil },
            quantities("apple_exercise_time", "min") { $0 == 18 ? 40 : (awake($0) ? 2 : nil) },
            quantities("apple_stand_time", "min") { awake($0) ? 5 : nil },
            quantities("apple_stand_hour", "count") { awake($0) ? ($0 == 15 ? 0 : 1) : nil },
            quantities("dietary_energy", "kcal") { [8: 450, 13: 720, 19: 810][$0] },
            quantities("heart_rate_variability", "ms") { $0 % 6 == 2 ? Double(38 + $0) : nil },
        ]
        let heart = hours { Double(58 + ($0 * 7) % 30) }.map { hour, average in
            #"{"Min": \#(average - 8), "Avg": \#(average), "Max": \#(average + 25), "date": "\#(day) \#(clock(hour)) \#(offset)", "source": "\#(source)"}"#
        }
        metrics.append(#"{"name": "heart_rate", "units": "count/min", "data": [\#(heart.joined(separator: ", "))]}"#)
        if k >= 9 {
            let resting = k >= 12 ? 54 : 56  // Health revises the day's resting rate as the day goes on
            metrics.append(
                #"{"name": "resting_heart_rate", "units": "count/min", "data": [{"qty": \#(resting), "date": "\#(day) 00:00:00 \#(offset)", "source": "\#(source)"}]}"#
            )
        }
        if k >= 8 { metrics.append(#"{"name": "sleep_analysis", "units": "hr", "data": [\#(night(merged: merged))]}"#) }
        var workouts: [String] = []
        if k >= 20 { workouts.append(run(recomputed: k >= 22)) }
        return
            #"{"data": {"metrics": [\#(metrics.joined(separator: ",\n"))], "workouts": [\#(workouts.joined(separator: ", "))]}}"#
    }

    /// Last night as the app aggregates it: the sleep app's asleep hours alone, or merged with the
    /// watch's stages (the watch synced).
    static func night(merged: Bool) -> String {
        if merged {
            return #"""
                {"date": "\#(day)", "core": 4.1, "deep": 1.05, "rem": 1.9, "asleep": 6.9, "awake": 0.4,
                 "sleepStart": "2025-11-14 23:37:00 \#(offset)", "sleepEnd": "\#(day) 07:45:00 \#(offset)",
                 "inBed": 8.3, "inBedStart": "2025-11-14 23:25:00 \#(offset)", "inBedEnd": "\#(day) 07:50:00 \#(offset)",
                 "source": "Ada's Apple Watch|Ada's iPhone|AutoSleep"}
                """#
        }
        return #"""
            {"date": "\#(day)", "asleep": 6.9, "sleepStart": "2025-11-14 23:40:00 \#(offset)",
             "sleepEnd": "\#(day) 07:40:00 \#(offset)", "inBed": 8, "inBedStart": "2025-11-14 23:30:00 \#(offset)",
             "inBedEnd": "\#(day) 07:45:00 \#(offset)", "source": "AutoSleep"}
            """#
    }

    /// The evening run, version 2, first with the totals the watch saved, then recomputed.
    static func run(recomputed: Bool) -> String {
        let (minutes, energy, distance) = recomputed ? (40.0, 318.0, 6.42) : (38.5, 301.0, 6.1)
        return #"""
            {"id": "7D1F9A2C-RUN", "name": "Outdoor Run", "start": "\#(day) 18:02:00 \#(offset)",
             "end": "\#(day) 18:42:00 \#(offset)", "duration": \#(minutes * 60),
             "activeEnergyBurned": {"qty": \#(energy), "units": "kcal"}, "distance": {"qty": \#(distance), "units": "km"}}
            """#
    }

    static func clock(_ hour: Int) -> String { (hour < 10 ? "0" : "") + "\(hour):00:00" }

    /// Overlapping exports of three days from two versions of the app, in the order they were
    /// sent: the older version (day totals under the iPhone's name, in bed doubled, asleep only),
    /// then the newer one (merged source strings, stages) for an overlapping span, then the older
    /// one again for the last day. `days` are `2025-11-1x` days, `older` says which version.
    public static func dailyExports() -> [(older: Bool, days: [String])] {
        [
            (true, ["2025-11-12", "2025-11-13", "2025-11-14"]), (false, ["2025-11-13", "2025-11-14"]),
            (true, ["2025-11-14"]), (false, ["2025-11-14"]),
        ]
    }

    /// One daily export of ``dailyExports()``: day totals of steps, energy and exercise, and each
    /// day's night, in the version's shape.
    public static func dailyExport(older: Bool, days: [String]) -> String {
        let source = older ? "Ada's iPhone" : "Ada's iPhone|Ada's Apple Watch"
        func totals(_ name: String, _ units: String, _ value: (Int) -> Double) -> String {
            let items = days.map { date in
                let n = Int(date.suffix(2))!
                return
                    #"{"qty": \#(value(n) * (older ? 0.97 : 1)), "date": "\#(date) 00:00:00 \#(offset)", "source": "\#(source)"}"#
            }
            return #"{"name": "\#(name)", "units": "\#(units)", "data": [\#(items.joined(separator: ", "))]}"#
        }
        let nights = days.map { date -> String in
            let n = Int(date.suffix(2))!
            let evening = "2025-11-\(n - 1)"
            if older {
                return #"""
                    {"date": "\#(date)", "asleep": 7.1, "sleepStart": "\#(evening) 23:50:00 \#(offset)",
                     "sleepEnd": "\#(date) 07:05:00 \#(offset)", "inBed": 14.9, "inBedStart": "\#(evening) 23:40:00 \#(offset)",
                     "inBedEnd": "\#(date) 07:10:00 \#(offset)", "source": "Ada's iPhone"}
                    """#
            }
            return #"""
                {"date": "\#(date)", "core": 4, "deep": 1.2, "rem": 1.8, "asleep": 7.05, "awake": 0.3,
                 "sleepStart": "\#(evening) 23:45:00 \#(offset)", "sleepEnd": "\#(date) 07:10:00 \#(offset)",
                 "inBed": 7.6, "inBedStart": "\#(evening) 23:35:00 \#(offset)", "inBedEnd": "\#(date) 07:15:00 \#(offset)",
                 "source": "Ada's Apple Watch|Ada's iPhone"}
                """#
        }
        let metrics = [
            totals("step_count", "count") { Double(8000 + 113 * $0) },
            totals("active_energy", "kcal") { Double(450 + 7 * $0) },
            totals("apple_exercise_time", "min") { Double(20 + $0 % 5) },
            #"{"name": "sleep_analysis", "units": "hr", "data": [\#(nights.joined(separator: ", "))]}"#,
        ]
        return #"{"data": {"metrics": [\#(metrics.joined(separator: ",\n"))]}}"#
    }
}
