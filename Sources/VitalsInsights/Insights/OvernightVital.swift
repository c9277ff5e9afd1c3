import VitalsCore

/// A measurement the overnight baseline watches, as the Vitals app on the watch does.
public enum OvernightVital: String, Sendable, Hashable, Codable, CaseIterable {
    case heartRate, respiratoryRate, wristTemperature, bloodOxygen, sleepDuration

    /// The sample type read (sleep analysis for the duration).
    public var type: SampleType {
        switch self {
        case .heartRate: .heartRate
        case .respiratoryRate: .respiratoryRate
        case .wristTemperature: .appleSleepingWristTemperature
        case .bloodOxygen: .oxygenSaturation
        case .sleepDuration: .sleepAnalysis
        }
    }

    /// The unit values are reported in.
    public var unit: String {
        switch self {
        case .heartRate: "count/min"
        case .respiratoryRate: "count/min"
        case .wristTemperature: "degC"
        case .bloodOxygen: "%"
        case .sleepDuration: "min"
        }
    }

    /// The narrowest half-width of the typical range: below it a steady baseline would call
    /// ordinary night-to-night noise an outlier.
    public var minimumHalfWidth: Double {
        switch self {
        case .heartRate: 3
        case .respiratoryRate: 1
        case .wristTemperature: 0.5
        case .bloodOxygen: 1.5
        case .sleepDuration: 45
        }
    }
}
