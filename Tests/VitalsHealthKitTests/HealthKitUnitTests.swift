import Foundation
import Testing
import VitalsCore

@testable import HealthKit

/// A value, its unit, the unit to convert to, and the expected result.
typealias UnitConversionCase = (value: Double, from: String, to: String, expected: Double)

/// The stand-in's `HKUnit`/`HKQuantity` against units' physical definitions, written out here.
///
/// Every expected number is a literal or arithmetic on literals from the unit's definition
/// (1 lb = 0.45359237 kg, 1 US fl oz = 1/128 of 231 in³, ...), never a value the stand-in computed.
@Suite("HealthKit stand-in: HKUnit strings and HKQuantity conversions")
struct HealthKitUnitTests {
    /// `value` in unit `from`, converted to unit `to` by the stand-in.
    private static func convert(_ value: Double, _ from: String, to: String) -> Double {
        HKQuantity(unit: HKUnit(from: from), doubleValue: value).doubleValue(for: HKUnit(from: to))
    }

    /// Whether `actual` is within `relative` of `expected` (within 1e-12 when `expected` is 0).
    private static func close(_ actual: Double, _ expected: Double, relative: Double = 1e-12) -> Bool {
        expected == 0 ? abs(actual) <= 1e-12 : abs(actual - expected) <= abs(expected) * relative
    }

    @Test(
        "Mass: pound, ounce, stone, metric prefixes on grams",
        arguments: [
            (1.0, "lb", "kg", 0.45359237), (1, "oz", "g", 28.349523125), (1, "st", "lb", 14),
            (1, "st", "kg", 6.35029318), (10, "kg", "lb", 10 / 0.45359237), (1, "mcg", "mg", 0.001),
            (250, "mg", "g", 0.25), (1, "lb", "oz", 16),
        ] as [UnitConversionCase])
    func mass(value: Double, from: String, to: String, expected: Double) {
        #expect(Self.close(Self.convert(value, from, to: to), expected), "\(value) \(from) in \(to)")
    }

    @Test(
        "Length: mile, foot, inch, yard",
        arguments: [
            (1.0, "mi", "m", 1609.344), (1, "mi", "km", 1.609344), (1, "ft", "m", 0.3048), (1, "in", "cm", 2.54),
            (1, "yd", "ft", 3), (1, "mi", "ft", 5280), (1, "km", "mi", 1 / 1.609344), (1.8, "m", "mm", 1800),
        ] as [UnitConversionCase])
    func length(value: Double, from: String, to: String, expected: Double) {
        #expect(Self.close(Self.convert(value, from, to: to), expected), "\(value) \(from) in \(to)")
    }

    @Test(
        "Energy: the thermochemical calorie is 4.184 J; Cal and kcal are 4184 J",
        arguments: [
            (1.0, "kcal", "J", 4184), (1, "Cal", "kcal", 1), (1, "cal", "J", 4.184), (1, "kJ", "kcal", 1000 / 4184.0),
            (2000, "kcal", "kJ", 8368), (1, "kcal", "cal", 1000),
        ] as [UnitConversionCase])
    func energy(value: Double, from: String, to: String, expected: Double) {
        #expect(Self.close(Self.convert(value, from, to: to), expected), "\(value) \(from) in \(to)")
    }

    @Test(
        "Volume: US and imperial fluid ounces, cups and pints, liters",
        arguments: [
            (1.0, "fl_oz_us", "mL", 29.5735295625), (1, "fl_oz_imp", "mL", 28.4130625),
            (1, "cup_us", "fl_oz_us", 8), (1, "pt_us", "fl_oz_us", 16), (1, "pt_us", "mL", 473.176473),
            (1, "pt_imp", "fl_oz_imp", 20), (1, "cup_imp", "mL", 284.130625), (1, "L", "mL", 1000),
            (1, "dL", "mL", 100), (128, "fl_oz_us", "L", 3.785411784),
        ] as [UnitConversionCase])
    func volume(value: Double, from: String, to: String, expected: Double) {
        #expect(Self.close(Self.convert(value, from, to: to), expected), "\(value) \(from) in \(to)")
    }

