import Foundation
import VitalsCore

/// Writes FHIR R4 resources as NDJSON lines: the Patient, Devices, and Observations of samples.
///
/// Keys are written in sorted order by hand (see ``JSONBytes``), so equal input gives equal bytes.
/// Dates are written in the sample's own zone (`HKTimeZone` metadata) or the export's zone.
struct FHIRResourceWriter {
    /// The Patient every Observation's `subject` names.
    let patient: PatientDetails
    /// The zone for samples that do not name one.
    let zone: TimeZone
    /// Each sample's own zone.
    private var zones: SampleZones
    /// Device resource ids, by device, for the devices met so far.
    private var deviceIDs: [Device: String] = [:]
    /// The `category` and `code` members of each concept and HealthKit code met, written once.
    private var heads: [String: [UInt8]] = [:]
    /// Device resources met since the last ``takeNewDevices()``, one line each.
    private var newDevices: [[UInt8]] = []
    /// The last type, device and source written, resolved: samples come a type at a time, mostly
    /// from one device and source, so each is resolved once per run of equal ones, not hashed per sample.
    var lastType: FHIRTypeHead?
    private var lastDevice: (device: Device, id: String)?
    private var lastSource: (source: Source, bytes: [UInt8])?

    init(patient: PatientDetails, zone: TimeZone) {
        self.patient = patient
        self.zone = zone
        zones = SampleZones(zone: zone)
    }

    /// The Patient resource, one line without its newline.
    func patientLine() -> [UInt8] {
        var json = JSONBytes(capacity: 128)
        json.raw("{")
        if let birthDate = patient.birthDate {
            json.raw("\"birthDate\":")
            json.string(birthDate)
            json.comma()
        }
        if let gender = patient.gender {
            json.raw("\"gender\":")
            json.string(gender)
            json.comma()
        }
        json.raw("\"id\":")
        json.string(patient.id)
        json.raw(",\"resourceType\":\"Patient\"}")
        return json.bytes
    }

    /// Whether a Device resource was first referenced since the last ``takeNewDevices()``.
    var hasNewDevices: Bool { !newDevices.isEmpty }

    /// Device resources first referenced since the last call.
    mutating func takeNewDevices() -> [[UInt8]] {
        defer { newDevices.removeAll(keepingCapacity: true) }
        return newDevices
    }

    /// Appends one Observation: the shared parts around `component` and `value`, which write their own keys;
    /// `head` is its `category` and `code` (``head(concept:healthKit:)``).
    ///
    /// The source is an extension (`…/healthkit/hksource` with `name` and `bundleIdentifier`), each
    /// sample UUID an identifier in the RFC 3986 system (`urn:uuid:…`).
    mutating func observation(
        id: UUID, identifiers: some Collection<UUID>, head: [UInt8], sample: Sample,
        into json: inout JSONBytes, value: ((inout JSONBytes) -> Void)? = nil,
        component: ((inout JSONBytes) -> Void)? = nil
    ) {
        json.raw("{")
        json.bytes.append(contentsOf: head)
        if let component {
            json.raw(",\"component\":[")
            component(&json)
            json.raw("]")
        }
        if let device = sample.device {
            json.raw(",\"device\":{")
            if let name = device.name, !name.isEmpty {
                json.raw("\"display\":")
                json.string(name)
                json.comma()
            }
            json.raw("\"reference\":\"Device/")
            json.raw(deviceID(device))
            json.raw("\"}")
        }
        writeEffective(sample, to: &json)
        if let last = lastSource, last.source == sample.source {
            json.bytes.append(contentsOf: last.bytes)
        } else {
            var source = JSONBytes(capacity: 256)
            Self.writeSource(sample.source, to: &source)
            json.bytes.append(contentsOf: source.bytes)
            lastSource = (sample.source, source.bytes)
        }
        json.raw(",\"id\":\"")
        json.uuid(id)
        json.raw("\"")
        json.raw(",\"identifier\":[")
        for (index, uuid) in identifiers.enumerated() {
            if index > 0 { json.comma() }
            json.raw("{\"system\":\"urn:ietf:rfc:3986\",\"value\":\"urn:uuid:")
            json.uuid(uuid)
            json.raw("\"}")
        }
        json.raw("],\"resourceType\":\"Observation\",\"status\":\"final\",\"subject\":{\"reference\":\"Patient/")
        json.raw(patient.id)
        json.raw("\"}")
        if let value {
            json.comma()
            value(&json)
        }
        json.raw("}")
    }

