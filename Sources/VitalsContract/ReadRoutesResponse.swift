import Foundation
import VitalsCore

/// `GET /api/v1/workouts/{uuid}/routes`' answer: the workout's routes in the export's order,
/// each route's points by time; empty for an unknown workout or one without routes.
public struct ReadRoutesResponse: Sendable, Hashable, Codable {
    /// Each route's points, by time.
    public var routes: [[RoutePoint]]

    public init(routes: [[RoutePoint]]) { self.routes = routes }
}
