/// An underlying error reduced to its description, so it can travel across tasks.
///
/// Database drivers describe errors with the failing SQL, never with bound values, so the
/// description carries no health data.
public struct ServerFailure: Error, Sendable, CustomStringConvertible {
    public let description: String
    public init(_ error: any Error) { description = String(describing: error) }
}
