import Foundation
import VitalsCore

/// The values made from the last few raw byte strings seen in one attribute: nearby records
/// share their type, sources, version, devices and unit, so most lookups are one `memcmp`.
struct LastBytes<Value> {
    private var entries: [(bytes: [UInt8], value: Value)] = []
    private var next = 0
    private static var capacity: Int { 4 }

    /// The remembered value if `raw` equals one of the last byte strings, else nil.
    @inline(__always)
    func lookup(_ raw: ByteSlice) -> Value? {
        for entry in entries where entry.bytes.count == raw.count {
            if entry.bytes.withUnsafeBufferPointer({ memcmp($0.baseAddress!, raw.base, raw.count) == 0 }) { return entry.value }
        }
        return nil
    }

    mutating func remember(_ raw: ByteSlice, _ value: Value) {
        let entry = (Array(raw.buffer), value)
        if entries.count < Self.capacity {
            entries.append(entry)
        } else {
            entries[next] = entry
            next = (next + 1) % Self.capacity
        }
    }
}

/// Turns the few distinct strings an export repeats millions of times (types, units, source
/// names, device descriptions, category value names) into values once each.
struct ExportValueCache {
    private var lastType = LastBytes<SampleType>()
    private var lastUnit = LastBytes<HealthUnit?>()
    private var lastSource = LastBytes<Source>()
    private var lastVersion = LastBytes<String>()
    private var lastDevice = LastBytes<Device>()
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
        if let last = lastType.lookup(raw) { return last }
        let key = raw.string
        let type = types[key] ?? SampleType(identifier: key)
        if types.count < Self.limit { types[key] = type }
        lastType.remember(raw, type)
        return type
    }

    mutating func unit(_ raw: ByteSlice) -> HealthUnit? {
        if let last = lastUnit.lookup(raw) { return last }
        let key = XMLAttributes.decode(raw)
        let unit = units[key] ?? (try? HealthUnit(parsing: key))
        if units.count < Self.limit { units[key] = unit }
        lastUnit.remember(raw, unit)
        return unit
    }

    /// Exports name sources but carry no bundle identifiers: the identifier stays empty.
    mutating func source(_ raw: ByteSlice) -> Source {
        if let last = lastSource.lookup(raw) { return last }
        let key = XMLAttributes.decode(raw)
        let source = sources[key] ?? Source(name: key, bundleIdentifier: "")
        if sources.count < Self.limit { sources[key] = source }
        lastSource.remember(raw, source)
        return source
    }

    mutating func version(_ raw: ByteSlice) -> String {
        if let last = lastVersion.lookup(raw) { return last }
        let key = XMLAttributes.decode(raw)
        let version = versions[key] ?? key
        if versions.count < Self.limit { versions[key] = version }
        lastVersion.remember(raw, version)
        return version
    }

    mutating func device(_ raw: ByteSlice) -> Device {
        if let last = lastDevice.lookup(raw) { return last }
        let key = XMLAttributes.decode(raw)
        let device = devices[key] ?? DeviceDescription.parse(key)
        if devices.count < Self.limit { devices[key] = device }
        lastDevice.remember(raw, device)
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
