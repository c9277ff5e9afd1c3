import Foundation
import VitalsCore

/// `GET /api/v1/activity-summaries`' answer: the Activity rings of the days asked for, oldest day first.
public struct ReadActivitySummariesResponse: Sendable, Hashable, Codable {
    /// Oldest day first.
    public var activitySummaries: [ActivitySummary]

    public init(activitySummaries: [ActivitySummary]) { self.activitySummaries = activitySummaries }
}
