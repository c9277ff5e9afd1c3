/// A queued write's result, set where the write runs and read after its batch's commit.
package final class WriteOutcome<T>: @unchecked Sendable {
    package var result: Result<T, any Error>?

    /// An outcome not set yet.
    package init() {}
}
