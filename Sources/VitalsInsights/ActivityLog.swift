import Foundation
import VitalsCore

/// Builds the samples of the activity logging methods (``HealthStore/logMindfulness(start:end:)`` and the others).
public enum ActivityLog {
    /// Body mass for workout calories when the store has none readable: 70 kg.
    public static let defaultBodyMassKilograms = 70.0

    /// Metabolic equivalents per activity (Compendium of Physical Activities, typical values).
    public static let metValues: [WorkoutActivityType: Double] = [
        .highIntensityIntervalTraining: 8.0, .running: 9.8, .walking: 3.5, .cycling: 7.5,
        .swimming: 8.0, .yoga: 2.5, .pilates: 3.0, .traditionalStrengthTraining: 5.0,
        .functionalStrengthTraining: 5.0, .crossTraining: 8.0, .rowing: 7.0, .elliptical: 5.0,
        .hiking: 6.0, .dance: 5.0, .mindAndBody: 2.5, .flexibility: 2.3, .coreTraining: 4.0,
        .jumpRope: 11.0, .stairClimbing: 8.8,
    ]

    /// The MET value for `activity`, 6.0 (vigorous) when the table has none.
    public static func met(for activity: WorkoutActivityType) -> Double {
        metValues[activity] ?? 6.0
    }

    /// Kilocalories burned: MET × body mass (kg) × hours.
    public static func activeEnergy(
        activity: WorkoutActivityType, bodyMassKilograms: Double,
        duration: TimeInterval
    ) -> Double {
        met(for: activity) * bodyMassKilograms * duration / 3600
    }

    /// A mindful-session sample over `[start, end)`, tagged with the zone it was recorded in when given.
    public static func mindfulness(
        start: Date, end: Date, source: Source,
        timeZone: TimeZone? = nil
    ) throws(VitalsError) -> Sample {
        guard end > start else {
            throw VitalsError(
                .invalidDateRange, "a mindfulness session must end after it starts", at: InputLocation(field: "end"))
        }
        return .category(.mindfulSession, 0, start: start, end: end, source: source, metadata: zoneMetadata(timeZone))
    }

    /// `HKTimeZone` metadata for `zone`: days stay the days the user lived after a time-zone move.
    public static func zoneMetadata(_ zone: TimeZone?) -> Metadata {
        guard let zone else { return [:] }
        return [MetadataValue.timeZoneKey: .string(zone.identifier)]
    }

    /// A workout with its active-energy sample attached (and the total in its statistics),
    /// tagged with the zone it was recorded in when given.
    public static func workout(
        start: Date, end: Date, activity: WorkoutActivityType,
        bodyMassKilograms: Double, source: Source,
        timeZone: TimeZone? = nil
    ) throws(VitalsError) -> Sample {
        guard end > start else {
            throw VitalsError(.invalidDateRange, "a workout must end after it starts", at: InputLocation(field: "end"))
        }
        guard bodyMassKilograms.isFinite, bodyMassKilograms > 0 else {
            throw VitalsError(.invalidValue, "body mass must be positive", at: InputLocation(field: "bodyMass"))
        }
        let kilocalories = activeEnergy(
            activity: activity, bodyMassKilograms: bodyMassKilograms,
            duration: end.timeIntervalSince(start))
        let energy = Sample.quantity(
            .activeEnergyBurned, kilocalories, .kilocalorie, start: start, end: end,
            source: source)
        let details = Workout(
            activityType: activity,
            statistics: [WorkoutStatistics(type: .activeEnergyBurned, unit: .kilocalorie, sum: kilocalories)],
            associatedSamples: [energy])
        return Sample(
            type: .workout, start: start, end: end, content: .workout(details), source: source,
            metadata: zoneMetadata(timeZone))
    }

    /// The NoAlc entry for the day holding `date`: a beverage count at that day's local midnight,
    /// tagged with the calendar's zone.
    public static func alcohol(_ level: NoAlcLevel, date: Date, calendar: Calendar, source: Source) -> Sample {
        let midnight = calendar.startOfDay(for: date)
        return .quantity(
            .numberOfAlcoholicBeverages, Double(level.rawValue), .count, start: midnight,
            end: midnight, source: source, metadata: zoneMetadata(calendar.timeZone))
    }
}
