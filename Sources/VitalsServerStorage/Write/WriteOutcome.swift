import Synchronization

/// A queued write's result, set where the write runs and read after its batch's commit.
package final class WriteOutcome<T: Sendable>: Sendable {
    private let stored = Mutex<Result<T, any Error>?>(nil)

    /// The write's result; nil until it ran.
    package var result: Result<T, any Error>? {
        get { stored.withLock { $0 } }
        set { stored.withLock { $0 = newValue } }
    }

    /// An outcome not set yet.
    package init() {}
}
