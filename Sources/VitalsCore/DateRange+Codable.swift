import Foundation

/// A range as `{"start": …, "end": …}`; decoding refuses an end before the start.
extension DateRange: Codable {
    private enum CodingKeys: String, CodingKey { case start, end }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let start = try container.decode(Date.self, forKey: .start)
        let end = try container.decode(Date.self, forKey: .end)
        guard start <= end else {
            throw DecodingError.dataCorruptedError(
                forKey: .end, in: container, debugDescription: "the end comes before the start")
        }
        self.init(clampingStart: start, end: end)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(start, forKey: .start)
        try container.encode(end, forKey: .end)
    }
}
