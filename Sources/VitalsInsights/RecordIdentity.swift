import Foundation
import VitalsCore

/// The ids ingested records get, derived from what they were made of, so every preview and
/// every ingest of the same samples names the same records.
///
/// Each id is a ``DeterministicUUID`` (version 8) over a kind prefix and the source's identity,
/// so it never collides with the random (version 4) ids of records entered by hand.
public enum RecordIdentity {
    /// The session id of the workout sample `healthKitUUID`.
    public static func session(healthKitUUID: UUID) -> UUID {
        DeterministicUUID.make("vitals-workout-session|\(healthKitUUID.uuidString)")
    }

    /// The id of the row at `position` of session `sessionID`.
    public static func row(session sessionID: UUID, position: Int) -> UUID {
        DeterministicUUID.make("vitals-workout-row|\(sessionID.uuidString)|\(position)")
    }

    /// The id of the ingested `meal` of `day`: one per meal type and day, whatever items join it later.
    public static func meal(_ meal: MealType, on day: LocalDate) -> UUID {
        DeterministicUUID.make("vitals-nutrition-log|\(day)|\(meal.rawValue)")
    }
}
