import Foundation

/// An error from any Vitals layer: what went wrong, where, and why, without health values.
///
/// Match on ``code`` (`error.code == .invalidUnit`); read ``message`` for people.
/// Messages never contain measured values unless a caller built them with
/// ``VitalsError/revealingValues(_:)``.
public struct VitalsError: Error, Sendable, CustomStringConvertible, Equatable {
    /// A stable category of failure, suitable for `switch`-free matching with `==`.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Base: String, Sendable {
            case invalidUnit, incompatibleUnit, invalidValue, invalidDateRange, invalidDate
            case invalidTimeZone, invalidInput, unknownType, unsupportedStatistics
            case authorizationDenied, authorizationNotDetermined, unavailable
            case notFound, duplicate, readOnly, database, io, cancelled
            case databaseInaccessible, newerSchema
        }
        private let base: Base
        private init(_ base: Base) { self.base = base }

        /// A unit string HealthKit would not parse.
        public static let invalidUnit = Code(.invalidUnit)
        /// A unit of the wrong dimension for a value or type (kg for steps).
        public static let incompatibleUnit = Code(.incompatibleUnit)
        /// A number that is NaN, infinite, negative or out of range where that is impossible.
        public static let invalidValue = Code(.invalidValue)
        /// A range whose end precedes its start.
        public static let invalidDateRange = Code(.invalidDateRange)
        /// A date string that is neither `YYYY-MM-DD` nor ISO 8601 with an offset.
        public static let invalidDate = Code(.invalidDate)
        /// A time zone identifier that is not IANA.
        public static let invalidTimeZone = Code(.invalidTimeZone)
        /// Structurally malformed input (JSON, JSONL, arguments).
        public static let invalidInput = Code(.invalidInput)
        /// A type identifier or name Vitals cannot use for the requested operation.
        public static let unknownType = Code(.unknownType)
        /// A statistics option that the type's aggregation style does not allow.
        public static let unsupportedStatistics = Code(.unsupportedStatistics)
        /// The user denied sharing (writing) this type.
        public static let authorizationDenied = Code(.authorizationDenied)
        /// Authorization for this type was never requested.
        public static let authorizationNotDetermined = Code(.authorizationNotDetermined)
        /// The health store is unavailable on this device or disabled.
        public static let unavailable = Code(.unavailable)
        /// No object with the given identity exists.
        public static let notFound = Code(.notFound)
        /// An object with the same identity already exists.
        public static let duplicate = Code(.duplicate)
        /// The object belongs to another source and cannot be changed here.
        public static let readOnly = Code(.readOnly)
        /// The health database is protected while the device is locked (HealthKit's
        /// `errorDatabaseInaccessible`); it works again once the user unlocks.
        public static let databaseInaccessible = Code(.databaseInaccessible)
        /// A database or backup written by a newer Vitals, with tables this one does not know:
        /// upgrade before opening or restoring it.
        public static let newerSchema = Code(.newerSchema)
        /// The database failed (I/O, corruption, schema).
        public static let database = Code(.database)
        /// A file could not be read or written.
        public static let io = Code(.io)
        /// The work was cancelled (Ctrl-C) and undone.
        public static let cancelled = Code(.cancelled)

        public var description: String { base.rawValue }
    }

    /// What failed.
    public var code: Code
    /// A sentence for people. Never contains health values by default.
    public var message: String
    /// Where in the input it failed, when the input has places (file, line, field, byte offset).
    public var location: InputLocation?
    /// The lower-level error that caused this one, if any.
    public var underlying: (any Error & Sendable)?

    /// Creates an error.
    public init(
        _ code: Code, _ message: String, at location: InputLocation? = nil,
        underlying: (any Error & Sendable)? = nil
    ) {
        self.code = code
        self.message = message
        self.location = location
        self.underlying = underlying
    }

    /// The same error placed at `location` (keeping any more precise fields already set).
    public func located(_ location: InputLocation) -> VitalsError {
        var copy = self
        copy.location = location.merging(self.location)
        return copy
    }

    public var description: String {
        var text = ""
        if let location, !location.description.isEmpty { text += "\(location): " }
        text += message
        if let underlying { text += " (\(underlying))" }
        return text
    }

    public static func == (lhs: VitalsError, rhs: VitalsError) -> Bool {
        lhs.code == rhs.code && lhs.message == rhs.message && lhs.location == rhs.location
    }
}

/// A place in some input: file, line, column, byte offset, field path. Any part may be unknown.
public struct InputLocation: Sendable, Hashable, CustomStringConvertible {
    /// The file's path, or `-` for standard input.
    public var file: String?
    /// 1-based line number.
    public var line: Int?
    /// 0-based byte offset from the start of the input.
    public var byteOffset: Int64?
    /// The field (JSON key path, attribute or argument name).
    public var field: String?

    /// Creates a location; pass only what is known.
    public init(file: String? = nil, line: Int? = nil, byteOffset: Int64? = nil, field: String? = nil) {
        self.file = file
        self.line = line
        self.byteOffset = byteOffset
        self.field = field
    }

    /// This location with unknown parts filled from `other`, and `other`'s field nested under ours.
    public func merging(_ other: InputLocation?) -> InputLocation {
        guard let other else { return self }
        var merged = self
        merged.file = file ?? other.file
        merged.line = line ?? other.line
        merged.byteOffset = byteOffset ?? other.byteOffset
        switch (field, other.field) {
        case let (outer?, inner?): merged.field = "\(outer).\(inner)"
        case (nil, let inner): merged.field = inner
        default: break
        }
        return merged
    }

    public var description: String {
        var parts: [String] = []
        if let file { parts.append(file) }
        if let line { parts.append("line \(line)") }
        if let byteOffset { parts.append("byte \(byteOffset)") }
        if let field { parts.append("field '\(field)'") }
        return parts.joined(separator: ", ")
    }
}
