import VitalsCore

/// The sources, devices and units one ``SampleReader`` decoded, by id (the last unit and
/// metadata by their text): each is decoded once per read, not once per row.
final class DecodedParts {
    private var sources: [Int64: Source] = [:]
    private var devices: [Int64: Device] = [:]
    private var lastUnit: (text: String, unit: HealthUnit)?
    private var lastMetadata: (text: String, values: [String: MetadataValue])?

    func source(id: Int64, _ make: () -> Source) -> Source {
        if let known = sources[id] { return known }
        let source = make()
        sources[id] = source
        return source
    }

    func device(id: Int64, _ make: () throws -> Device) rethrows -> Device {
        if let known = devices[id] { return known }
        let device = try make()
        devices[id] = device
        return device
    }

    func unit(_ text: String) throws -> HealthUnit {
        if let last = lastUnit, last.text == text { return last.unit }
        let unit = try HealthUnit(parsing: text)
        lastUnit = (text, unit)
        return unit
    }

    func metadata(_ text: String, _ decode: () throws -> [String: MetadataValue]) rethrows -> [String: MetadataValue] {
        if let last = lastMetadata, last.text == text { return last.values }
        let values = try decode()
        lastMetadata = (text, values)
        return values
    }
}
