import Foundation
import VitalsCore

/// The members of one JSON object in a request body, as ``BodyField``s.
struct BodyShape: Sendable {
    let fields: [BodyField]
    /// Other spellings of members, as `alias: name` (`sleepMinutes: sleep_minutes`); a member
    /// given under both spellings is refused.
    var aliases: [String: String] = [:]
    /// Each field's position in ``fields`` by name (read on every request).
    private let positions: [String: Int]

    init(_ fields: [BodyField], aliases: [String: String] = [:]) {
        self.fields = fields
        self.aliases = aliases
        positions = Dictionary(
            fields.enumerated().map { ($0.element.name, $0.offset) }, uniquingKeysWith: { first, _ in first })
    }

    /// The field named `name`; a programming error when there is none.
    subscript(_ name: String) -> BodyField {
        guard let position = positions[name] else { preconditionFailure("no field \(name)") }
        return fields[position]
    }

    /// The paths of `object`'s members that are neither a field nor an alias of one, in body
    /// order, each once (`step_count`, `[1].step_count`): what a reader ignores.
    func unknownMembers(of object: JSONObjectReader) -> [String] {
        var unknown: [String] = []
        for member in object.fields.members
        where positions[member.key] == nil && aliases[member.key] == nil {
            let path = object.fieldPath(member.key)
            if !unknown.contains(path) { unknown.append(path) }
        }
        return unknown
    }

    /// The object's JSON Schema: every field (and alias) with its rule and the required members;
    /// that a member is not given under both spellings is said in the description.
    func schema(days: BodyDays) -> [String: Any] {
        var properties: [String: Any] = [:]
        for field in fields { properties[field.name] = field.schema(days: days) }
        for (alias, name) in aliases {
            var schema = self[name].schema(days: days)
            schema["description"] = "\(name), in camelCase"
            properties[alias] = schema
        }
        var schema: [String: Any] = ["type": "object", "properties": properties]
        let required = fields.filter(\.required).map(\.name)
        if !required.isEmpty { schema["required"] = required }
        if !aliases.isEmpty {
            // Not as `not: {required: [a, b]}`: schemathesis cannot generate from it.
            schema["description"] = "A member given in both spellings (sleep_minutes and sleepMinutes) is refused (422)"
        }
        let examples = fields.compactMap { field in field.example.map { (field.name, $0) } }
        if !examples.isEmpty {
            schema["example"] = Dictionary(uniqueKeysWithValues: examples.map { ($0.0, $0.1.foundationValue) })
        }
        return schema
    }
}

extension JSONValue {
    /// The value as `JSONSerialization` takes it.
    var foundationValue: Any {
        switch self {
        case .null: NSNull()
        case .bool(let value): value
        case .number(let value): value
        case .string(let value): value
        case .array(let items): items.map(\.foundationValue)
        case .object(let object): Dictionary(object.members.map { ($0.key, $0.value.foundationValue) }) { $1 }
        }
    }
}
