/// An element name fixed in code; calling it makes the element with escaped attributes and content.
///
/// ```swift
/// Tag.a(.href("/day/2025-11-16")) { "16 November" }
/// ```
public struct Tag: Sendable, Hashable {
    /// The element's name.
    let name: String
    /// Whether the element has no content and no end tag (`meta`, `link`).
    let isVoid: Bool

    private init(_ name: String, void isVoid: Bool = false) {
        self.name = name
        self.isVoid = isVoid
    }

    /// The element with `attributes` around `content` (nothing for a void element).
    public func callAsFunction(_ attributes: Attribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML {
        make(attributes, content())
    }

    /// The element with `attributes` given as an array.
    public func callAsFunction(attributes: [Attribute], @HTMLBuilder content: () -> HTML = { .empty }) -> HTML {
        make(attributes, content())
    }

    private func make(_ attributes: [Attribute], _ content: HTML) -> HTML {
        let start = "<" + name + attributes.map(\.markup).joined() + ">"
        if isVoid { return HTML(trusted: start) }
        return HTML(trusted: start + content.markup + "</" + name + ">")
    }

    // Document
    public static let html = Tag("html")
    public static let head = Tag("head")
    public static let body = Tag("body")
    public static let meta = Tag("meta", void: true)
    public static let link = Tag("link", void: true)
    public static let script = Tag("script")
    /// The document's title, and an SVG shape's accessible name.
    public static let title = Tag("title")

    // Sections and text
    public static let header = Tag("header")
    public static let nav = Tag("nav")
    public static let main = Tag("main")
    public static let footer = Tag("footer")
    public static let section = Tag("section")
    public static let div = Tag("div")
    public static let h1 = Tag("h1")
    public static let h2 = Tag("h2")
    public static let h3 = Tag("h3")
    public static let p = Tag("p")
    public static let span = Tag("span")
    public static let strong = Tag("strong")
    public static let small = Tag("small")
    public static let code = Tag("code")
    public static let pre = Tag("pre")
    public static let a = Tag("a")
    public static let ul = Tag("ul")
    public static let ol = Tag("ol")
    public static let li = Tag("li")
    public static let time = Tag("time")
    public static let details = Tag("details")
    public static let summary = Tag("summary")
    public static let figure = Tag("figure")
    public static let figcaption = Tag("figcaption")

    // Forms
    public static let form = Tag("form")
    public static let label = Tag("label")
    public static let input = Tag("input", void: true)
    public static let button = Tag("button")
    public static let select = Tag("select")
    public static let option = Tag("option")

    // Tables
    public static let table = Tag("table")
    public static let caption = Tag("caption")
    public static let thead = Tag("thead")
    public static let tbody = Tag("tbody")
    public static let tr = Tag("tr")
    public static let th = Tag("th")
    public static let td = Tag("td")

    // SVG (inline in HTML, so no namespace attribute is needed)
    public static let svg = Tag("svg")
    public static let g = Tag("g")
    public static let rect = Tag("rect")
    public static let line = Tag("line")
    public static let circle = Tag("circle")
    public static let polyline = Tag("polyline")
    public static let polygon = Tag("polygon")
    public static let text = Tag("text")
    public static let desc = Tag("desc")
}