    @Test(
        "Pressure: conventional mmHg, inHg and cmAq, standard atmosphere",
        arguments: [
            (1.0, "mmHg", "Pa", 133.322387415), (1, "inHg", "Pa", 3386.388640341), (1, "cmAq", "Pa", 98.0665),
            (1, "atm", "kPa", 101.325), (760, "mmHg", "atm", 760 * 133.322387415 / 101_325), (1, "inHg", "mmHg", 25.4),
        ] as [UnitConversionCase])
    func pressure(value: Double, from: String, to: String, expected: Double) {
        #expect(Self.close(Self.convert(value, from, to: to), expected), "\(value) \(from) in \(to)")
    }

    @Test(
        "Time and rates: minutes, hours, days; count/min and count/s",
        arguments: [
            (1.0, "hr", "min", 60), (1, "d", "s", 86_400), (1, "d", "hr", 24), (250, "ms", "s", 0.25),
            (60, "count/min", "count/s", 1), (1, "count/s", "count/min", 60), (72, "count/min", "count/hr", 4320),
            (36, "km/hr", "m/s", 10), (1, "mi/hr", "m/s", 0.44704),
        ] as [UnitConversionCase])
    func timeAndRates(value: Double, from: String, to: String, expected: Double) {
        #expect(Self.close(Self.convert(value, from, to: to), expected), "\(value) \(from) in \(to)")
    }

    @Test("Temperature: a lone degC or degF is absolute; inside a compound unit it is an interval")
    func temperature() {
        #expect(Self.close(Self.convert(100, "degF", to: "degC"), (100 - 32) * 5 / 9.0))
        #expect(Self.close(Self.convert(100, "degF", to: "degC"), 37.777777777777777))
        #expect(Self.close(Self.convert(37, "degC", to: "degF"), 98.6))
        #expect(Self.close(Self.convert(0, "degC", to: "K"), 273.15))
        #expect(Self.close(Self.convert(212, "degF", to: "K"), 373.15))
        #expect(Self.close(Self.convert(-40, "degC", to: "degF"), -40))
        #expect(Self.close(Self.convert(1.8, "degF/min", to: "degC/min"), 1))
        #expect(Self.close(Self.convert(1, "degC/hr", to: "K/hr"), 1))
    }

    @Test("Blood glucose: mg/dL and mmol<180.15588000005408>/L convert through glucose's molar mass")
    func bloodGlucose() {
        let molar = "mmol<180.15588000005408>/L"
        // 100 mg/dL = 1000 mg/L; one mmol of glucose weighs 180.15588000005408 mg.
        #expect(Self.close(Self.convert(100, "mg/dL", to: molar), 1000 / 180.15588000005408))
        #expect(Self.close(Self.convert(5.5, molar, to: "mg/dL"), 5.5 * 180.15588000005408 / 10))
        #expect(Self.close(Self.convert(1, "mol<180.15588000005408>", to: "g"), 180.15588000005408))
        #expect(Self.close(Self.convert(1, "mmol<18>/L", to: "mg/dL"), 1.8))
    }

