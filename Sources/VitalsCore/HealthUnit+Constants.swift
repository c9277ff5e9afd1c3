import Foundation

/// HealthKit's common units as constants, parsed once.
extension HealthUnit {
    /// Grams per mole of glucose (`HKUnitMolarMassBloodGlucose`).
    public static let molarMassBloodGlucose = 180.15588000005408

    /// A unit from a string known to parse.
    private init(builtIn string: String) {
        do {
            self = try HealthUnit(parsing: string)
        } catch {
            preconditionFailure("built-in unit string does not parse: \(error)")
        }
    }

    /// `count`: a plain number (steps, beats).
    public static let count = HealthUnit(builtIn: "count")
    /// `%`: a fraction from 0.0 to 1.0.
    public static let percent = HealthUnit(builtIn: "%")
    /// `kcal`: kilocalorie.
    public static let kilocalorie = HealthUnit(builtIn: "kcal")
    /// `Cal`: large (food) calorie, the same size as `kcal`.
    public static let largeCalorie = HealthUnit(builtIn: "Cal")
    /// `cal`: small calorie.
    public static let smallCalorie = HealthUnit(builtIn: "cal")
    /// `J`: joule.
    public static let joule = HealthUnit(builtIn: "J")
    /// `kJ`: kilojoule.
    public static let kilojoule = HealthUnit(builtIn: "kJ")
    /// `s`: second.
    public static let second = HealthUnit(builtIn: "s")
    /// `ms`: millisecond.
    public static let millisecond = HealthUnit(builtIn: "ms")
    /// `min`: minute.
    public static let minute = HealthUnit(builtIn: "min")
    /// `hr`: hour.
    public static let hour = HealthUnit(builtIn: "hr")
    /// `d`: day.
    public static let day = HealthUnit(builtIn: "d")
    /// `kg`: kilogram.
    public static let kilogram = HealthUnit(builtIn: "kg")
    /// `g`: gram.
    public static let gram = HealthUnit(builtIn: "g")
    /// `mg`: milligram.
    public static let milligram = HealthUnit(builtIn: "mg")
    /// `mcg`: microgram.
    public static let microgram = HealthUnit(builtIn: "mcg")
    /// `lb`: pound (0.45359237 kg).
    public static let pound = HealthUnit(builtIn: "lb")
    /// `oz`: ounce.
    public static let ounce = HealthUnit(builtIn: "oz")
    /// `st`: stone.
    public static let stone = HealthUnit(builtIn: "st")
    /// `m`: meter.
    public static let meter = HealthUnit(builtIn: "m")
    /// `km`: kilometer.
    public static let kilometer = HealthUnit(builtIn: "km")
    /// `cm`: centimeter.
    public static let centimeter = HealthUnit(builtIn: "cm")
    /// `mm`: millimeter.
    public static let millimeter = HealthUnit(builtIn: "mm")
    /// `mi`: mile (1609.344 m).
    public static let mile = HealthUnit(builtIn: "mi")
    /// `ft`: foot.
    public static let foot = HealthUnit(builtIn: "ft")
    /// `in`: inch.
    public static let inch = HealthUnit(builtIn: "in")
    /// `yd`: yard.
    public static let yard = HealthUnit(builtIn: "yd")
    /// `mL`: milliliter.
    public static let milliliter = HealthUnit(builtIn: "mL")
    /// `L`: liter.
    public static let liter = HealthUnit(builtIn: "L")
    /// `fl_oz_us`: US fluid ounce.
    public static let fluidOunceUS = HealthUnit(builtIn: "fl_oz_us")
    /// `fl_oz_imp`: imperial fluid ounce.
    public static let fluidOunceImperial = HealthUnit(builtIn: "fl_oz_imp")
    /// `mmHg`: millimeter of mercury (blood pressure).
    public static let millimeterOfMercury = HealthUnit(builtIn: "mmHg")
    /// `kPa`: kilopascal.
    public static let kilopascal = HealthUnit(builtIn: "kPa")
    /// `degC`: degree Celsius.
    public static let degreeCelsius = HealthUnit(builtIn: "degC")
    /// `degF`: degree Fahrenheit.
    public static let degreeFahrenheit = HealthUnit(builtIn: "degF")
    /// `K`: kelvin.
    public static let kelvin = HealthUnit(builtIn: "K")
    /// `count/min`: beats or breaths per minute.
    public static let countPerMinute = HealthUnit(builtIn: "count/min")
    /// `count/s`: events per second.
    public static let countPerSecond = HealthUnit(builtIn: "count/s")
    /// `mg/dL`: milligrams per deciliter (blood glucose).
    public static let milligramsPerDeciliter = HealthUnit(builtIn: "mg/dL")
    /// `mmol<180.1558800000541>/L`: millimoles of glucose per liter.
    public static let millimolesGlucosePerLiter = HealthUnit(builtIn: "mmol<180.15588000005408>/L")
    /// `IU`: international unit.
    public static let internationalUnit = HealthUnit(builtIn: "IU")
    /// `dBASPL`: A-weighted sound pressure level.
    public static let decibelAWeightedSoundPressureLevel = HealthUnit(builtIn: "dBASPL")
    /// `dBHL`: hearing level.
    public static let decibelHearingLevel = HealthUnit(builtIn: "dBHL")
    /// `W`: watt.
    public static let watt = HealthUnit(builtIn: "W")
    /// `V`: volt.
    public static let volt = HealthUnit(builtIn: "V")
    /// `S`: siemens (electrodermal activity).
    public static let siemens = HealthUnit(builtIn: "S")
    /// `Hz`: hertz.
    public static let hertz = HealthUnit(builtIn: "Hz")
    /// `lx`: lux.
    public static let lux = HealthUnit(builtIn: "lx")
    /// `appleEffortScore`: Apple's workout effort score (its own dimension).
    public static let appleEffortScore = HealthUnit(builtIn: "appleEffortScore")
    /// `m/s`: meters per second.
    public static let metersPerSecond = HealthUnit(builtIn: "m/s")
    /// `km/hr`: kilometers per hour.
    public static let kilometersPerHour = HealthUnit(builtIn: "km/hr")
    /// `kcal/hr·kg`: METs (physical effort, average METs).
    public static let kilocaloriesPerHourKilogram = HealthUnit(builtIn: "kcal/hr·kg")
    /// `mL/min·kg`: VO2 max.
    public static let millilitersPerMinuteKilogram = HealthUnit(builtIn: "mL/min·kg")
}
