import Foundation
import VitalsCore

/// One member of a JSON request body: its name, what it may hold, and whether it must be there.
///
/// ``RequestReader`` refuses exactly what a field's rule refuses, and ``OpenAPIDocument`` makes
/// the member's schema from the same field (``schema(days:)``), so the document and the
/// validator cannot disagree. A member that may be left out may also be `null`, which counts
/// as left out; members a body does not declare are ignored (and, for daily metrics, named in
/// the answer).
struct BodyField: Sendable {
    /// What a member may hold.
    enum Rule: Sendable {
        /// A whole number in the range; a fraction is rounded first, halves away from zero, so
        /// `1440.4` is 1440 and `1440.5` is refused.
        case count(ClosedRange<Int>)
        /// A number in the range.
        case number(ClosedRange<Double>)
        /// A string whose length (in Unicode scalars, as JSON Schema counts) is in the range.
        case text(ClosedRange<Int>)
        /// One of these strings.
        case choice([String])
        /// `true` or `false`.
        case boolean
        /// A `YYYY-MM-DD` day in ``BodyDays``.
        case day
        /// A timestamp (see ``BodyDays/instantPattern(through:)``) whose written day is in ``BodyDays``.
        case instant
        /// An object of this shape.
        case object(BodyShape)
        /// An array of objects of this shape.
        case objects(BodyShape)
        /// Any JSON object, kept as sent, whose JSON (compact, keys sorted: ``RawJSON/text``) is
        /// at most this many bytes.
        case rawObject(maximumBytes: Int)
    }

    let name: String
    let rule: Rule
    /// Whether the member must be there (and not `null`).
    var required = false
    /// Said when a value breaks the rule ("a day has 0 to 1440 minutes"); never the value.
    var meaning: String
    /// What the document says about the member beyond its rule.
    var note: String?
    /// A value that passes, for the document's examples.
    var example: JSONValue?

    init(
        _ name: String, _ rule: Rule, required: Bool = false, meaning: String = "", note: String? = nil,
        example: JSONValue? = nil
    ) {
        self.name = name
        self.rule = rule
        self.required = required
        self.meaning = meaning
        self.note = note
        self.example = example
    }

    /// The member's JSON Schema, with days allowed from 1900-01-01 through `days.latest`.
    func schema(days: BodyDays) -> [String: Any] {
        var schema: [String: Any]
        switch rule {
        case .count(let range):
            // What rounds into the range: (lower - 0.5, upper + 0.5).
            schema = [
                "type": "number", "exclusiveMinimum": Double(range.lowerBound) - 0.5,
                "exclusiveMaximum": Double(range.upperBound) + 0.5,
                "description": "A whole number from \(range.lowerBound) to \(range.upperBound); a fraction is "
                    + "rounded to the nearest, halves away from zero",
            ]
        case .number(let range):
            schema = ["type": "number", "minimum": range.lowerBound, "maximum": range.upperBound]
        case .text(let length):
            schema = ["type": "string", "minLength": length.lowerBound, "maxLength": length.upperBound]
        case .choice(let values):
            schema = ["type": "string", "enum": values]
        case .boolean:
            schema = ["type": "boolean"]
        case .day:
            schema = [
                "type": "string", "format": "date", "pattern": days.dayPattern,
                "description": "A day (YYYY-MM-DD) from 1900-01-01 through \(days.latest), the server's "
                    + "tomorrow in UTC (so any user's today)",
            ]
        case .instant:
            schema = [
                "type": "string", "pattern": days.instantPattern,
                "description": "A timestamp with its offset (2025-11-16T07:30:00+01:00; a space may stand "
                    + "for the T, seconds and fractions may be left out); the day as written is from "
                    + "1900-01-01 through \(days.latest)",
            ]
        case .object(let shape):
            schema = shape.schema(days: days)
        case .objects(let shape):
            schema = ["type": "array", "items": shape.schema(days: days)]
        case .rawObject(let maximumBytes):
            // No bound on members or depth: the size is the rule (JSON Schema cannot state it).
            schema = [
                "type": "object",
                "description": "Any JSON object, kept as sent; at most \(maximumBytes) bytes as compact JSON "
                    + "with sorted keys (422 otherwise)",
            ]
        }
        if let note {
            schema["description"] = [schema["description"] as? String, note].compactMap { $0 }.joined(separator: ". ")
        }
        return required ? schema : OpenAPISchemas.nullable(schema)
    }
}
