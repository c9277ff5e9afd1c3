import Foundation

/// Any JSON value, decoded and encoded as is: what the ingest log keeps of a list whose shape
/// belongs to another part of the server (``HealthService/IngestReport/skipped``), so members
/// added there later are kept without a change here.
public enum LoggedJSON: Sendable, Hashable, Codable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([LoggedJSON])
    case object([String: LoggedJSON])

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([LoggedJSON].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: LoggedJSON].self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    /// An encodable value as JSON (`.null` when it cannot be encoded).
    public init(encoding value: some Encodable) {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        guard let data = try? encoder.encode(value),
              let decoded = try? JSONDecoder().decode(LoggedJSON.self, from: data) else {
            self = .null
            return
        }
        self = decoded
    }

    /// The value's JSON text, keys sorted (how repositories store it).
    public var text: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "null"
    }

    /// A value from stored JSON text; `.null` for text that is not JSON.
    public init(text: String) {
        self = (try? JSONDecoder().decode(LoggedJSON.self, from: Data(text.utf8))) ?? .null
    }
}
