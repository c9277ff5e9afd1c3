public import Foundation
public import VitalsCore

/// A validated quantity or category sample reduced to numbers and dictionary indices.
///
/// Bulk importers build these instead of `Sample` values: no strings to copy and release per
/// row, and the writer resolves each index to a row id once. `value` is in the type's canonical
/// unit (or the raw category value); indices are -1 where there is nothing.
public struct PreparedSample: Sendable {
    public var uuid: UUID
    public var type: Int32
    public var source: Int32
    public var version: Int32
    public var device: Int32
    /// A unit string, only for types without a canonical unit.
    public var unit: Int32
    public var start: Double
    public var end: Double
    public var value: Double
    public var created: Double?
    /// Metadata as `MetadataJSON` writes it, or nil.
    public var metadataJSON: String?

    public init(
        uuid: UUID, type: Int32, source: Int32, version: Int32, device: Int32, unit: Int32,
        start: Double, end: Double, value: Double, created: Double?, metadataJSON: String?
    ) {
        self.uuid = uuid
        self.type = type
        self.source = source
        self.version = version
        self.device = device
        self.unit = unit
        self.start = start
        self.end = end
        self.value = value
        self.created = created
        self.metadataJSON = metadataJSON
    }
}

/// The values prepared samples refer to by index; appended by the parser, read by the writer.
public final class SampleDictionary: Sendable {
    private struct Tables {
        var types: [SampleType] = []
        var sources: [Source] = []
        var versions: [String] = []
        var devices: [Device] = []
        var units: [String] = []
    }

    // Every access goes through the lock; the writer reads only indices it has not seen yet.
    private let tables = Locked(Tables())

    public init() {}

    public func add(_ type: SampleType) -> Int32 {
        tables.withLock {
            $0.types.append(type); return Int32($0.types.count - 1)
        }
    }
    public func add(_ source: Source) -> Int32 {
        tables.withLock {
            $0.sources.append(source); return Int32($0.sources.count - 1)
        }
    }
    public func add(version: String) -> Int32 {
        tables.withLock {
            $0.versions.append(version); return Int32($0.versions.count - 1)
        }
    }
    public func add(_ device: Device) -> Int32 {
        tables.withLock {
            $0.devices.append(device); return Int32($0.devices.count - 1)
        }
    }
    public func add(unit: String) -> Int32 {
        tables.withLock {
            $0.units.append(unit); return Int32($0.units.count - 1)
        }
    }

    /// The value an index of a prepared sample refers to (for readers other than the bulk writer).
    public func type(_ index: Int32) -> SampleType { tables.withLock { $0.types[Int(index)] } }
    public func source(_ index: Int32) -> Source { tables.withLock { $0.sources[Int(index)] } }
    public func version(_ index: Int32) -> String { tables.withLock { $0.versions[Int(index)] } }
    public func device(_ index: Int32) -> Device { tables.withLock { $0.devices[Int(index)] } }
    public func unit(_ index: Int32) -> String { tables.withLock { $0.units[Int(index)] } }
}
