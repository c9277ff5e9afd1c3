import Foundation

/// What an edit does to one optional field: keep it, set it, or clear it.
///
/// ``RecordChange`` uses it for the fields a record may lack (a meal's protein, carbohydrates and
/// fat), where `nil` alone could not tell "leave it as it is" from "remove it".
public enum FieldChange<Value: Sendable & Hashable>: Sendable, Hashable {
    /// Leave the field as it is.
    case keep
    /// Give the field this value.
    case set(Value)
    /// Remove the field's value.
    case clear

    /// `.set(value)` for a value, `.keep` for `nil`: an optional input where absence means "unchanged".
    public init(setting value: Value?) {
        self = value.map { .set($0) } ?? .keep
    }

    /// Whether the change leaves the field as it is.
    public var isKeep: Bool { self == .keep }

    /// The change with its value transformed; `.keep` and `.clear` stay as they are.
    public func map<Other, Failure: Error>(
        _ transform: (Value) throws(Failure) -> Other
    ) throws(Failure) -> FieldChange<Other> {
        switch self {
        case .keep: .keep
        case .clear: .clear
        case .set(let value): .set(try transform(value))
        }
    }

    /// The field's value after the change, given its value `current` before it.
    public func applied(to current: Value?) -> Value? {
        switch self {
        case .keep: current
        case .set(let value): value
        case .clear: nil
        }
    }
}