    @Test("Compound units: VO2 max in mL/(kg*min), METs in kcal/(hr*kg), areas in m^2")
    func compoundUnits() {
        #expect(Self.close(Self.convert(1, "mL/(kg*min)", to: "L/(kg*hr)"), 0.06))
        #expect(Self.close(Self.convert(45, "mL/min·kg", to: "mL/(kg*s)"), 0.75))
        #expect(Self.close(Self.convert(1, "kcal/hr·kg", to: "J/(kg*s)"), 4184 / 3600.0))
        #expect(Self.close(Self.convert(1, "kcal/(hr*kg)", to: "W/kg"), 4184 / 3600.0))
        #expect(Self.close(Self.convert(1, "m^2", to: "cm^2"), 10_000))
        #expect(Self.close(Self.convert(1, "ft^2", to: "m^2"), 0.09290304))
        #expect(Self.close(Self.convert(1, "m*m", to: "m^2"), 1))
        #expect(Self.close(Self.convert(1, "kg*m^2/s^2", to: "J"), 1))
        #expect(Self.close(Self.convert(9.80665, "m/s^2", to: "ft/s^2"), 9.80665 / 0.3048))
        #expect(Self.close(Self.convert(1, "(m/s)^2", to: "m^2/s^2"), 1))
        #expect(Self.close(Self.convert(1, "1/s", to: "1/min"), 60))
        #expect(Self.close(Self.convert(1, "s^-1", to: "1/min"), 60))
    }

    @Test(
        "Metric prefixes p n mc m c d da h k M G T scale SI units",
        arguments: [
            ("p", 1e-12), ("n", 1e-9), ("mc", 1e-6), ("m", 1e-3), ("c", 1e-2), ("d", 1e-1),
            ("da", 1e1), ("h", 1e2), ("k", 1e3), ("M", 1e6), ("G", 1e9), ("T", 1e12),
        ])
    func prefixes(prefix: String, multiplier: Double) {
        for root in ["g", "m", "L", "Pa", "s", "J", "K", "S", "V", "Hz", "W", "lx"] {
            #expect(Self.close(Self.convert(1, prefix + root, to: root), multiplier), "\(prefix)\(root)")
        }
        #expect(Self.close(Self.convert(1, prefix + "mol<2>", to: "g"), 2 * multiplier))
    }

    @Test("Same-unit conversions return the value unchanged")
    func sameUnit() {
        for (value, unit) in [
            (0.1, "count"), (82.3, "kg"), (1234.5678, "kcal"), (0.97, "%"), (5.4, "mmol<180.15588000005408>/L"),
        ] {
            #expect(Self.convert(value, unit, to: unit) == value)
        }
    }

    @Test(
        "Incompatible units report incompatible",
        arguments: [
            ("kg", "m"), ("kcal", "kg"), ("count", "min"), ("count/min", "count"), ("degC", "kcal"), ("mg/dL", "mg"),
            ("IU", "mg"), ("dBASPL", "dBHL"), ("appleEffortScore", "count"), ("mL", "m^2"), ("m/s", "m/s^2"),
            ("mL/(kg*min)", "mL/min"), ("mmHg", "kcal"), ("degF", "degF/min"),
        ])
    func incompatible(first: String, second: String) {
        #expect(!HKQuantity(unit: HKUnit(from: first), doubleValue: 1).is(compatibleWith: HKUnit(from: second)))
        #expect(!HKQuantity(unit: HKUnit(from: second), doubleValue: 1).is(compatibleWith: HKUnit(from: first)))
    }

    @Test(
        "Compatible units of different spellings report compatible",
        arguments: [
            ("kg", "lb"), ("kcal", "Cal"), ("kcal", "kJ"), ("count/min", "count/s"),
            ("mg/dL", "mmol<180.15588000005408>/L"),
            ("degC", "degF"), ("degC", "K"), ("mL", "fl_oz_us"), ("mmHg", "kPa"), ("mL/(kg*min)", "L/kg·hr"),
            ("m^2", "ft^2"),
        ])
    func compatible(first: String, second: String) {
        #expect(HKQuantity(unit: HKUnit(from: first), doubleValue: 1).is(compatibleWith: HKUnit(from: second)))
    }

