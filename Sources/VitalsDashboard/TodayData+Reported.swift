import Foundation
import VitalsCore

extension TodayData {
    /// Labels each summed figure that a reported total from the phone gives (Health Auto
    /// Export's aggregated values, ``VitalsCore/ReportedTotal``): "Reported by Health Auto
    /// Export at 14:05", the latest time such a total of the day arrived.
    mutating func labelReportedTotals(_ queries: DashboardQueries) async throws {
        steps = try await labelled(steps, .stepCount, queries)
        distance = try await labelled(distance, .distanceWalkingRunning, queries)
        activeEnergy = try await labelled(activeEnergy, .activeEnergyBurned, queries)
        exercise = try await labelled(exercise, .appleExerciseTime, queries)
    }

    private func labelled(_ reading: Reading, _ type: SampleType, _ queries: DashboardQueries) async throws -> Reading {
        guard reading.value != nil, reading.origin == nil,
            let received = try await queries.reportedAt(type, in: range)
        else { return reading }
        var labelled = reading
        labelled.origin = "Reported by Health Auto Export at \(DisplayFormat.clock(received, in: queries.calendar))"
        labelled.originKind = "reported"
        return labelled
    }
}

extension DashboardQueries {
    /// When the latest reported total of `type` overlapping `range` arrived; nil when none does.
    func reportedAt(_ type: SampleType, in range: DateRange) async throws -> Date? {
        let samples = try await reader.samples(of: type, matching: SamplePredicate(range)).value
        return samples.compactMap { sample -> Date? in
            guard ReportedTotal.isReported(sample.metadata) else { return nil }
            if case .date(let received)? = sample.metadata[ReportedTotal.receivedKey] { return received }
            return sample.start
        }.max()
    }
}
