import Foundation
import Logging
public import VitalsCore

extension HealthSyncService {
    /// The explicit permission flow over the store, ending in a sync.
    ///
    /// The state is the aggregate over read access to the synced types (``SyncDataReader/types``):
    /// any readable type is access, only all denied is denied.
    /// - Already authorized, fully or partly: nothing is asked; the flow syncs and returns.
    /// - Denied: throws `.authorizationDenied` at once; only the user can change that, in the
    ///   store's settings (the Health app).
    /// - Not determined: asks the store (`requestAuthorization(toShare:read:)`, HealthKit's
    ///   sheet), waits ``Configuration/authorizationSettleDelay`` (1 s, through the sleeper) for
    ///   the store to update its state, reads the state again and, with access, syncs. Refused in
    ///   the sheet: `.authorizationDenied`; still undetermined: `.authorizationNotDetermined`.
    /// - An unavailable store: `.unavailable`.
    ///
    /// The sync goes through ``requestSync()``, so it joins a sync other triggers asked for.
    ///
    /// This explicit flow throws on denial, so whoever asked learns it and can offer manual entry
    /// (``sendManual(_:)`` needs no permission) or the way to the settings; the automatic path
    /// (``syncNow()``, ``requestSync()``, ``HealthSyncWatcher``) does not throw for it but returns
    /// a report in ``SyncReport/Mode/manual`` mode.
    /// On HealthKit read denial is hidden (a refused type reads as no data), so there the state
    /// turns `.authorized` once the sheet was answered and the denied branch is never taken.
    ///
    /// - Parameter share: types to ask write access for in the same request (none by default).
    public nonisolated func requestAuthorizationAndSync(
        toShare share: Set<SampleType> = []
    ) async throws
        -> SyncAuthorizationOutcome
    {
        let read = Set(SyncDataReader.types)
        var state = try await store.authorizationState(for: read, access: .read)
        var prompted = false
        if state == .notDetermined {
            try await store.requestAuthorization(toShare: share, read: read)
            prompted = true
            do {
                try await sleeper.sleep(for: configuration.authorizationSettleDelay, reason: .authorizationSettle)
            } catch {
                throw VitalsError(.cancelled, "the permission flow was cancelled while waiting for the store's answer")
            }
            state = try await store.authorizationState(for: read, access: .read)
        }
        switch state {
        case .authorized, .partiallyAuthorized:
            logger.info("health data access granted; syncing", metadata: ["prompted": "\(prompted)"])
            let sync: Result<SyncReport, VitalsError>
            do {
                sync = .success(try await requestSync())
            } catch let error as VitalsError {
                sync = .failure(error)
            } catch {
                sync = .failure(
                    VitalsError(
                        .unavailable, "the sync after authorization failed",
                        underlying: SendableDescription(error)))
            }
            return SyncAuthorizationOutcome(state: state, prompted: prompted, sync: sync)
        case .denied:
            throw VitalsError(
                .authorizationDenied,
                "reading is denied for every synced type ("
                    + SyncDataReader.types.map(\.shortName).joined(separator: ", ")
                    + "); the user can allow it in the Health app's settings, and until then enter days by hand "
                    + "(manual mode, sendManual)")
        case .notDetermined:
            throw VitalsError(
                .authorizationNotDetermined,
                "the store was asked for access to the synced types but has no answer yet; ask again later")
        case .unavailable:
            throw VitalsError(.unavailable, "the health store is unavailable on this device or turned off")
        }
    }
}
