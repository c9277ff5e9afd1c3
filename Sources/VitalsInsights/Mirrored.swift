import Foundation
import VitalsCore

/// A change made in the app's store, and whether its mirror followed.
public struct Mirrored<Value: Sendable>: Sendable {
    /// What the local change returned.
    public var value: Value
    /// Why the mirror did not follow (the change waits in the outbox); `nil` when it did.
    public var mirrorFailure: VitalsError?

    /// Whether the mirror has the change too.
    public var isMirrored: Bool { mirrorFailure == nil }

    /// Creates a result.
    public init(_ value: Value, mirrorFailure: VitalsError? = nil) {
        self.value = value
        self.mirrorFailure = mirrorFailure
    }
}

/// What a pass over the mirror outbox did.
public struct MirrorReport: Sendable {
    /// One record the mirror could not be brought in line with.
    public struct Failure: Sendable {
        /// The local record.
        public var localUUID: UUID
        /// Why (a message without health values).
        public var error: VitalsError
    }

    /// Records the mirror now matches.
    public var mirrored = 0
    /// Records still waiting, with why.
    public var failures: [Failure] = []
}
