import Foundation
import Testing

@testable import VitalsCore

/// Parses a string the test knows to be valid.
private func unit(_ string: String) throws -> HealthUnit { try HealthUnit(parsing: string) }

/// Converts `value` from one unit string to another.
private func convert(_ value: Double, _ from: String, _ to: String) throws -> Double {
    try unit(from).convert(value, to: unit(to))
}

private func close(_ lhs: Double, _ rhs: Double, tolerance: Double = 1e-9) -> Bool {
    abs(lhs - rhs) <= tolerance * max(1, abs(rhs))
}

@Suite("HealthUnit parsing")
struct HealthUnitParsingTests {
    static let accepted = [
        "count", "kcal", "Cal", "cal", "kJ", "J", "s", "min", "hr", "d", "ms", "kg", "lb", "oz",
        "st", "g", "mg", "mcg", "µg", "μg", "count/min", "%", "m", "km", "mi", "ft", "in", "yd",
        "cm", "mm", "mL", "L", "l", "fl_oz_us", "fl_oz_imp", "cup_us", "cup_imp", "pt_us", "pt_imp",
        "mmHg", "cmAq", "atm", "inHg", "kPa", "Pa", "hPa", "degC", "degF", "K", "mg/dL", "mg/dl",
        "mmol<180.1558800000541>/L", "mmol<180.15588000005408>/L", "IU", "mIU/mL", "dBASPL",
        "dBHL", "W", "V", "S", "mcS", "Hz", "lx", "appleEffortScore", "deg", "rad", "m/s", "km/hr",
        "mi/hr", "ft/s", "m/s^2", "m^3", "1/s", "kcal/hr·kg", "mL/min·kg", "mL/kg·min", "ml/(kg*min)",
        "mL/(kg.min)", "kg*m^2*s^-3", "L/min", "count/s",
        "pg", "ng", "cL", "dL", "dam", "hL", "kJ", "MJ", "GHz", "THz", "fs",
    ]

    @Test("every HealthKit unit string in the list parses", arguments: accepted)
    func parses(_ string: String) throws {
        let parsed = try unit(string)
        #expect(!parsed.unitString.isEmpty)
        #expect(try unit(parsed.unitString) == parsed, "canonical spelling parses back to itself")
    }

    @Test func canonicalSpellings() throws {
        #expect(try unit("kcal").unitString == "kcal")
        #expect(try unit("Cal").unitString == "Cal")
        #expect(try unit("count/min").unitString == "count/min")
        #expect(try unit("mg/dl").unitString == "mg/dL")
        #expect(try unit("µg").unitString == "mcg")
        #expect(try unit("ml/(kg*min)").unitString == "mL/min·kg")
        #expect(try unit("mL/kg·min").unitString == "mL/min·kg")
        #expect(try unit("kcal/(kg*hr)").unitString == "kcal/hr·kg")
        #expect(try unit("mmol<180.15588000005408>/L").unitString == "mmol<180.1558800000541>/L")
        #expect(try unit("kg*m^2*s^-3").unitString == "kg·m^2/s^3")
        #expect(try unit("m/s^2").unitString == "m/s^2")
        #expect(try unit("m.m").unitString == "m^2")
        #expect(try unit("m/m") == .count)
    }

    @Test func divisionBindsLooserThanMultiplication() throws {
        // "mL/min·kg" is mL/(min·kg): 1 mL/min·kg is 0.06 L/hr·kg, not 60 L·kg/hr·... .
        #expect(try unit("mL/min·kg") == unit("mL/(min·kg)"))
        #expect(try unit("mL/min·kg") == unit("ml/(kg*min)"))
    }

    @Test(
        "bad strings throw invalidUnit naming the string",
        arguments: [
            "furlongs", "", "kg/", "count/min/", "kg/m/s", "/kg", "mmol/L", "mol<abc>/L",
            "mol<-5>", "(kg", "kg)", "m^", "m^0", "m^x", "kg m", "KG", "h", "mcount", "xg",
        ])
    func rejects(_ string: String) {
        do {
            _ = try HealthUnit(parsing: string)
            Issue.record("'\(string)' parsed but should not")
        } catch {
            #expect(error.code == .invalidUnit)
            #expect(error.message.contains("'\(string)'"))
        }
    }

