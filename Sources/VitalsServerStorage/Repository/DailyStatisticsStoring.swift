import Foundation
import VitalsCore
import VitalsStore

/// A repository that keeps each user's merged statistics per day (``DailyStatisticsRow``), so a
/// year of days is read instead of a year of samples.
///
/// Days are kept by user, type, variant (``DailyCachePlan/variant(of:)``) and their start and end
/// instants, so a user's day in another zone is another row. They stay exactly right by
/// invalidation in the transaction of every write that changes the user's samples: inserted or
/// deleted samples delete the days their `[start, end]` touches (``DailyCachePlan/longestDay``
/// before the start included), erasing a user's data deletes all of them, and each of these
/// advances the user's epoch. A read notes the epoch before it reads samples, and the days it
/// computed are stored only if no write of that user came in between
/// (``storeDays(_:of:type:variant:ifEpoch:)``). The server's source order is by name alone, the
/// same whichever sources a day has, so no write of one day makes another day's merge wrong.
package protocol DailyStatisticsStoring: Sendable {
    /// The user's epoch, then the user's stored days of `type` and `variant` starting in `starts` (seconds since 1970).
    func storedDays(
        of user: ServerUser, type: SampleType, variant: String, starting starts: ClosedRange<Double>
    )
        async throws -> StoredDays
    /// Stores computed days unless one of the user's writes advanced the epoch past `epoch`; returns whether it stored them.
    func storeDays(
        _ days: [DailyStatisticsRow], of user: ServerUser, type: SampleType, variant: String,
        ifEpoch epoch: Int64
    ) async throws -> Bool
    /// How many days are stored for the user.
    func storedDayCount(of user: ServerUser) async throws -> Int
    /// Deletes every stored day of the user (they are computed again when asked for).
    func forgetStoredDays(of user: ServerUser) async throws
}

/// A user's stored days of one type and variant, and the epoch read before them.
package struct StoredDays: Sendable {
    /// The user's invalidation epoch when the days were read.
    package var epoch: Int64
    /// The days, by start instant (seconds since 1970).
    package var days: [Double: DailyStatisticsRow]

    /// The days read after `epoch`.
    package init(epoch: Int64, days: [Double: DailyStatisticsRow]) {
        self.epoch = epoch
        self.days = days
    }
}
