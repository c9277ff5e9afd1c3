import Logging

extension StageTrace {
    /// `base`, also noting in this trace what service groups and PostgreSQL pools log on it.
    ///
    /// ServiceLifecycle's `ServiceGroup` logs each step of a start and a shutdown at debug level,
    /// naming the service (`Triggering graceful shutdown for service`, `Service finished`): a
    /// fixture that never ends then shows which service did not stop. Everything else goes to
    /// `base` as before, at its level.
    public func logger(wrapping base: Logger) -> Logger {
        var logger = base
        // Its level is the lower of the base's and debug; setting it sets the base's.
        logger.handler = Handler(base: base.handler, trace: self)
        return logger
    }

    private struct Handler: LogHandler {
        /// The modules whose every message is noted: the service groups', and a PostgreSQL
        /// repository's and its pool's (how they start and stop).
        static let tracedSources: Set<String> = [
            "ServiceLifecycle", "VitalsPostgres", "PostgresNIO", "_ConnectionPoolModule",
        ]

        var base: any LogHandler
        let trace: StageTrace

        var logLevel: Logger.Level {
            get { min(base.logLevel, .debug) }
            set { base.logLevel = newValue }
        }

        var metadata: Logger.Metadata {
            get { base.metadata }
            set { base.metadata = newValue }
        }

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { base[metadataKey: key] }
            set { base[metadataKey: key] = newValue }
        }

        func log(event: LogEvent) {
            if let service = event.metadata?["sl-service"] ?? event.metadata?["sl-services"] {
                trace.note("\(event.message) (\(service))")
            } else if Self.tracedSources.contains(event.source) {
                let error = event.metadata?["error"].map { " (error: \($0))" } ?? ""
                trace.note("\(event.message)\(error)")
            }
            if event.level >= base.logLevel { base.log(event: event) }
        }
    }
}
