import Foundation
import VitalsCore

/// The read API (`GET /api/v1/types`, `samples`, `statistics`, `sources`, `activity-summaries`,
/// `workouts/{uuid}/routes`): one server user's data through the read protocol's calls, what
/// the server answers with and a remote reader asks with.
///
/// Its answers are the `Read…Response` types and ``SamplesPage``. Dates are ISO 8601 with an
/// offset, to the microsecond (``encoder()`` and ``decoder()``), so an answer reads back to the
/// same instants. Query parameters are parsed by the server with the words and rules here.
public enum ReadAPI {
    /// Samples one `GET /api/v1/samples` answer holds when `limit` is not given.
    public static let defaultSampleLimit = 1000
    /// The largest `limit` of `GET /api/v1/samples`; more samples are read page by page (`offset`).
    public static let maximumSampleLimit = 10_000
    /// The largest `offset` of `GET /api/v1/samples`.
    public static let maximumOffset = Int(Int32.max)
    /// The most buckets one `GET /api/v1/statistics` answer holds (and its default `limit`); the
    /// rest is asked for from the answer's `nextFrom`.
    public static let maximumBuckets = 10_000
    /// The largest `intervalCount` of `GET /api/v1/statistics`.
    public static let maximumIntervalCount = 1000

    /// The words of `options=` of `GET /api/v1/samples`, in the order they are written.
    public static let sampleOptionWords: [(word: String, option: SampleQueryOptions)] = [
        ("strictStartDate", .strictStartDate), ("strictEndDate", .strictEndDate),
    ]

    /// The words of `options=` of `GET /api/v1/statistics`, in the order they are written.
    public static let statisticsOptionWords: [(word: String, option: StatisticsOptions)] = [
        ("sum", .sum), ("average", .average), ("minimum", .minimum), ("maximum", .maximum),
        ("mostRecent", .mostRecent), ("duration", .duration), ("separateBySource", .separateBySource),
    ]

    /// The intervals of `interval=`: every ``CalendarPeriod``.
    public static var intervalWords: [String] { CalendarPeriod.allCases.map(\.rawValue) }

    /// `options` as `options=` writes them (comma-separated, in ``sampleOptionWords`` order).
    public static func words(_ options: SampleQueryOptions) -> String {
        sampleOptionWords.filter { options.contains($0.option) }.map(\.word).joined(separator: ",")
    }

    /// `options` as `options=` writes them (comma-separated, in ``statisticsOptionWords`` order).
    public static func words(_ options: StatisticsOptions) -> String {
        statisticsOptionWords.filter { options.contains($0.option) }.map(\.word).joined(separator: ",")
    }

    /// The options a statistics query of `type` may ask for besides `separateBySource`: sum for
    /// a cumulative quantity type, average, minimum, maximum and mostRecent for a discrete one,
    /// duration for category types and workouts; nil for a type without statistics.
    public static func statisticsOptions(for type: SampleType) -> StatisticsOptions? {
        switch type.kind {
        case .quantity:
            guard let style = type.aggregationStyle else { return nil }
            return style == .cumulative ? .sum : [.average, .minimum, .maximum, .mostRecent]
        case .category, .workout: return .duration
        default: return nil
        }
    }

    /// The type `type=` names: a known type by short name (`stepCount`, exact case) or identifier,
    /// or any other `HK…` identifier as itself (as a JSON Lines sample's `type` is read); nil otherwise.
    public static func sampleType(named text: String) -> SampleType? {
        if let known = typesByName[text] { return known }
        guard text.count > 2, text.hasPrefix("HK"), text.utf8.allSatisfy({ $0 < 0x80 && isAlphanumeric($0) }) else {
            return nil
        }
        return SampleType(identifier: text)
    }

    /// Every known type's short name and identifier, for ``sampleType(named:)`` and the OpenAPI document.
    public static let typesByName: [String: SampleType] = {
        var names: [String: SampleType] = [:]
        for type in SampleType.all {
            names[type.identifier] = type
            names[type.shortName] = names[type.shortName] ?? type
        }
        return names
    }()

    /// Whether `text` is a zone `zone=` takes: an IANA name Foundation knows, `UTC`, `GMT`, or a
    /// fixed offset `GMT+hhmm` / `GMT-hhmm` up to 17:59 (what a calendar's fixed-offset zone is named).
    public static func acceptsZone(_ text: String) -> Bool {
        if zoneNames.contains(text) { return true }
        let bytes = Array(text.utf8)
        guard bytes.count == 8, text.hasPrefix("GMT"), bytes[3] == 0x2B || bytes[3] == 0x2D,
            bytes[4...].allSatisfy({ (0x30...0x39).contains($0) })
        else { return false }
        return (bytes[4] == 0x30 || (bytes[4] == 0x31 && bytes[5] <= 0x37)) && bytes[6] <= 0x35
    }

    /// The named zones `zone=` takes (``acceptsZone(_:)``), sorted.
    public static let zoneNames: [String] = Array(Set(TimeZone.knownTimeZoneIdentifiers + ["UTC", "GMT"])).sorted()

    /// The pattern of fixed-offset zones, as the OpenAPI document states it.
    public static let fixedOffsetZonePattern = "^GMT[+-](0[0-9]|1[0-7])[0-5][0-9]$"

    /// A JSON encoder for the read API's answers: keys sorted, dates ISO 8601 in UTC to the microsecond.
    public static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(ISO8601.format(date, in: .gmt))
        }
        return encoder
    }

    /// A JSON decoder for the read API's answers: dates ISO 8601 with an offset.
    public static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = ISO8601.parse(text) else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "not an ISO 8601 date with an offset")
            }
            return date
        }
        return decoder
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }
}
