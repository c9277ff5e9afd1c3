/// A JSON value as Vitals' own reader parses it (Health Auto Export documents, server requests).
///
/// Vitals parses JSON itself (``JSONValue/parse(_:file:)``) instead of with
/// `JSONSerialization`: on Linux that bridges every object and array through `NSDictionary` and
/// `NSArray`, which costs several times more than the rest of the import, cannot tell `1` from
/// `true` without Objective-C type codes, and does not say where a syntax error is.
public enum JSONValue: Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object(Object)

    /// A JSON object's members in document order. Lookups scan from the end, so a repeated key
    /// means its last value, as in most JSON readers. The app's objects have a handful of
    /// members, where a scan beats hashing.
    public struct Object: Sendable {
        public var members: [(key: String, value: JSONValue)]

        public init(_ members: [(key: String, value: JSONValue)] = []) { self.members = members }

        /// The value of member `key`, or nil when there is none.
        public subscript(key: String) -> JSONValue? {
            for index in members.indices.reversed() where members[index].key == key {
                return members[index].value
            }
            return nil
        }

        /// Each member name once, sorted (for reports that must not depend on member order).
        public var sortedKeys: [String] { Array(Set(members.map(\.key))).sorted() }
    }

    /// What the value is, for messages: "a string", "an array"...
    public var kindName: String {
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
