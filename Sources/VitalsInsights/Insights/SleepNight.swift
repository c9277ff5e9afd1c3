import Foundation
import VitalsCore

/// One night's sleep as the insights read it: the asleep time that ends in the night's window.
///
/// The sleep-analysis samples of every source are merged as HealthKit merges them: asleep time
/// is the union of the asleep stages' intervals, time in bed the union of every sleep-analysis
/// interval (in bed, awake and asleep). The merged asleep intervals form bouts, split where no
/// one is asleep for ``SleepNight/boutGap`` or longer; a bout belongs to the night of the day it
/// ends on, noon to noon on the wall clock of the zone it was recorded in (its samples'
/// `HKTimeZone`, else the reader's calendar), so a night after a flight is read in the zone it
/// was slept in. The longest bout is the main sleep: its start is the bedtime, its gaps the
/// awakenings.
public struct SleepNight: Sendable, Hashable, Codable {
    /// The day the night ends on (its wake time's day).
    public var date: LocalDate
    /// The zone the main sleep was recorded in.
    public var timeZone: String
    /// Seconds asleep: the union of every bout's asleep intervals.
    public var asleepSeconds: Double
    /// Seconds in bed: the union of every sleep-analysis interval of the night (asleep included).
    public var inBedSeconds: Double
    /// The main sleep: the night's longest bout.
    public var main: SleepBout

    /// Gaps without sleep this long or longer split a night into bouts (a nap, the night).
    public static let boutGap: TimeInterval = 2 * 3600
    /// Gaps between asleep intervals shorter than this are not awakenings (stage changes, sensor gaps).
    public static let awakeningMinimum: TimeInterval = 5 * 60

    /// Minutes asleep.
    public var asleepMinutes: Double { asleepSeconds / 60 }
    /// Asleep time as a share of time in bed, in percent (0-100).
    public var efficiency: Double? { inBedSeconds > 0 ? min(100, 100 * asleepSeconds / inBedSeconds) : nil }
}

/// An uninterrupted stretch of sleep: asleep intervals with gaps shorter than ``SleepNight/boutGap``.
public struct SleepBout: Sendable, Hashable, Codable {
    /// When the first asleep interval starts (the bedtime, as the score reads it).
    public var start: Date
    /// When the last asleep interval ends (the wake time).
    public var end: Date
    /// Seconds asleep within the bout.
    public var asleepSeconds: Double
    /// The gaps of ``SleepNight/awakeningMinimum`` or longer between asleep intervals, in order.
    public var awakenings: [DateRange]
    /// The bedtime's minutes after noon on the wall clock of the night's zone (0-1440): 23:30 is
    /// 690, 00:30 is 750, so bedtimes either side of midnight compare as numbers.
    public var bedtimeMinutesAfterNoon: Double

    /// Seconds awake in the awakenings.
    public var awakeSeconds: Double { awakenings.reduce(0) { $0 + $1.duration } }
}
