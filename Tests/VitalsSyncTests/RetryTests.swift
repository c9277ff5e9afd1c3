import Foundation
import Testing
import VitalsCore
import VitalsSync
import VitalsTesting

/// Failure handling against a loopback server that fails as scripted.
@Suite("Retries, backoff and 429", .timeLimit(.minutes(5)))
struct RetryTests {
    static let token = "scripted-token-7f3a"

    /// Seconds of a duration, as a Double.
    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    @Test("5xx answers are retried with exponential backoff and jitter until the server confirms")
    func backoffThenSuccess() async throws {
        let workspace = try SyncWorkspace()
        defer { workspace.remove() }
        let clock = TestClock(Fixture.start)
        let script = AnswerScript([.fail(503), .fail(502), .fail(500)])
        let sleeper = TestSleeper()
        try await withScriptedServer(script) { url in
            let service = try workspace.service(server: url, token: Self.token, clock: clock, sleeper: sleeper)
            let report = try await service.syncNow()
            #expect(report.requests == 4)
            #expect(report.daysSent == 14)
            let waits = await sleeper.log.waits(.backoff)
            #expect(waits.map(\.reason) == [.backoff(attempt: 1), .backoff(attempt: 2), .backoff(attempt: 3)])
            let policy = RetryPolicy()
            for (index, wait) in waits.enumerated() {
                let nominal = Self.seconds(policy.baseDelay) * pow(policy.factor, Double(index))
                let waited = Self.seconds(wait.duration)
                #expect(
                    waited >= nominal * (1 - policy.jitter) - 0.001 && waited <= nominal * (1 + policy.jitter) + 0.001,
                    "wait \(index + 1) is the nominal \(nominal) s within the jitter")
            }
            #expect(await script.requests == 4)
            #expect(try await workspace.cursors(clock: clock).lastSyncedDay(for: service.cursorKey) == Fixture.today)
        }
    }

    @Test("429 waits the server's Retry-After instead of the backoff")
    func retryAfterIsHonoured() async throws {
        let workspace = try SyncWorkspace()
        defer { workspace.remove() }
        let clock = TestClock(Fixture.start)
        let script = AnswerScript([.fail(429, retryAfter: "7"), .fail(429, retryAfter: "3")])
        let sleeper = TestSleeper()
        try await withScriptedServer(script) { url in
            let service = try workspace.service(server: url, token: Self.token, clock: clock, sleeper: sleeper)
            let report = try await service.syncNow()
            #expect(report.requests == 3)
            let waits = await sleeper.log.waits(.retryAfter)
            #expect(waits.map(\.duration) == [.seconds(7), .seconds(3)])
            #expect(waits.map(\.reason) == [.retryAfter(attempt: 1), .retryAfter(attempt: 2)])
            #expect(await sleeper.log.waits(.backoff).isEmpty)
        }
    }

    @Test("a Retry-After beyond the limit gives up at once instead of hanging")
    func retryAfterBeyondTheLimit() async throws {
        let workspace = try SyncWorkspace()
        defer { workspace.remove() }
        let clock = TestClock(Fixture.start)
        let script = AnswerScript([.fail(429, retryAfter: "3600")])
        let sleeper = TestSleeper()
        try await withScriptedServer(script) { url in
            let service = try workspace.service(server: url, token: Self.token, clock: clock, sleeper: sleeper)
            let error = await syncError { try await service.syncNow() }
            #expect(error?.code == .unavailable)
            #expect(error?.message.contains("Retry-After 3600") == true)
            #expect(await script.requests == 1)
            #expect(await sleeper.log.recorded.isEmpty)
        }
    }

    @Test("after the bound it gives up with the status and attempt count, capped waits, and no token in the error")
    func givesUpAfterTheBound() async throws {
        let workspace = try SyncWorkspace()
        defer { workspace.remove() }
        let clock = TestClock(Fixture.start)
        try await workspace.store.save(Fixture.steps(on: Fixture.today))
        let script = AnswerScript(Array(repeating: .fail(503), count: 20))
        let sleeper = TestSleeper()
        try await withScriptedServer(script) { url in
            let service = try workspace.service(server: url, token: Self.token, clock: clock, sleeper: sleeper) {
                $0.retry.maximumAttempts = 4
                $0.retry.baseDelay = .seconds(2)
                $0.retry.factor = 10
                $0.retry.maximumDelay = .seconds(30)
            }
            let error = await syncError { try await service.syncNow() }
            #expect(error?.code == .unavailable)
            #expect(error?.message.contains("failed after 4 attempts") == true)
            #expect(error?.message.contains("503 Service Unavailable") == true)
            #expect(error?.message.contains("/api/v1/health/daily") == true)
            #expect(error?.description.contains(Self.token) == false)
            #expect(error?.description.contains(String(Fixture.expectedSteps(on: Fixture.today))) == false)
            #expect(await script.requests == 4)
            let waits = await sleeper.log.waits(.backoff).map { Self.seconds($0.duration) }
            #expect(waits.count == 3)
            #expect(waits.allSatisfy { $0 <= 30 }, "no wait is longer than the cap")
            #expect(waits.last == 30, "the third wait (nominal 200 s) is capped")
            #expect(try await workspace.cursors(clock: clock).lastSyncedDay(for: service.cursorKey) == nil)
            #expect(!FileManager.default.fileExists(atPath: workspace.cursorPath))
        }
    }

    @Test("4xx other than 408 and 429 are final, naming the server's error code and field")
    func clientErrorsAreNotRetried() async throws {
        let workspace = try SyncWorkspace()
        defer { workspace.remove() }
        let clock = TestClock(Fixture.start)
        let script = AnswerScript([
            ScriptedAnswer(status: 422, errorCode: "invalid_value", errorField: "[3].sleep_minutes")
        ])
        let sleeper = TestSleeper()
        try await withScriptedServer(script) { url in
            let service = try workspace.service(server: url, token: Self.token, clock: clock, sleeper: sleeper)
            let error = await syncError { try await service.syncNow() }
            #expect(error?.code == .invalidInput)
            #expect(error?.message.contains("422") == true)
            #expect(error?.message.contains("[3].sleep_minutes") == true)
            #expect(await script.requests == 1)
            #expect(await sleeper.log.recorded.isEmpty)

            await script.replace(with: [.fail(408)])
            _ = try await service.syncNow()
            #expect(await script.requests == 3, "408 is retried")
        }
    }

    @Test("the cursor stays put while the server fails, moves after it confirms, and a new instance resumes there")
    func cursorMovesOnlyOnConfirmation() async throws {
        let workspace = try SyncWorkspace()
        defer { workspace.remove() }
        let clock = TestClock(Fixture.start)
        let today = Fixture.today
        let script = AnswerScript([])
        try await withScriptedServer(script) { url in
            let configure: (inout HealthSyncService.Configuration) -> Void = { $0.retry.maximumAttempts = 3 }
            let first = try workspace.service(server: url, token: Self.token, clock: clock, configure: configure)
            _ = try await first.syncNow()
            #expect(try await workspace.cursors(clock: clock).lastSyncedDay(for: first.cursorKey) == today)

            clock.advance(days: 2)
            await script.replace(with: Array(repeating: .fail(503), count: 3))
            let failing = try workspace.service(server: url, token: Self.token, clock: clock, configure: configure)
            #expect(await syncError { try await failing.syncNow() }?.code == .unavailable)
            #expect(
                try await workspace.cursors(clock: clock).lastSyncedDay(for: first.cursorKey) == today,
                "not advanced by a failed sync")

            let resumed = try workspace.service(server: url, token: Self.token, clock: clock, configure: configure)
            let report = try await resumed.syncNow()
            #expect(report.first == today, "a new instance resumes at the confirmed day")
            #expect(report.daysSent == 3)
            #expect(
                try await workspace.cursors(clock: clock).lastSyncedDay(for: first.cursorKey) == today.adding(days: 2))
        }
    }

    @Test("the backoff grows by the factor, stays within the jitter and never passes the cap")
    func policyDelays() {
        var policy = RetryPolicy()
        policy.baseDelay = .seconds(1)
        policy.factor = 3
        policy.jitter = 0.25
        policy.maximumDelay = .seconds(20)
        #expect(policy.delay(afterAttempt: 1, random: 0) == .milliseconds(750))
        #expect(policy.delay(afterAttempt: 1, random: 0.5) == .seconds(1))
        #expect(policy.delay(afterAttempt: 2, random: 0.5) == .seconds(3))
        #expect(policy.delay(afterAttempt: 3, random: 0.999_999) <= .seconds(20))
        #expect(policy.delay(afterAttempt: 3, random: 0) == .milliseconds(6750))
        #expect(policy.delay(afterAttempt: 10, random: 0) == .seconds(20))
        #expect(
            RetryPolicy.isRetryable(status: 503) && RetryPolicy.isRetryable(status: 429)
                && RetryPolicy.isRetryable(status: 408))
        #expect(
            !RetryPolicy.isRetryable(status: 400) && !RetryPolicy.isRetryable(status: 401)
                && !RetryPolicy.isRetryable(status: 422))
    }
}
