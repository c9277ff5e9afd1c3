import Logging

/// A log handler for PostgresNIO's background log that drops its lease-before-`run()` warning
/// once the pool's ``PoolStart`` is open.
///
/// PostgresNIO warns "Trying to lease connection from `PostgresClient`, but `PostgresClient.run()`
/// hasn't been called yet" when a lease comes before its `run()` marks itself running. The
/// repository's queries wait for ``PoolStart``, which ``PostgresRepository/runPool()`` opens in
/// the same task just before calling `run()`; a lease in the few instructions between the two
/// (a thread preempted there) is then already served by a running pool, and the warning is
/// wrong. While the signal is closed the warning passes, as does everything else.
struct PoolStartLogHandler: LogHandler {
    static let leaseBeforeRun = "PostgresClient.run()` hasn't been called yet"

    var wrapped: any LogHandler
    let poolStart: PoolStart

    var metadata: Logger.Metadata {
        get { wrapped.metadata }
        set { wrapped.metadata = newValue }
    }

    var logLevel: Logger.Level {
        get { wrapped.logLevel }
        set { wrapped.logLevel = newValue }
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { wrapped[metadataKey: key] }
        set { wrapped[metadataKey: key] = newValue }
    }

    func log(event: LogEvent) {
        if event.level == .warning, poolStart.isOpen, event.message.description.contains(Self.leaseBeforeRun) { return }
        wrapped.log(event: event)
    }
}

extension Logger {
    /// This logger, less PostgresNIO's lease-before-`run()` warning once `poolStart` is open.
    func droppingLeaseWarning(after poolStart: PoolStart) -> Logger {
        var logger = self
        logger.handler = PoolStartLogHandler(wrapped: handler, poolStart: poolStart)
        return logger
    }
}
