/// A queued write's result, set where the write runs and read after its batch's commit.
final class WriteOutcome<T>: @unchecked Sendable {
    var result: Result<T, any Error>?
}
