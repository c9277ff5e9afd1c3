/// A figure, or why there is none: a missing input never reads as a zero.
///
/// JSON: `{"value": …}` or `{"missing": "why"}`.
public enum Insight<Value: Sendable & Hashable & Codable>: Sendable, Hashable, Codable {
    case value(Value)
    case missing(String)

    /// The figure, when there is one.
    public var value: Value? {
        if case .value(let value) = self { value } else { nil }
    }

    /// Why there is no figure, when there is none.
    public var missingReason: String? {
        if case .missing(let reason) = self { reason } else { nil }
    }

    private enum CodingKeys: String, CodingKey { case value, missing }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let reason = try container.decodeIfPresent(String.self, forKey: .missing) {
            self = .missing(reason)
        } else {
            self = .value(try container.decode(Value.self, forKey: .value))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .value(let value): try container.encode(value, forKey: .value)
        case .missing(let reason): try container.encode(reason, forKey: .missing)
        }
    }
}
