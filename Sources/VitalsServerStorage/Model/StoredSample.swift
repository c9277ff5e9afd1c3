import Foundation
import VitalsCore

/// A sample kept for a user on the server (from Health Auto Export or an Apple Health export),
/// enough for daily statistics and for showing it: identity, times, value, source and metadata.
public struct StoredSample: Sendable, Hashable, Codable {
    public var uuid: UUID
    /// The HealthKit identifier (`HKQuantityTypeIdentifierStepCount`).
    public var type: String
    public var start: Date
    public var end: Date
    /// In the type's canonical unit; a category's raw value.
    public var value: Double
    public var sourceName: String
    /// HealthKit and app metadata; stored as `MetadataJSON` text, NULL when empty (most samples).
    public var metadata: Metadata

    public init(
        uuid: UUID, type: String, start: Date, end: Date, value: Double, sourceName: String,
        metadata: Metadata = [:]
    ) {
        self.uuid = uuid
        self.type = type
        self.start = start
        self.end = end
        self.value = value
        self.sourceName = sourceName
        self.metadata = metadata
    }

    /// What the server keeps of `sample`; nil for one statistics cannot count (a workout, a correlation).
    public init?(_ sample: Sample) {
        guard let value = sample.statisticsValue else { return nil }
        self.init(
            uuid: sample.uuid, type: sample.type.identifier, start: sample.start, end: sample.end, value: value,
            sourceName: sample.source.name, metadata: sample.metadata)
    }

    /// The metadata as stored (`MetadataJSON`), nil when there is none.
    var metadataJSON: String? { metadata.isEmpty ? nil : MetadataJSON.encode(metadata) }

    /// The stored texts of `samples`' metadata, in order; a run of samples with the same metadata
    /// (a backfill's reported totals all carry the same) is encoded once.
    package static func metadataTexts(_ samples: some Collection<StoredSample>) -> [String?] {
        var texts: [String?] = []
        texts.reserveCapacity(samples.count)
        var last: (metadata: Metadata, text: String)?
        for sample in samples {
            if sample.metadata.isEmpty {
                texts.append(nil)
            } else if let last, last.metadata == sample.metadata {
                texts.append(last.text)
            } else {
                let text = MetadataJSON.encode(sample.metadata)
                last = (sample.metadata, text)
                texts.append(text)
            }
        }
        return texts
    }

    /// The metadata of a stored `MetadataJSON` text; empty for none (or for text this version cannot read).
    package static func metadata(json: String?) -> Metadata {
        json.flatMap(MetadataJSON.decode) ?? [:]
    }

    /// The source of a stored sample: the name alone (the server keeps no bundle identifier),
    /// except the dashboard's own samples, which read back as ``VitalsCore/Source/vitalsDashboard``
    /// so the Records page knows them as its own (editable) records.
    package static func source(named name: String) -> Source {
        name == Source.vitalsDashboard.name ? .vitalsDashboard : Source(name: name, bundleIdentifier: "")
    }

    /// The sample as Core sees it, for statistics; nil when Core cannot count the type.
    public var sample: Sample? {
        let type = SampleType(identifier: type)
        let content: Sample.Content
        switch type.kind {
        case .quantity:
            guard let unit = type.canonicalUnit else { return nil }
            content = .quantity(Quantity(value, unit))
        case .category: content = .category(Int(value))
        default: return nil
        }
        return Sample(
            uuid: uuid, type: type, start: start, end: end, content: content,
            source: Self.source(named: sourceName), metadata: metadata)
    }

    private enum CodingKeys: String, CodingKey {
        case uuid, type, start, end, value, sourceName, metadata
    }

    /// Reads the JSON of ``UserExport``; `metadata` is absent when empty (and in older exports).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        uuid = try container.decode(UUID.self, forKey: .uuid)
        type = try container.decode(String.self, forKey: .type)
        start = try container.decode(Date.self, forKey: .start)
        end = try container.decode(Date.self, forKey: .end)
        value = try container.decode(Double.self, forKey: .value)
        sourceName = try container.decode(String.self, forKey: .sourceName)
        metadata = try container.decodeIfPresent(Metadata.self, forKey: .metadata) ?? [:]
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(uuid, forKey: .uuid)
        try container.encode(type, forKey: .type)
        try container.encode(start, forKey: .start)
        try container.encode(end, forKey: .end)
        try container.encode(value, forKey: .value)
        try container.encode(sourceName, forKey: .sourceName)
        if !metadata.isEmpty { try container.encode(metadata, forKey: .metadata) }
    }
}
