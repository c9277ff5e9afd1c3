/// Builds ``HTML`` from statements: fragments as they are, strings as escaped text.
///
/// ```swift
/// Tag.p(.class("note")) {
///     "Steps from "          // escaped text
///     Tag.strong { source }  // escaped too
/// }
/// ```
@resultBuilder
public enum HTMLBuilder {
    public static func buildExpression(_ fragment: HTML) -> HTML { fragment }

    /// A string is text: it is escaped.
    public static func buildExpression(_ text: String) -> HTML { HTML(text: text) }

    public static func buildExpression(_ fragments: [HTML]) -> HTML { HTML(joining: fragments) }

    public static func buildBlock(_ parts: HTML...) -> HTML { HTML(joining: parts) }

    public static func buildOptional(_ part: HTML?) -> HTML { part ?? .empty }

    public static func buildEither(first: HTML) -> HTML { first }

    public static func buildEither(second: HTML) -> HTML { second }

    public static func buildArray(_ parts: [HTML]) -> HTML { HTML(joining: parts) }

    public static func buildLimitedAvailability(_ part: HTML) -> HTML { part }
}

extension HTML {
    /// The fragments a builder block makes, joined.
    public init(@HTMLBuilder _ content: () -> HTML) { self = content() }
}
