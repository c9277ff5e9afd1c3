import Foundation
import VitalsCore

/// A workout's route drawn from its GPS points as an SVG polyline: no map tiles (a server may
/// have no internet), north up, distances true in both directions around the route's latitude.
struct RouteMap: Sendable {
    /// The workout's routes, each route's points in time order.
    var routes: [[RoutePoint]]
    /// The id prefix (unique on the page).
    var key: String
    /// `Running`: what the title calls the route.
    var label: String
    var calendar: Calendar

    static let width = 320.0, height = 220.0, margin = 10.0

    /// Each route's points projected into the drawing: x east, y south.
    func projected() -> [[(x: Double, y: Double)]] {
        let all = routes.joined()
        guard let minLat = all.map(\.latitude).min(), let maxLat = all.map(\.latitude).max(),
            let minLon = all.map(\.longitude).min(), let maxLon = all.map(\.longitude).max()
        else { return [] }
        // Equirectangular around the middle latitude: a degree of longitude is cos(latitude) as long.
        let scaleX = cos((minLat + maxLat) / 2 * .pi / 180)
        let spanX = max((maxLon - minLon) * scaleX, 1e-9), spanY = max(maxLat - minLat, 1e-9)
        let scale = min((Self.width - 2 * Self.margin) / spanX, (Self.height - 2 * Self.margin) / spanY)
        let offsetX = (Self.width - spanX * scale) / 2, offsetY = (Self.height - spanY * scale) / 2
        return routes.map { route in
            route.map { point in
                (
                    x: offsetX + (point.longitude - minLon) * scaleX * scale,
                    y: offsetY + (maxLat - point.latitude) * scale
                )
            }
        }
    }

    func render() -> HTML {
        let count = routes.reduce(0) { $0 + $1.count }
        guard count > 1, let first = routes.first(where: { !$0.isEmpty })?.first,
            let last = routes.last(where: { !$0.isEmpty })?.last
        else { return .empty }
        let lines = projected()
        let titleID = "\(key)-route-title"
        let summary =
            "Route of the \(label.lowercased()) from \(DisplayFormat.clock(first.time, in: calendar)) to \(DisplayFormat.clock(last.time, in: calendar)), \(count) points"
        return Tag.figure(.class("chart route"), .data("chart", "route"), .data("points", String(count))) {
            Tag.svg(.viewBox(width: Self.width, height: Self.height), .role("img"), .ariaLabelledBy(titleID)) {
                Tag.title(.id(titleID)) { summary }
                for line in lines where line.count > 1 {
                    Tag.polyline(.class("route-line"), .points(line))
                }
                if let start = lines.first(where: { !$0.isEmpty })?.first {
                    Tag.circle(.class("route-start"), .cx(start.x), .cy(start.y), .r(4)) { Tag.title { "Start" } }
                }
                if let end = lines.last(where: { !$0.isEmpty })?.last {
                    Tag.circle(.class("route-end"), .cx(end.x), .cy(end.y), .r(4)) { Tag.title { "End" } }
                }
            }
            Tag.figcaption { summary }
            Tag.details {
                Tag.summary { "Route as a table" }
                Tag.table {
                    Tag.thead {
                        Tag.tr {
                            Tag.th(.scope("col")) { "" }; Tag.th(.scope("col")) { "Time" }
                            Tag.th(.scope("col")) { "Latitude" }; Tag.th(.scope("col")) { "Longitude" }
                        }
                    }
                    Tag.tbody {
                        row("Start", first)
                        row("End", last)
                    }
                }
            }
        }
    }

    private func row(_ label: String, _ point: RoutePoint) -> HTML {
        Tag.tr {
            Tag.th(.scope("row")) { label }
            Tag.td { DisplayFormat.clock(point.time, in: calendar) }
            Tag.td { DisplayFormat.number(point.latitude, digits: 5) }
            Tag.td { DisplayFormat.number(point.longitude, digits: 5) }
        }
    }
}
