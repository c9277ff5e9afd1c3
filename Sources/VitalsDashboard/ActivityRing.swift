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
    /// Whether ``goal`` is one of ``ActivityGoals``' defaults rather than the user's own.
    var isDefaultGoal = false
    /// Why the ring's type could not be read, if it could not (the value is then unknown, not zero).
    var access: ReadAccess? = nil

    /// The share of the goal reached, 0 when there is no goal.
    var fraction: Double {
        guard let goal, goal > 0, let value else { return 0 }
        return max(0, value / goal)
    }

    var summary: String {
        if let access { return "\(label): \(access.headline.lowercased()). \(access.advice(for: label))" }
        let shown = value.map { "\(display($0)) \(unit)" } ?? "no data"
        guard let goal, goal > 0 else { return "\(label): \(shown), no goal set" }
        let kind = isDefaultGoal ? "default goal" : "goal"
        guard let value else { return "\(label): no data, \(kind) \(display(goal)) \(unit)" }
        let shownGoal = isDefaultGoal ? "\(display(goal)) \(unit) (default goal)" : "\(display(goal)) \(unit)"
        return "\(label): \(display(value)) of \(shownGoal) (\(Int((fraction * 100).rounded()))%)"
    }

    /// The percentage of the goal, or the value when there is no goal.
    var centerText: String {
        if access != nil { return "?" }
        if let goal, goal > 0 { return "\(Int((fraction * 100).rounded()))%" }
        return value.map { display($0) } ?? "–"
    }

    func render() -> HTML {
        let radius = 40.0
        let circumference = 2 * Double.pi * radius
        let titleID = "ring-\(key)-title"
        var attributes: [Attribute] = [.class("ring ring-\(key)"), .data("ring", key)]
        if let value { attributes.append(.data("value", DisplayFormat.exact(value))) }
        if let access { attributes.append(.data("access", access.rawValue)) }
        if let goal {
            attributes.append(.data("goal", DisplayFormat.exact(goal)))
            attributes.append(.data("goal-source", isDefaultGoal ? "default" : "summary"))
        }
        return Tag.figure(attributes: attributes) {
            Tag.svg(.viewBox(width: 100, height: 100), .role("img"), .ariaLabelledBy(titleID)) {
                Tag.title(.id(titleID)) { summary }
                Tag.circle(.class("track"), .cx(50), .cy(50), .r(radius))
                if fraction > 0 {
                    Tag.circle(
                        .class("progress"), .cx(50), .cy(50), .r(radius),
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
