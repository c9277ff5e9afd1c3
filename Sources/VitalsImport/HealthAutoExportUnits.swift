import VitalsCore

/// Health Auto Export's unit strings, read as HealthKit units.
///
/// Most of what the app writes is already a HealthKit unit string (`count`, `kcal`, `kJ`,
/// `count/min`, `ms`, `mi`, `km`, `lb`, `kg`, `degF`, `mg/dL`, `fl_oz_us`, `mL/min·kg`...) and is
/// parsed by `HealthUnit(parsing:)`. The spellings below are not, and are mapped first:
///
/// - `%` is percent points (97 means 97 %), as the app shows it; HealthKit's `%` is a fraction,
///   so values are multiplied by 0.01.
/// - `bpm`, `breaths/min`, `brpm`, `spm`, `rpm`, `steps/min` are `count/min`.
/// - `MET`/`METs` are `kcal/hr·kg` (HealthKit's MET unit); `mph` is `mi/hr`; `kmph`, `kph`,
///   `km/h` are `km/hr`.
/// - `mmol/L` is millimoles of glucose per litre (`mmol<180.15588000005408>/L`): blood glucose
///   is the only metric the app writes in mmol/L.
/// - `mL/kg/min` (two slashes, which HealthKit rejects) is `mL/min·kg`.
/// - `°C`/`ºC`, `°F`/`ºF`, `lbs`, `sec`, `hrs`, `dB` are `degC`, `degF`, `lb`, `s`, `hr`, `dBASPL`;
///   `steps` (older workouts' step count) is `count`.
enum HealthAutoExportUnits {
    /// A unit as the app writes it: the HealthKit unit and the factor from the app's number to it.
    struct Reading {
        let unit: HealthUnit
        let factor: Double
    }

    /// App spellings that are not HealthKit unit strings: HealthKit unit string and factor.
    private static let aliases: [String: (unit: String, factor: Double)] = [
        "%": ("%", 0.01),
        "bpm": ("count/min", 1), "beats/min": ("count/min", 1), "breaths/min": ("count/min", 1),
        "brpm": ("count/min", 1), "spm": ("count/min", 1), "rpm": ("count/min", 1), "steps/min": ("count/min", 1),
        "MET": ("kcal/hr·kg", 1), "METs": ("kcal/hr·kg", 1), "kcal/kg/hr": ("kcal/hr·kg", 1),
        "mph": ("mi/hr", 1), "kmph": ("km/hr", 1), "kph": ("km/hr", 1), "km/h": ("km/hr", 1),
        "mmol/L": ("mmol<180.15588000005408>/L", 1), "mmol/l": ("mmol<180.15588000005408>/L", 1),
        "mL/kg/min": ("mL/min·kg", 1), "ml/kg/min": ("mL/min·kg", 1),
        "°C": ("degC", 1), "ºC": ("degC", 1), "°F": ("degF", 1), "ºF": ("degF", 1),
        "lbs": ("lb", 1), "sec": ("s", 1), "hrs": ("hr", 1), "dB": ("dBASPL", 1),
        "steps": ("count", 1),
    ]

    /// The reading of `text`, found at member `key` of `object`.
    ///
    /// - Throws: `.invalidUnit` at that member, naming the metric, when neither the table above
    ///   nor HealthKit's grammar knows the string.
    static func unit(
        _ text: String, metric: String, at object: JSONObjectReader,
        key: String
    ) throws(VitalsError) -> Reading {
        if let alias = aliases[text], let unit = try? HealthUnit(parsing: alias.unit) {
            return Reading(unit: unit, factor: alias.factor)
        }
        do {
            return Reading(unit: try HealthUnit(parsing: text), factor: 1)
        } catch {
            throw object.error(.invalidUnit, "'\(text)' is not a unit Vitals can read (metric \(metric))", at: key)
        }
    }

    /// `value` read in `reading` and expressed in `target`.
    ///
    /// - Throws: `.incompatibleUnit` at member `key` of `object` when the units measure
    ///   different things (kg for steps).
    static func convert(
        _ value: Double, from reading: Reading, to target: HealthUnit, metric: String,
        at object: JSONObjectReader, key: String
    ) throws(VitalsError) -> Double {
        try check(reading, measures: target, metric: metric, at: object, key: key)
        do {
            return try reading.unit.convert(value * reading.factor, to: target)
        } catch {
            throw object.error(.incompatibleUnit, error.message, at: key)
        }
    }

    /// Throws `.incompatibleUnit` at member `key` unless `reading` converts to `target`.
    static func check(
        _ reading: Reading, measures target: HealthUnit, metric: String,
        at object: JSONObjectReader, key: String
    ) throws(VitalsError) {
        guard reading.unit.isCompatible(with: target) else {
            throw object.error(
                .incompatibleUnit,
                "unit '\(reading.unit.unitString)' of metric \(metric) does not convert to "
                    + "'\(target.unitString)'",
                at: key)
        }
    }
}
