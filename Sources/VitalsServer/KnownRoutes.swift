import Foundation

/// The server's route templates, to tell "no such path" (404) from "not with this method" (405).
///
/// Filled once after every route is registered (the error middleware that reads it is added
/// before the routes, as middleware must be); read by every request that no route matched.
final class KnownRoutes: @unchecked Sendable {
    private let lock = NSLock()
    private var routes: [RegisteredRoute] = []

    /// Remembers `routes` (API and dashboard), replacing what was there.
    func set(_ routes: [RegisteredRoute]) {
        lock.lock()
        defer { lock.unlock() }
        self.routes = routes
    }

    /// The methods some route takes at `path`, sorted; empty when no template matches it.
    func methods(forPath path: String) -> [String] {
        lock.lock()
        let routes = self.routes
        lock.unlock()
        let segments = path.split(separator: "/", omittingEmptySubsequences: false)
        let methods = routes.filter { route in
            let template = route.path.split(separator: "/", omittingEmptySubsequences: false)
            return template.count == segments.count
                && zip(template, segments).allSatisfy { pattern, segment in
                    pattern == segment || (pattern.hasPrefix("{") && pattern.hasSuffix("}") && !segment.isEmpty)
                }
        }.map(\.method)
        return Array(Set(methods)).sorted()
    }
}
