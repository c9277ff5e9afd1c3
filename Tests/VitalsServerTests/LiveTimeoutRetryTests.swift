import HummingbirdTesting
import Testing
import VitalsTestSupport

/// The one retry `.live` tests get: only for a read timeout, only once.
@Suite("Test support: a live test's read timeout is retried once")
struct LiveTimeoutRetryTests {
    struct Other: Error {}

    @Test("A timeout then an answer gives the answer; two timeouts, or any other error, are thrown")
    func retriesOnce() async throws {
        var attempts = 0
        let value = try await retryingLiveTimeout(dumpingThreads: false) { () async throws -> Int in
            attempts += 1
            if attempts == 1 { throw TestClient.Error.readTimeout }
            return 7
        }
        #expect(value == 7 && attempts == 2)

        attempts = 0
        await #expect(throws: TestClient.Error.readTimeout) {
            try await retryingLiveTimeout(dumpingThreads: false) { () async throws -> Void in
                attempts += 1
                throw TestClient.Error.readTimeout
            }
        }
        #expect(attempts == 2)

        attempts = 0
        await #expect(throws: Other.self) {
            try await retryingLiveTimeout(dumpingThreads: false) { () async throws -> Void in
                attempts += 1
                throw Other()
            }
        }
        #expect(attempts == 1)
    }
}
