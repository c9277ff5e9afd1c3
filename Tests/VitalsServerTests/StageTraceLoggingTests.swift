import Logging
import Testing
import VitalsTestSupport

/// The server fixtures' logger: their trace sees debug messages, their log does not.
@Suite("Test support: a fixture's traced logger keeps its log's level")
struct StageTraceLoggingTests {
    @Test("Debug messages reach the trace's level but not the base log; the base's level still rules it")
    func baseKeepsItsLevel() {
        let captured = CapturedLog()
        var base = captured.logger
        base.logLevel = .info
        var logger = StageTrace("test").logger(wrapping: base)
        #expect(logger.logLevel == .debug, "debug messages are made, for the trace")
        logger.debug("a service group's step")
        logger.info("a request")
        #expect(captured.all.map(\.text) == ["a request"])
        logger.logLevel = .warning
        logger.info("another request")
        logger.warning("a warning")
        #expect(captured.all.map(\.text) == ["a request", "a warning"])
    }
}