    @Test func cacheReturnsEqualUnits() throws {
        let first = try unit("mL/min·kg")
        let second = try unit("mL/min·kg")
        #expect(first == second)
        #expect(first.info === second.info, "second parse is served from the cache")
        #expect(first.hashValue == second.hashValue)
    }

    @Test func parsingIsSafeFromManyThreads() async throws {
        let strings = Self.accepted
        let results = try await withThrowingTaskGroup(of: Bool.self) { group in
            for index in 0..<200 {
                group.addTask {
                    let string = strings[index % strings.count]
                    return try HealthUnit(parsing: string) == HealthUnit(parsing: string)
                }
            }
            return try await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(results.allSatisfy { $0 })
    }
}

@Suite("HealthUnit conversion")
struct HealthUnitConversionTests {
    @Test func energy() throws {
        #expect(close(try convert(1, "kcal", "kJ"), 4.184))
        #expect(close(try convert(4.184, "kJ", "kcal"), 1))
        #expect(try convert(250, "Cal", "kcal") == 250)
        #expect(HealthUnit.largeCalorie.isCompatible(with: .kilocalorie))
        #expect(HealthUnit.largeCalorie != HealthUnit.kilocalorie, "equality is by unit string")
        #expect(close(try convert(1, "kcal", "cal"), 1000))
    }

    @Test func massLengthTimeVolume() throws {
        #expect(close(try convert(1, "lb", "kg"), 0.45359237))
        #expect(close(try convert(1, "mi", "m"), 1609.344))
        #expect(close(try convert(2, "hr", "min"), 120))
        #expect(close(try convert(1500, "ms", "s"), 1.5))
        #expect(close(try convert(250, "mL", "L"), 0.25))
        #expect(close(try convert(1, "µg", "mg"), 0.001))
        #expect(close(try convert(1, "d", "hr"), 24))
        #expect(close(try convert(12, "in", "ft"), 1))
    }

    @Test("temperatures", arguments: [(0.0, 32.0), (37, 98.6), (100, 212), (-40, -40)])
    func temperatures(_ celsius: Double, _ fahrenheit: Double) throws {
        #expect(close(try convert(celsius, "degC", "degF"), fahrenheit))
        #expect(close(try convert(fahrenheit, "degF", "degC"), celsius))
        #expect(close(try convert(celsius, "degC", "K"), celsius + 273.15))
    }

    @Test func compoundTemperatureIsAnInterval() throws {
        #expect(close(try convert(9, "degF/hr", "degC/hr"), 5))
        #expect(!HealthUnit.degreeCelsius.isCompatible(with: try unit("degF·count")))
        #expect(throws: VitalsError.self) { try convert(1, "degC", "degF·count") }
    }

    @Test func bloodGlucose() throws {
        let molar = "mmol<180.15588000005408>/L"
        #expect(close(try convert(5.5, molar, "mg/dL"), 99.0857, tolerance: 1e-5))
        #expect(close(try convert(99.0857340000, "mg/dL", molar), 5.5, tolerance: 1e-8))
        #expect(close(try convert(5.5, "mmol<180.1558800000541>/L", molar), 5.5))
        #expect(
            close(
                try HealthUnit.millimolesGlucosePerLiter.convert(1, to: .milligramsPerDeciliter),
                18.015588, tolerance: 1e-9))
    }

    @Test func rates() throws {
        #expect(close(try convert(60, "count/min", "count/s"), 1))
        #expect(close(try convert(2, "count/s", "count/min"), 120))
        #expect(close(try convert(45, "mL/min·kg", "L/hr·kg"), 2.7))
        #expect(close(try convert(2.7, "L/(kg*hr)", "mL/min·kg"), 45))
        #expect(close(try convert(36, "km/hr", "m/s"), 10))
        #expect(close(try convert(1, "1/s", "Hz"), 1))
    }

