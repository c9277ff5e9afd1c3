import Foundation
import VitalsCore

/// GPS points for tests.
enum RouteFixture {
    /// A loop of 40 points around Berlin's Tiergarten, one every 30 s from `start`.
    static func loop(start: Date) -> [RoutePoint] {
        (0..<40).map { index in
            let angle = Double(index) / 40 * 2 * .pi
            return RoutePoint(
                time: start.addingTimeInterval(Double(index) * 30), latitude: 52.5145 + 0.004 * sin(angle),
                longitude: 13.3501 + 0.007 * cos(angle), altitude: 35, speed: 3.1)
        }
    }
}
