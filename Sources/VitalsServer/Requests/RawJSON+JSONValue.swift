import VitalsContract
import VitalsCore

extension RawJSON {
    /// A parsed request value as it is kept (a member repeated in an object keeps its last value,
    /// as the request reader reads it).
    init(_ value: JSONValue) {
        switch value {
        case .null: self = .null
        case .bool(let flag): self = .bool(flag)
        case .number(let number): self = .number(number)
        case .string(let text): self = .string(text)
        case .array(let items): self = .array(items.map(RawJSON.init))
        case .object(let object): self = .object(Self.members(of: object))
        }
    }

    /// An object's members, the last value of a repeated one.
    static func members(of object: JSONValue.Object) -> [String: RawJSON] {
        Dictionary(object.members.map { ($0.key, RawJSON($0.value)) }) { $1 }
    }
}
