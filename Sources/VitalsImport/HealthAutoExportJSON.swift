/// A JSON value as the Health Auto Export parser reads it.
///
/// Vitals parses the app's documents itself (``HealthAutoExportJSONParser``) instead of with
/// `JSONSerialization`: on Linux that bridges every object and array through `NSDictionary` and
/// `NSArray`, which costs several times more than the rest of the import, cannot tell `1` from
/// `true` without Objective-C type codes, and does not say where a syntax error is.
enum HealthAutoExportJSON: Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([HealthAutoExportJSON])
    case object(Object)

    /// A JSON object's members in document order. Lookups scan from the end, so a repeated key
    /// means its last value, as in most JSON readers. The app's objects have a handful of
    /// members, where a scan beats hashing.
    struct Object: Sendable {
        var members: [(key: String, value: HealthAutoExportJSON)]

        init(_ members: [(key: String, value: HealthAutoExportJSON)] = []) { self.members = members }

        /// The value of member `key`, or nil when there is none.
        subscript(key: String) -> HealthAutoExportJSON? {
            for index in members.indices.reversed() where members[index].key == key {
                return members[index].value
            }
            return nil
        }

        /// Each member name once, sorted (for reports that must not depend on member order).
        var sortedKeys: [String] { Array(Set(members.map(\.key))).sorted() }
    }

    /// What the value is, for messages: "a string", "an array"...
    var kindName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}
