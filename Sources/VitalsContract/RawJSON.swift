import Foundation
import VitalsCore

/// Any JSON value, decoded and encoded as is: what a request carries whose shape belongs to
/// someone else (a device's raw HealthKit reading in a journey sync, ``HealthSyncRequest/RawData``),
/// kept without a change when members are added there later.
public enum RawJSON: Sendable, Hashable, Codable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([RawJSON])
    case object([String: RawJSON])

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
        } else if let value = try? container.decode([RawJSON].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: RawJSON].self))
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

    /// The value's JSON text: compact, keys sorted (how the server stores it and measures it).
    ///
    /// Written by hand (every write request's ingest log entry holds three such texts, and
    /// `JSONEncoder` cost more than the rest of the entry): numbers as ``VitalsCore/JSONText``
    /// writes them, NaN and infinities as `null`.
    public var text: String {
        var out: [UInt8] = []
        out.reserveCapacity(32)
        append(to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends the value's JSON text to `out`.
    private func append(to out: inout [UInt8]) {
        switch self {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let value): out.append(contentsOf: (value ? "true" : "false").utf8)
        case .number(let value): JSONText.appendNumber(value, to: &out)
        case .string(let value): JSONText.appendString(value, to: &out)
        case .array(let values):
            out.append(UInt8(ascii: "["))
            for (index, value) in values.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                value.append(to: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            for (index, key) in members.keys.sorted().enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                JSONText.appendString(key, to: &out)
                out.append(UInt8(ascii: ":"))
                members[key]!.append(to: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    /// A value from stored JSON text; `.null` for text that is not JSON.
    public init(text: String) {
        self = (try? JSONDecoder().decode(RawJSON.self, from: Data(text.utf8))) ?? .null
    }
}
