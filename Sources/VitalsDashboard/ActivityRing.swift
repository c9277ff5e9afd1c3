import Foundation

/// One Activity ring (move, exercise or stand) drawn as SVG: the day's value against its goal.
///
/// Without a goal (no activity summary for the day) the ring is an empty track and the value
/// stands alone; the `<title>` says which, for screen readers.
struct ActivityRing: Sendable {
    /// `move`, `exercise` or `stand`: the element's id and `data-ring`.
    var key: String
    var label: String
    var value: Double?
    var goal: Double?
    /// The unit people read (`kcal`, `min`, `h`).
    var unit: String
    var display: @Sendable (Double) -> String

    /// The share of the goal reached, 0 when there is no goal.
    var fraction: Double {
        guard let goal, goal > 0, let value else { return 0 }
        return max(0, value / goal)
    }

    var summary: String {
        let shown = value.map { "\(display($0)) \(unit)" } ?? "no data"
        guard let goal, goal > 0 else { return "\(label): \(shown), no goal set" }
        guard let value else { return "\(label): no data, goal \(display(goal)) \(unit)" }
        return "\(label): \(display(value)) of \(display(goal)) \(unit) (\(Int((fraction * 100).rounded()))%)"
    }

    /// The percentage of the goal, or the value when there is no goal.
    var centerText: String {
        if let goal, goal > 0 { return "\(Int((fraction * 100).rounded()))%" }
        return value.map { display($0) } ?? "–"
    }

    func render() -> HTML {
        let radius = 40.0
        let circumference = 2 * Double.pi * radius
        let titleID = "ring-\(key)-title"
        var attributes: [Attribute] = [.class("ring ring-\(key)"), .data("ring", key)]
        if let value { attributes.append(.data("value", DisplayFormat.exact(value))) }
        if let goal { attributes.append(.data("goal", DisplayFormat.exact(goal))) }
        return Tag.figure(attributes: attributes) {
            Tag.svg(.viewBox(width: 100, height: 100), .role("img"), .ariaLabelledBy(titleID)) {
                Tag.title(.id(titleID)) { summary }
                Tag.circle(.class("track"), .cx(50), .cy(50), .r(radius))
                if fraction > 0 {
                    Tag.circle(.class("progress"), .cx(50), .cy(50), .r(radius),
                               .strokeDasharray(min(fraction, 1) * circumference, circumference),
                               .transform("rotate(-90 50 50)"))
                }
                Tag.text(.class("ring-label"), .x(50), .y(56), .textAnchor("middle")) {
                    centerText
                }
            }
            Tag.figcaption { summary }
        }
    }
}
