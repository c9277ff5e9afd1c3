import Foundation

extension ServerConfiguration {
    /// The environment variables the server reads, by name.
    public enum EnvironmentVariable {
        /// The token `GET /metrics` requires when ``ServerConfiguration/metricsToken`` is nil:
        /// kept out of the process list, where a flag would show it.
        public static let metricsToken = "VITALS_METRICS_TOKEN"
    }

    /// Fills what is unset from `environment`: ``metricsToken`` from `VITALS_METRICS_TOKEN`
    /// (an empty value counts as unset). Set values win.
    public mutating func read(environment: [String: String] = ProcessInfo.processInfo.environment) {
        if metricsToken == nil, let token = environment[EnvironmentVariable.metricsToken], !token.isEmpty {
            metricsToken = token
        }
    }
}
