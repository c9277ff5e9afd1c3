/// One number on a page: its label, its value as people read it, and the exact value in `data-value`.
///
/// `data-metric` names the figure and `data-value` holds the statistics query's value exactly
/// (canonical unit: count, m, kcal, min, count/min, ms), so tests and scripts read what the page
/// shows without parsing formatted text. A type the user may not read says so instead of a zero:
/// which authorization state applies (`data-access`) and what to do about it.
struct FigureCard: Sendable {
    /// The figure's key, for `data-metric`: `steps`, `distance`...
    var metric: String
    /// What people read above the number.
    var label: String
    var reading: Reading
    /// The canonical unit of `data-value`.
    var unit: String
    /// The value as people read it.
    var display: @Sendable (Double) -> String
    /// A line under the number (a goal), if any.
    var note: String?

    func render() -> HTML {
        var attributes: [Attribute] = [.class("figure"), .data("metric", metric), .data("unit", unit)]
        if let value = reading.value { attributes.append(.data("value", DisplayFormat.exact(value))) }
        return Tag.div(attributes: attributes) {
            Tag.h3 { label }
            if reading.isUnreadable {
                let access = reading.access ?? .denied
                Tag.p(.class("value muted"), .data("state", "unreadable"), .data("access", access.rawValue)) {
                    access.headline
                }
                Tag.p(.class("note access")) { access.advice(for: label) }
            } else if let value = reading.value {
                Tag.p(.class("value")) { display(value) }
            } else {
                Tag.p(.class("value muted"), .data("state", "none")) { "No data" }
            }
            if let origin = reading.origin, reading.value != nil {
                Tag.p(.class("note origin"), .data("origin", reading.originKind)) { origin }
            }
            if let note { Tag.p(.class("note")) { note } }
        }
    }
}