    @Test func percentIsAFractionLikeCount() throws {
        #expect(try convert(0.5, "%", "count") == 0.5)
        #expect(try convert(0.97, "count", "%") == 0.97)
        #expect(HealthUnit.percent.isCompatible(with: .count))
    }

    @Test func pressure() throws {
        #expect(close(try convert(760, "mmHg", "atm"), 1, tolerance: 1e-6))
        #expect(close(try convert(1, "kPa", "Pa"), 1000))
        #expect(close(try convert(1, "inHg", "mmHg"), 25.4))
    }

    @Test func incompatibleConversionsThrow() throws {
        let error = #expect(throws: VitalsError.self) { try convert(1, "kg", "m") }
        #expect(error?.code == .incompatibleUnit)
        #expect(error?.message.contains("'kg'") == true)
        #expect(error?.message.contains("'m'") == true)
        #expect(!HealthUnit.kilogram.isCompatible(with: .meter))
        #expect(!HealthUnit.count.isCompatible(with: .appleEffortScore))
        #expect(!HealthUnit.decibelHearingLevel.isCompatible(with: .decibelAWeightedSoundPressureLevel))
        #expect(throws: VitalsError.self) { try convert(1, "IU", "mg") }
    }

    @Test func algebra() throws {
        #expect(HealthUnit.count.dividedBy(.minute) == .countPerMinute)
        #expect(
            HealthUnit.milliliter.dividedBy(HealthUnit.kilogram.multipliedBy(.minute))
                == .millilitersPerMinuteKilogram)
        #expect(try HealthUnit.meter.dividedBy(HealthUnit.second.raisedTo(power: 2)) == unit("m/s^2"))
        #expect(HealthUnit.second.reciprocal().unitString == "1/s")
        #expect(HealthUnit.meter.raisedTo(power: 0) == .count)
        #expect(HealthUnit.kilogram.dividedBy(.kilogram) == .count)
    }
}

@Suite("Quantity")
struct QuantityTests {
    @Test func convertsAndChecksCompatibility() throws {
        let energy = Quantity(250, .largeCalorie)
        #expect(try energy.doubleValue(for: .kilocalorie) == 250)
        #expect(close(try energy.doubleValue(for: .kilojoule), 1046))
        #expect(energy.isCompatible(with: .joule))
        #expect(!energy.isCompatible(with: .count))
        #expect(throws: VitalsError.self) { try energy.doubleValue(for: .meter) }
    }

    @Test func codableRoundTrip() throws {
        let quantity = Quantity(1.5, .kilocalorie)
        let data = try JSONEncoder().encode(quantity)
        let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        #expect(object?["unit"] as? String == "kcal")
        #expect(object?["value"] as? Double == 1.5)
        #expect(try JSONDecoder().decode(Quantity.self, from: data) == quantity)

        let vo2 = Quantity(48.5, try unit("ml/(kg*min)"))
        let decoded = try JSONDecoder().decode(Quantity.self, from: JSONEncoder().encode(vo2))
        #expect(decoded.unit.unitString == "mL/min·kg")
        #expect(decoded == vo2)
    }

    @Test func unitCodableRoundTripAndBadUnit() throws {
        let units: [HealthUnit] = [.count, .percent, .millimolesGlucosePerLiter, .degreeFahrenheit]
        let decoded = try JSONDecoder().decode([HealthUnit].self, from: JSONEncoder().encode(units))
        #expect(decoded == units)
        let bad = Data(#"{"value": 1, "unit": "furlongs"}"#.utf8)
        let error = #expect(throws: VitalsError.self) { try JSONDecoder().decode(Quantity.self, from: bad) }
        #expect(error?.code == .invalidUnit)
        #expect(error?.message.contains("furlongs") == true)
        #expect(error?.message.contains("1") == false, "messages carry no values")
    }
}
