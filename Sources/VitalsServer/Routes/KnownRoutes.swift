import Foundation
import Synchronization

/// The server's route templates, to tell "no such path" (404) from "not with this method" (405).
///
/// Filled once after every route is registered (the error middleware that reads it is added
/// before the routes, as middleware must be); read by every request that no route matched.
final class KnownRoutes: Sendable {
    private let routes = Mutex<[RegisteredRoute]>([])

    /// Remembers `routes` (API and dashboard), replacing what was there.
    func set(_ routes: [RegisteredRoute]) {
        self.routes.withLock { $0 = routes }
    }

    /// The methods the routes at `path` take, sorted; empty when no template matches it.
    ///
    /// As the router does, a literal segment wins over a parameter: `/api/health/sync` is the
    /// sync route's path (POST), not a `{date}` of `GET /api/health/{date}`.
    func methods(forPath path: String) -> [String] {
        let routes = self.routes.withLock { $0 }
        let segments = path.split(separator: "/", omittingEmptySubsequences: false)
        var best: [Bool] = []
        var methods: Set<String> = []
        for route in routes {
            let template = route.path.split(separator: "/", omittingEmptySubsequences: false)
            guard template.count == segments.count else { continue }
            var literal: [Bool] = []
            var matches = true
            for (pattern, segment) in zip(template, segments) {
                if pattern == segment {
                    literal.append(true)
                } else if pattern.hasPrefix("{"), pattern.hasSuffix("}"), !segment.isEmpty {
                    literal.append(false)
                } else {
                    matches = false
                    break
                }
            }
            guard matches else { continue }
            if methods.isEmpty || Self.isMoreSpecific(literal, than: best) {
                best = literal
                methods = [route.method]
            } else if literal == best {
                methods.insert(route.method)
            }
        }
        return methods.sorted()
    }

    /// Whether a template with literal segments `a` beats one with `b`: at the first segment
    /// where they differ, `a` has the literal.
    private static func isMoreSpecific(_ a: [Bool], than b: [Bool]) -> Bool {
        for (x, y) in zip(a, b) where x != y { return x }
        return false
    }
}