    @Test(
        "unitString parses back to an equal unit, in HealthKit's spelling",
        arguments: [
            ("count", "count"), ("kg", "kg"), ("count/min", "count/min"), ("mg/dL", "mg/dL"), ("%", "%"),
            ("mL/(kg*min)", "mL/kg·min"), ("mL/min·kg", "mL/kg·min"), ("kcal/hr·kg", "kcal/hr·kg"), ("m*m", "m^2"),
            ("m/m", "count"), ("mmol<180.15588000005408>/L", "mmol<180.15588000005408>/L"), ("1/s", "1/s"),
            ("s^-1", "1/s"), ("(m/s)^2", "m^2/s^2"), ("degC", "degC"), ("fl_oz_us", "fl_oz_us"), ("mcg", "mcg"),
            ("kg.m^2/s^2", "kg·m^2/s^2"), ("appleEffortScore", "appleEffortScore"), ("dBASPL", "dBASPL"),
        ])
    func roundTrip(text: String, spelling: String) {
        let unit = HKUnit(from: text)
        #expect(unit.unitString == spelling)
        let again = HKUnit(from: unit.unitString)
        #expect(again == unit)
        #expect(again.hash == unit.hash)
        #expect(again.unitString == unit.unitString)
    }

    @Test("Equality compares the canonical form; Cal and kcal are compatible but not equal")
    func equality() {
        #expect(HKUnit(from: "mL/(kg*min)") == HKUnit(from: "mL/min·kg"))
        #expect(HKUnit(from: "mL/(kg*min)") == HKUnit(from: "mL/kg.min"))
        #expect(HKUnit(from: "kcal") == HKUnit.kilocalorie())
        #expect(HKUnit(from: "count") == HKUnit.count())
        #expect(HKUnit(from: "Cal") != HKUnit(from: "kcal"))
        #expect(HKUnit(from: "kg") != HKUnit(from: "g"))
        #expect(Set([HKUnit(from: "m^2"), HKUnit(from: "m*m"), HKUnit(from: "m.m")]).count == 1)
    }

    @Test("unitMultiplied, unitDivided, unitRaised and reciprocal build the same units as strings")
    func unitAlgebra() {
        let kilogram = HKUnit(from: "kg"), meter = HKUnit.meter()
        #expect(kilogram.unitDivided(by: meter.unitRaised(toPower: 2)) == HKUnit(from: "kg/m^2"))
        #expect(HKUnit.second().reciprocal() == HKUnit(from: "1/s"))
        #expect(
            HKUnit(from: "mL").unitDivided(by: kilogram.unitMultiplied(by: .minute())) == HKUnit(from: "mL/(kg*min)"))
        #expect(meter.unitRaised(toPower: 0) == HKUnit.count())
    }

    @Test(
        "Strings HealthKit does not parse are rejected",
        arguments: [
            "", "furlong", "kg/", "/kg", "kg/m/s", "(kg", "kg)", "m^", "m^x", "m^1.5", "mol", "mol<>", "mol<-1>",
            "mol<abc>", "xmol<12>", "kIU", "k", "Kcal", "kg m", "kg**m", "mmHg^", "KG",
        ])
    func rejected(text: String) {
        #expect(throws: HKUnitParser.Failure.self) { try HKUnitDefinition(parsing: text) }
    }

    @Test("HKUnit(from:) traps on an invalid string, as HealthKit raises")
    func invalidStringTraps() async {
        await #expect(processExitsWith: .failure) { _ = HKUnit(from: "furlong") }
    }

    @Test("doubleValue(for:) traps on an incompatible unit, as HealthKit raises")
    func incompatibleConversionTraps() async {
        await #expect(processExitsWith: .failure) {
            _ = HKQuantity(unit: HKUnit(from: "kg"), doubleValue: 1).doubleValue(for: HKUnit(from: "m"))
        }
    }

    @Test("Every canonical unit in Vitals' catalog parses and converts to itself unchanged")
    func catalogUnitsParse() {
        let strings = Set(SampleType.all.compactMap(\.canonicalUnitString))
        #expect(!strings.isEmpty)
        for text in strings.sorted() {
            let unit = HKUnit(from: text)
            #expect(
                HKQuantity(unit: unit, doubleValue: 2.5).doubleValue(for: HKUnit(from: unit.unitString)) == 2.5,
                "\(text)")
        }
    }
}
