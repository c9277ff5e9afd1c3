import Foundation
import VitalsCore

/// Counts the hours with a stand from `appleStandHour` samples, as the Stand ring does.
public enum StandHours {
    /// Hours stood among `samples` (those of one range): hours with a sample marked stood (value 0);
    /// a reported total of a day (a Health Auto Export count of stood hours the app does not place,
    /// metadata `HAEStandHours`) is the count instead of the hourly samples. `nil` without samples.
    public static func count(_ samples: [Sample], in calendar: Calendar) -> Double? {
        guard !samples.isEmpty else { return nil }
        let reported = samples.compactMap { sample -> Double? in
            if case .number(let count)? = sample.metadata["HAEStandHours"] { return count }
            return nil
        }
        if !reported.isEmpty { return reported.reduce(0, +) }
        let stood = Set(
            samples.filter { $0.categoryValue == 0 }.map {
                DateRange.period(.hour, containing: $0.start, in: calendar).start
            })
        return Double(stood.count)
    }
}
