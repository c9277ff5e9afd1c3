import Foundation
import VitalsCore

/// Turns the few distinct strings an export repeats millions of times (types, units, source
/// names, device descriptions, category value names) into values once each.
struct ExportValueCache {
    private var types: [String: SampleType] = [:]
    private var units: [String: HealthUnit?] = [:]
    private var sources: [String: Source] = [:]
    private var devices: [String: Device] = [:]
    private var versions: [String: String] = [:]
    private var categoryValues: [String: Int?] = [:]
    private var activities: [String: WorkoutActivityType] = [:]
    /// Caches stop growing here, so hostile input cannot exhaust memory through them.
    private static let limit = 50_000

    mutating func type(_ raw: ByteSlice) -> SampleType {
        let key = raw.string
        if let known = types[key] { return known }
        let type = SampleType(identifier: key)
        if types.count < Self.limit { types[key] = type }
        return type
    }

    mutating func unit(_ raw: ByteSlice) -> HealthUnit? {
        let key = XMLAttributes.decode(raw)
        if let known = units[key] { return known }
        let unit = try? HealthUnit(parsing: key)
        if units.count < Self.limit { units[key] = unit }
        return unit
    }

    /// Exports name sources but carry no bundle identifiers: the identifier stays empty.
    mutating func source(_ raw: ByteSlice) -> Source {
        let key = XMLAttributes.decode(raw)
        if let known = sources[key] { return known }
        let source = Source(name: key, bundleIdentifier: "")
        if sources.count < Self.limit { sources[key] = source }
        return source
    }

    mutating func version(_ raw: ByteSlice) -> String {
        let key = XMLAttributes.decode(raw)
        if let known = versions[key] { return known }
        if versions.count < Self.limit { versions[key] = key }
        return key
    }

    mutating func device(_ raw: ByteSlice) -> Device {
        let key = XMLAttributes.decode(raw)
        if let known = devices[key] { return known }
        let device = DeviceDescription.parse(key)
        if devices.count < Self.limit { devices[key] = device }
        return device
    }

    /// The raw value of a category value name for `type`, or nil if unknown.
    mutating func categoryValue(_ raw: ByteSlice, type: SampleType) -> Int? {
        let name = raw.string
        let key = type.identifier + "|" + name
        if let known = categoryValues[key] { return known }
        let value = CategoryValue.rawValue(forName: name, type: type) ?? Int(name)
        if categoryValues.count < Self.limit { categoryValues[key] = value }
        return value
    }

    mutating func activity(_ raw: ByteSlice) -> WorkoutActivityType {
        let key = raw.string
        if let known = activities[key] { return known }
        let activity = WorkoutActivityType(name: key) ?? .other
        if activities.count < Self.limit { activities[key] = activity }
        return activity
    }
}

/// Parses the `device` attribute of an export: an escaped
/// `<<HKDevice: 0x283d6c5a0>, name:Apple Watch, manufacturer:Apple Inc., model:Watch, hardware:Watch6,2, software:9.1>`.
enum DeviceDescription {
    static func parse(_ text: String) -> Device {
        var device = Device()
        var body = Substring(", " + text)
        if text.hasPrefix("<<HKDevice"), let close = text.firstIndex(of: ">") {
            body = Substring(text[text.index(after: close)...])
        }
        if body.hasSuffix(">") { body = body.dropLast() }
        // Fields are ", key:value"; values may contain commas (hardware:Watch6,2), so split on known keys.
        let keys = ["name", "manufacturer", "model", "hardware", "software", "localIdentifier", "UDIDeviceIdentifier",
                    "firmware", "creation date"]
        var positions: [(Substring.Index, Substring.Index, String)] = []
        for key in keys {
            if let range = body.range(of: ", \(key):") { positions.append((range.lowerBound, range.upperBound, key)) }
        }
        positions.sort { $0.0 < $1.0 }
        for (index, entry) in positions.enumerated() {
            let valueEnd = index + 1 < positions.count ? positions[index + 1].0 : body.endIndex
            let value = String(body[entry.1..<valueEnd]).trimmingCharacters(in: .whitespaces)
            guard !value.isEmpty else { continue }
            switch entry.2 {
            case "name": device.name = value
            case "manufacturer": device.manufacturer = value
            case "model": device.model = value
            case "hardware": device.hardwareVersion = value
            case "software": device.softwareVersion = value
            case "firmware": device.firmwareVersion = value
            case "localIdentifier": device.localIdentifier = value
            case "UDIDeviceIdentifier": device.udiDeviceIdentifier = value
            default: break
            }
        }
        if positions.isEmpty, !text.isEmpty { device.name = text }
        return device
    }
}
