/// An underlying error reduced to its description, so it can travel across tasks.
public struct SendableDescription: Error, Sendable, CustomStringConvertible {
    /// What the error said.
    public let description: String
    /// The description of `error`.
    public init(_ error: any Error) { description = String(describing: error) }
}
