import Foundation
import VitalsContract
import VitalsCore

extension TodayData {
    /// Fills the figures no sample gave (nothing measured, and readable) from the day's
    /// `snapshot`, each labelled with where it came from: steps, active energy, exercise,
    /// resting heart rate, HRV, and last night's sleep (a snapshot's sleep is the night ending
    /// on its day). Figures from samples are never replaced.
    mutating func fill(from snapshot: HealthSnapshot) {
        let origin = "From the daily snapshot (\(snapshot.source.displayName))"
        func filled(_ reading: Reading, _ value: Double?) -> Reading {
            guard reading.value == nil, !reading.isUnreadable, let value else { return reading }
            return Reading(value: value, origin: origin)
        }
        let metrics = snapshot.metrics
        steps = filled(steps, metrics.steps.map(Double.init))
        activeEnergy = filled(activeEnergy, metrics.activeCalories)
        exercise = filled(exercise, metrics.exerciseMinutes.map(Double.init))
        restingHeartRate = filled(restingHeartRate, metrics.restingHeartRate)
        heartRateVariability = filled(heartRateVariability, metrics.hrv)
        night.asleep = filled(night.asleep, metrics.sleepMinutes.map(Double.init))
        snapshotSource = snapshot.source.displayName
    }
}

extension HealthSyncRequest.DataSource {
    /// The source as people read it: HealthKit, Google Fit, manual entry.
    var displayName: String {
        switch self {
        case .healthKit: "HealthKit"
        case .googleFit: "Google Fit"
        case .manual: "manual entry"
        }
    }
}
