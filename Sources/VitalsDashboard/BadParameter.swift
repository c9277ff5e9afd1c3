import Hummingbird

/// A query parameter a page cannot use: which one, and why. The page answers 400 naming it.
struct BadParameter: Error, Sendable, Hashable, CustomStringConvertible {
    /// The parameter's name in the URL: `type`, `range`, `from`...
    var name: String
    /// What is wrong with its value and what would do.
    var reason: String

    init(_ name: String, _ reason: String) {
        self.name = name
        self.reason = reason
    }

    var description: String { "\(name): \(reason)" }
}

/// A request's query parameters, empty values read as absent (an untouched form field).
struct QueryParameters: Sendable {
    private var values: [String: String] = [:]

    init(_ request: Request) {
        for (key, value) in request.uri.queryParameters where !value.isEmpty {
            values[String(key)] = String(value)
        }
    }

    subscript(_ name: String) -> String? { values[name] }
}
