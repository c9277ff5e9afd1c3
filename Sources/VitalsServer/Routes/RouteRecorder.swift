import HTTPTypes
import Hummingbird

/// A router front that remembers every route registered through it (for the OpenAPI check).
final class RouteRecorder<Context: RequestContext>: RouterMethods {
    let router: Router<Context>
    /// Every route registered so far, in order.
    private(set) var routes: [RegisteredRoute] = []

    init(router: Router<Context>) { self.router = router }

    @discardableResult
    func on<Responder: HTTPResponder>(
        _ path: RouterPath, method: HTTPRequest.Method,
        responder: Responder
    ) -> Self where Responder.Context == Context {
        routes.append(RegisteredRoute(method: method.rawValue, path: path.description))
        router.on(path, method: method, responder: responder)
        return self
    }

    @discardableResult
    func add(middleware: any MiddlewareProtocol<Request, Response, Context>) -> Self {
        router.add(middleware: middleware)
        return self
    }
}

/// A method and path template (`GET /api/health/{date}`).
public struct RegisteredRoute: Sendable, Hashable, CustomStringConvertible {
    public var method: String
    public var path: String
    public var description: String { "\(method) \(path)" }
}
