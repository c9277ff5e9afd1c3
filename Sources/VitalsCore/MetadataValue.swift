import Foundation

/// One metadata value (`HKObject.metadata`): a string, number, flag, date or quantity.
///
/// JSON form: strings, numbers and booleans as themselves; a date as `{"date": ISO8601}`;
/// a quantity as `{"value": 1.5, "unit": "kcal"}`.
public enum MetadataValue: Sendable, Hashable {
    case string(String)
    case number(Double)
    case bool(Bool)
    case date(Date)
    case quantity(Quantity)
}

/// Metadata keyed by HealthKit's key strings (`HKMetadataKeyTimeZone`, ...) or app keys.
public typealias Metadata = [String: MetadataValue]

extension MetadataValue: Codable {
    private enum DateKey: String, CodingKey { case date }

    public init(from decoder: any Decoder) throws {
        if let single = try? decoder.singleValueContainer() {
            if let flag = try? single.decode(Bool.self) { self = .bool(flag); return }
            if let number = try? single.decode(Double.self) { self = .number(number); return }
            if let text = try? single.decode(String.self) { self = .string(text); return }
        }
        if let keyed = try? decoder.container(keyedBy: DateKey.self), keyed.contains(.date) {
            let text = try keyed.decode(String.self, forKey: .date)
            guard let date = ISO8601.parse(text) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .date, in: keyed, debugDescription: "metadata date is not ISO 8601 with an offset")
            }
            self = .date(date)
            return
        }
        self = .quantity(try Quantity(from: decoder))
    }

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .string(let text):
            var single = encoder.singleValueContainer()
            try single.encode(text)
        case .number(let number):
            var single = encoder.singleValueContainer()
            try single.encode(number)
        case .bool(let flag):
            var single = encoder.singleValueContainer()
            try single.encode(flag)
        case .date(let date):
            var keyed = encoder.container(keyedBy: DateKey.self)
            try keyed.encode(ISO8601.format(date, in: .gmt), forKey: .date)
        case .quantity(let quantity):
            try quantity.encode(to: encoder)
        }
    }
}

extension MetadataValue {
    /// HealthKit's key for the IANA time zone a sample was recorded in.
    public static let timeZoneKey = "HKTimeZone"
}
