import Foundation

/// One attribute of an element: a name fixed in code and a value escaped when written.
public struct Attribute: Sendable, Hashable {
    /// The attribute's name; only this module's constants and ``data(_:_:)`` make one.
    let name: String
    /// The value, unescaped; `nil` for a boolean attribute written bare (`open`).
    let value: String?

    private init(_ name: String, _ value: String?) {
        self.name = name
        self.value = value
    }

    /// ` name="value"`, the value escaped.
    var markup: String {
        guard let value else { return " " + name }
        return " \(name)=\"\(HTML.escape(value))\""
    }

    /// `data-NAME`: `name` must be lowercase letters, digits and hyphens (checked), the value is escaped.
    public static func data(_ name: String, _ value: String) -> Attribute {
        precondition(
            !name.isEmpty
                && name.utf8.allSatisfy { (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == 0x2D },
            "data attribute names are lowercase letters, digits and hyphens")
        return Attribute("data-" + name, value)
    }

    /// A number as an attribute value, at most two decimals, no trailing zeros (SVG coordinates).
    static func number(_ name: String, _ value: Double) -> Attribute { Attribute(name, Self.format(value)) }

    /// `value` with at most two decimals and no trailing zeros; `0` for a value that is not finite.
    static func format(_ value: Double) -> String {
        guard value.isFinite, abs(value) < 1e12 else { return "0" }
        let rounded = (value * 100).rounded() / 100
        if rounded == 0 { return "0" }
        if rounded == rounded.rounded() { return String(Int64(rounded)) }
        var text = String(format: "%.2f", rounded)
        while text.hasSuffix("0") { text.removeLast() }
        return text
    }

    // HTML
    public static func `class`(_ value: String) -> Attribute { Attribute("class", value) }
    public static func id(_ value: String) -> Attribute { Attribute("id", value) }
    public static func href(_ value: String) -> Attribute { Attribute("href", value) }
    public static func rel(_ value: String) -> Attribute { Attribute("rel", value) }
    public static func lang(_ value: String) -> Attribute { Attribute("lang", value) }
    public static func charset(_ value: String) -> Attribute { Attribute("charset", value) }
    public static func name(_ value: String) -> Attribute { Attribute("name", value) }
    public static func content(_ value: String) -> Attribute { Attribute("content", value) }
    public static func scope(_ value: String) -> Attribute { Attribute("scope", value) }
    public static func datetime(_ value: String) -> Attribute { Attribute("datetime", value) }
    public static func role(_ value: String) -> Attribute { Attribute("role", value) }
    public static func title(_ value: String) -> Attribute { Attribute("title", value) }
    public static func ariaLabel(_ value: String) -> Attribute { Attribute("aria-label", value) }
    public static func ariaLabelledBy(_ value: String) -> Attribute { Attribute("aria-labelledby", value) }
    public static func ariaCurrent(_ value: String) -> Attribute { Attribute("aria-current", value) }
    public static func ariaHidden() -> Attribute { Attribute("aria-hidden", "true") }

    // Forms
    public static func type(_ value: String) -> Attribute { Attribute("type", value) }
    public static func method(_ value: String) -> Attribute { Attribute("method", value) }
    public static func action(_ value: String) -> Attribute { Attribute("action", value) }
    public static func value(_ value: String) -> Attribute { Attribute("value", value) }
    /// `for`: the id of the control a label names.
    public static func `for`(_ value: String) -> Attribute { Attribute("for", value) }
    public static func autocomplete(_ value: String) -> Attribute { Attribute("autocomplete", value) }
    public static func required() -> Attribute { Attribute("required", nil) }
    public static func autofocus() -> Attribute { Attribute("autofocus", nil) }
    public static func selected() -> Attribute { Attribute("selected", nil) }
    public static func src(_ value: String) -> Attribute { Attribute("src", value) }
    /// `defer`: a script that runs once the document is parsed.
    public static func deferred() -> Attribute { Attribute("defer", nil) }
    /// `step`: a number or time field's granularity (`any`, `1` for seconds).
    public static func step(_ value: String) -> Attribute { Attribute("step", value) }
    /// `inputmode`: the keyboard a phone shows (`decimal`).
    public static func inputMode(_ value: String) -> Attribute { Attribute("inputmode", value) }
    /// `aria-describedby`: the ids of the elements describing a control (its error message).
    public static func ariaDescribedBy(_ value: String) -> Attribute { Attribute("aria-describedby", value) }
    /// `aria-invalid="true"`: the control's value was refused.
    public static func ariaInvalid() -> Attribute { Attribute("aria-invalid", "true") }

    // SVG
    public static func viewBox(width: Double, height: Double) -> Attribute {
        Attribute("viewBox", "0 0 \(format(width)) \(format(height))")
    }
    public static func x(_ value: Double) -> Attribute { number("x", value) }
    public static func y(_ value: Double) -> Attribute { number("y", value) }
    public static func x1(_ value: Double) -> Attribute { number("x1", value) }
    public static func y1(_ value: Double) -> Attribute { number("y1", value) }
    public static func x2(_ value: Double) -> Attribute { number("x2", value) }
    public static func y2(_ value: Double) -> Attribute { number("y2", value) }
    public static func cx(_ value: Double) -> Attribute { number("cx", value) }
    public static func cy(_ value: Double) -> Attribute { number("cy", value) }
    public static func r(_ value: Double) -> Attribute { number("r", value) }
    public static func width(_ value: Double) -> Attribute { number("width", value) }
    public static func height(_ value: Double) -> Attribute { number("height", value) }
    public static func strokeDasharray(_ dash: Double, _ gap: Double) -> Attribute {
        Attribute("stroke-dasharray", "\(format(dash)) \(format(gap))")
    }
    public static func transform(_ value: String) -> Attribute { Attribute("transform", value) }
    public static func textAnchor(_ value: String) -> Attribute { Attribute("text-anchor", value) }
    public static func focusable() -> Attribute { Attribute("tabindex", "0") }

    /// `points` of a polyline or polygon: `x,y x,y ...`.
    public static func points(_ points: [(x: Double, y: Double)]) -> Attribute {
        Attribute("points", points.map { "\(format($0.x)),\(format($0.y))" }.joined(separator: " "))
    }
}
