import Foundation

extension Sample {
    /// This sample checked and normalised for storage: quantities converted to the type's
    /// canonical unit, workout statistics and members likewise.
    ///
    /// Throws a `VitalsError` whose location names the failing field (`end`, `value`, `unit`,
    /// `members[1].unit`). Messages never include the values themselves.
    public func validated() throws(VitalsError) -> Sample {
        var copy = self
        guard end >= start else {
            throw VitalsError(.invalidDateRange, "end is before start", at: InputLocation(field: "end"))
        }
        switch (type.kind, content) {
        case (.quantity, .quantity(let quantity)), (.other, .quantity(let quantity)):
            copy.content = .quantity(try Self.normalised(quantity, for: type))
        case (.category, .category(let value)), (.other, .category(let value)):
            try Self.checkCategoryValue(value, for: type)
        case (.workout, .workout(var workout)):
            for index in workout.statistics.indices {
                do {
                    workout.statistics[index] = try Self.normalised(workout.statistics[index])
                } catch {
                    throw error.located(InputLocation(field: "statistics[\(index)]"))
                }
            }
            for index in workout.associatedSamples.indices {
                do {
                    workout.associatedSamples[index] = try workout.associatedSamples[index].validated()
                } catch {
                    throw error.located(InputLocation(field: "associated[\(index)]"))
                }
            }
            copy.content = .workout(workout)
        case (.correlation, .correlation(var members)):
            guard !members.isEmpty else {
                throw VitalsError(
                    .invalidInput, "a correlation needs at least one member", at: InputLocation(field: "members"))
            }
            for index in members.indices {
                guard members[index].type.kind == .quantity || members[index].type.kind == .category else {
                    throw VitalsError(
                        .invalidInput, "correlation members are quantity or category samples",
                        at: InputLocation(field: "members[\(index)].type"))
                }
                do {
                    members[index] = try members[index].validated()
                } catch {
                    throw error.located(InputLocation(field: "members[\(index)]"))
                }
            }
            copy.content = .correlation(members)
        default:
            throw VitalsError(
                .invalidInput,
                "\(type.shortName) is a \(type.kind.rawValue) type but the sample holds \(content.kindName)",
                at: InputLocation(field: "value"))
        }
        return copy
    }

    /// Checks a raw category value for `type` (sleep analysis 0...5; never negative).
    public static func checkCategoryValue(_ value: Int, for type: SampleType) throws(VitalsError) {
        if type == .sleepAnalysis, SleepAnalysisValue(rawValue: value) == nil {
            throw VitalsError(
                .invalidValue, "sleep analysis values are 0...5 (inBed...asleepREM)",
                at: InputLocation(field: "value"))
        }
        guard value >= 0 else {
            throw VitalsError(.invalidValue, "category values are never negative", at: InputLocation(field: "value"))
        }
    }

    /// `value` in `unit` as a number in `type`'s canonical unit, checked as `validated()` does.
    public static func canonicalValue(
        _ value: Double, unit: HealthUnit, for type: SampleType
    ) throws(VitalsError) -> Double {
        try normalised(Quantity(value, unit), for: type).value
    }

    /// Quantity types whose values may be below zero (deviations, temperatures of water).
    static let mayBeNegative: Set<String> = [
        "HKQuantityTypeIdentifierAppleSleepingWristTemperature", "HKQuantityTypeIdentifierWaterTemperature",
        "HKQuantityTypeIdentifierBasalBodyTemperature",
    ]

    /// `quantity` in `type`'s canonical unit, checked for finiteness and sign.
    static func normalised(_ quantity: Quantity, for type: SampleType) throws(VitalsError) -> Quantity {
        guard quantity.value.isFinite else {
            throw VitalsError(.invalidValue, "the value is not a finite number", at: InputLocation(field: "value"))
        }
        var normal = quantity
        // Already in the canonical unit (as importers write them): nothing to parse or convert.
        if quantity.unit.unitString != type.canonicalUnitString {
            guard let canonical = type.canonicalUnit else { return quantity }
            guard quantity.unit.isCompatible(with: canonical) else {
                throw VitalsError(
                    .incompatibleUnit,
                    "unit '\(quantity.unit.unitString)' does not measure \(type.shortName) (expected something like '\(canonical.unitString)')",
                    at: InputLocation(field: "unit"))
            }
            let value = try quantity.unit.convert(quantity.value, to: canonical)
            guard value.isFinite else {
                throw VitalsError(
                    .invalidValue, "the value is out of range in \(canonical.unitString)",
                    at: InputLocation(field: "value"))
            }
            normal = Quantity(value, canonical)
        }
        if normal.value < 0, !Self.mayBeNegative.contains(type.identifier) {
            throw VitalsError(.invalidValue, "\(type.shortName) cannot be negative", at: InputLocation(field: "value"))
        }
        return normal
    }

    private static func normalised(_ statistics: WorkoutStatistics) throws(VitalsError) -> WorkoutStatistics {
        guard let canonical = statistics.type.canonicalUnit else { return statistics }
        guard statistics.unit.isCompatible(with: canonical) else {
            throw VitalsError(
                .incompatibleUnit,
                "unit '\(statistics.unit.unitString)' does not measure \(statistics.type.shortName)",
                at: InputLocation(field: "unit"))
        }
        func convert(_ value: Double?, _ field: String) throws(VitalsError) -> Double? {
            guard let value else { return nil }
            guard value.isFinite else {
                throw VitalsError(
                    .invalidValue, "a workout statistic is not a finite number", at: InputLocation(field: field))
            }
            return try statistics.unit.convert(value, to: canonical)
        }
        return WorkoutStatistics(
            type: statistics.type, unit: canonical, sum: try convert(statistics.sum, "sum"),
            average: try convert(statistics.average, "average"),
            minimum: try convert(statistics.minimum, "minimum"),
            maximum: try convert(statistics.maximum, "maximum"))
    }
}

extension Sample.Content {
    /// "a quantity", "a category value", "a workout" or "correlation members".
    var kindName: String {
        switch self {
        case .quantity: "a quantity"
        case .category: "a category value"
        case .workout: "a workout"
        case .correlation: "correlation members"
        }
    }
}

extension Sample {
    /// The number statistics count: a quantity in its type's canonical unit, a category's raw
    /// value; nil for workouts, correlations and quantities in a unit that does not fit.
    public var statisticsValue: Double? {
        switch content {
        case .quantity(let quantity): try? Sample.canonicalValue(quantity.value, unit: quantity.unit, for: type)
        case .category(let value): Double(value)
        default: nil
        }
    }
}
