import Foundation
import VitalsCore
import VitalsStore

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
            if entry.bytes.withUnsafeBufferPointer({ memcmp($0.baseAddress!, raw.base, raw.count) == 0 }) {
                return entry.value
            }
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

/// One interned attribute: raw bytes → index → value, with the newest byte strings remembered.
struct InternTable<Value> {
    private var last = LastBytes<Int32>()
    private var indices: [String: Int32] = [:]
    private(set) var values: [Value] = []

    /// The index of `raw`'s value, making it with `make` (and `register`) the first time.
    mutating func index(
        _ raw: ByteSlice, decode: (ByteSlice) -> String, make: (String) -> Value,
        register: (Value) -> Void = { _ in }
    ) -> Int32 {
        if let known = last.lookup(raw) { return known }
        let key = decode(raw)
        let index: Int32
        if let known = indices[key] {
            index = known
        } else {
            let value = make(key)
            values.append(value)
            register(value)
            index = Int32(values.count - 1)
            indices[key] = index
        }
        last.remember(raw, index)
        return index
    }

    subscript(index: Int32) -> Value { values[Int(index)] }
}

/// Turns the few distinct strings an export repeats millions of times (types, units, source
/// names, device descriptions, category value names) into small indices, each value made once.
///
/// Sources, versions, devices and types are also entered in `dictionary`, in the same order,
/// so prepared rows can name them by index.
struct ExportValueCache {
    let dictionary: SampleDictionary
    private var types = InternTable<SampleType>()
    private var sources = InternTable<Source>()
    private var versions = InternTable<String>()
    private var devices = InternTable<Device>()
    private var units = InternTable<(unit: HealthUnit?, entry: Int32)>()
    private var categoryValues: [String: Int?] = [:]
    private var lastCategory: (type: Int32, bytes: LastBytes<Int?>)?
    private var activities: [String: WorkoutActivityType] = [:]

    init(dictionary: SampleDictionary = SampleDictionary()) { self.dictionary = dictionary }

    mutating func typeIndex(_ raw: ByteSlice) -> Int32 {
        let dictionary = self.dictionary
        return types.index(
            raw, decode: { $0.string }, make: { SampleType(identifier: $0) },
            register: { _ = dictionary.add($0) })
    }

    func type(at index: Int32) -> SampleType { types[index] }

    mutating func type(_ raw: ByteSlice) -> SampleType {
        let index = typeIndex(raw)  // intern first: the table grows
        return types[index]
    }

    /// Exports name sources but carry no bundle identifiers: the identifier stays empty.
    mutating func sourceIndex(_ raw: ByteSlice) -> Int32 {
        let dictionary = self.dictionary
        return sources.index(
            raw, decode: XMLAttributes.decode, make: { Source(name: $0, bundleIdentifier: "") },
            register: { _ = dictionary.add($0) })
    }

    func source(at index: Int32) -> Source { sources[index] }

    mutating func versionIndex(_ raw: ByteSlice) -> Int32 {
        let dictionary = self.dictionary
        return versions.index(
            raw, decode: XMLAttributes.decode, make: { $0 }, register: { _ = dictionary.add(version: $0) })
    }

    func version(at index: Int32) -> String { versions[index] }

    mutating func deviceIndex(_ raw: ByteSlice) -> Int32 {
        let dictionary = self.dictionary
        return devices.index(
            raw, decode: XMLAttributes.decode, make: DeviceDescription.parse,
            register: { _ = dictionary.add($0) })
    }

    func device(at index: Int32) -> Device { devices[index] }

    /// The index of a unit; its `entry` is the dictionary index of the unit string, -1 if unparsable.
    mutating func unitIndex(_ raw: ByteSlice) -> Int32 {
        let dictionary = self.dictionary
        return units.index(
            raw, decode: XMLAttributes.decode,
            make: { text in
                let unit = try? HealthUnit(parsing: text)
                return (unit, unit.map { dictionary.add(unit: $0.unitString) } ?? -1)
            })
    }

    func unit(at index: Int32) -> (unit: HealthUnit?, entry: Int32) { units[index] }

    mutating func unit(_ raw: ByteSlice) -> HealthUnit? {
        let index = unitIndex(raw)  // intern first: the table grows
        return units[index].unit
    }

    /// The raw value of a category value name for a type, or nil if unknown.
    mutating func categoryValue(_ raw: ByteSlice, typeIndex: Int32) -> Int? {
        if let last = lastCategory, last.type == typeIndex, let known = last.bytes.lookup(raw) { return known }
        let type = types[typeIndex]
        let name = raw.string
        let key = type.identifier + "|" + name
        let value = categoryValues[key] ?? (CategoryValue.rawValue(forName: name, type: type) ?? Int(name))
        categoryValues[key] = value
        if lastCategory?.type != typeIndex { lastCategory = (typeIndex, LastBytes()) }
        lastCategory?.bytes.remember(raw, value)
        return value
    }

    mutating func activity(_ raw: ByteSlice) -> WorkoutActivityType {
        let key = raw.string
        if let known = activities[key] { return known }
        let activity = WorkoutActivityType(name: key) ?? .other
        activities[key] = activity
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
        let keys = [
            "name", "manufacturer", "model", "hardware", "software", "localIdentifier", "UDIDeviceIdentifier",
            "firmware", "creation date",
        ]
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
