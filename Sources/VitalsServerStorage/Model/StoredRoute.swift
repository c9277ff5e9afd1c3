import Foundation
import VitalsCore

/// One route of a user's workout (`route_points` rows): the workout's UUID, the route's index
/// among the workout's routes (its position in the export, as the local store numbers it) and
/// its points by time.
public struct StoredRoute: Sendable, Hashable, Codable {
    /// The UUID of the workout sample the route belongs to.
    public var workout: UUID
    public var index: Int
    public var points: [RoutePoint]

    public init(workout: UUID, index: Int, points: [RoutePoint]) {
        self.workout = workout
        self.index = index
        self.points = points
    }
}