    /// `"category":[…],"code":{…}` of a concept with its HealthKit coding, from the cache after the first time.
    mutating func head(concept: FHIRConcept, healthKit: FHIRCoding) -> [UInt8] {
        if let known = heads[healthKit.code] { return known }
        var json = JSONBytes(capacity: 512)
        if let category = concept.category {
            json.raw("\"category\":[{\"coding\":[")
            category.write(to: &json)
            json.raw("]}],")
        }
        json.raw("\"code\":")
        Self.writeCode(concept: concept, healthKit: healthKit, to: &json)
        heads[healthKit.code] = json.bytes
        return json.bytes
    }

    /// Writes the source extension after a comma: `name` and `bundleIdentifier` sub-extensions, the empty ones left out
    /// (FHIR strings are never empty).
    static func writeSource(_ source: Source, to json: inout JSONBytes) {
        let parts = [("bundleIdentifier", source.bundleIdentifier), ("name", source.name)].filter { !$0.1.isEmpty }
        guard !parts.isEmpty else { return }
        json.raw(",\"extension\":[{\"extension\":[")
        for (index, part) in parts.enumerated() {
            if index > 0 { json.comma() }
            json.raw("{\"url\":")
            json.string(part.0)
            json.raw(",\"valueString\":")
            json.string(part.1)
            json.raw("}")
        }
        json.raw("],\"url\":\"http://developer.apple.com/documentation/healthkit/hksource\"}]")
    }

    /// Writes `{"coding":[LOINC…, HealthKit],"text":…}`.
    static func writeCode(concept: FHIRConcept, healthKit: FHIRCoding, to json: inout JSONBytes) {
        json.raw("{\"coding\":[")
        for coding in concept.loinc {
            coding.write(to: &json)
            json.comma()
        }
        healthKit.write(to: &json)
        json.raw("],\"text\":")
        json.string(concept.loinc.first?.display ?? healthKit.display)
        json.raw("}")
    }

    /// Writes `"effectiveDateTime"` for an instant, `"effectivePeriod"` otherwise, after a comma.
    private mutating func writeEffective(_ sample: Sample, to json: inout JSONBytes) {
        let offsets = zones.offsets(of: sample)
        if sample.end <= sample.start {
            json.raw(",\"effectiveDateTime\":\"")
            ISO8601.write(sample.start, offset: offsets.start, to: &json.bytes)
            json.raw("\"")
        } else {
            json.raw(",\"effectivePeriod\":{\"end\":\"")
            ISO8601.write(sample.end, offset: offsets.end, to: &json.bytes)
            json.raw("\",\"start\":\"")
            ISO8601.write(sample.start, offset: offsets.start, to: &json.bytes)
            json.raw("\"}")
        }
    }

    /// The Device resource id of `device`, queuing its resource the first time.
    private mutating func deviceID(_ device: Device) -> String {
        if let last = lastDevice, last.device == device { return last.id }
        if let known = deviceIDs[device] {
            lastDevice = (device, known)
            return known
        }
        let fields = [
            device.name, device.manufacturer, device.model, device.hardwareVersion, device.firmwareVersion,
            device.softwareVersion, device.localIdentifier, device.udiDeviceIdentifier,
        ]
        let id = DeterministicUUID.make(fields.map { $0 ?? "" }.joined(separator: "\u{1F}")).uuidString.lowercased()
        deviceIDs[device] = id
        lastDevice = (device, id)
        var json = JSONBytes(capacity: 256)
        json.raw("{")
        if let name = device.name, !name.isEmpty {
            json.raw("\"deviceName\":[{\"name\":")
            json.string(name)
            json.raw(",\"type\":\"user-friendly-name\"}],")
        }
        json.raw("\"id\":\"")
        json.raw(id)
        json.raw("\"")
        if let manufacturer = device.manufacturer, !manufacturer.isEmpty {
            json.raw(",\"manufacturer\":")
            json.string(manufacturer)
        }
        if let model = device.model, !model.isEmpty {
            json.raw(",\"modelNumber\":")
            json.string(model)
        }
        json.raw(",\"resourceType\":\"Device\"")
        if let version = [device.softwareVersion, device.firmwareVersion, device.hardwareVersion].compactMap({ $0 })
            .first(where: { !$0.isEmpty })
        {
            json.raw(",\"version\":[{\"value\":")
            json.string(version)
            json.raw("}]")
        }
        json.raw("}")
        newDevices.append(json.bytes)
        return id
    }
}
