/// A fragment of HTML (or inline SVG) whose text and attribute values were escaped when it was built.
///
/// There is no way to make one from unescaped text: ``init(text:)`` escapes, elements come from
/// ``Tag`` (names fixed in code) with ``Attribute`` values escaped, and fragments only join.
/// So a source named `<script>` prints as text wherever a page shows it.
public struct HTML: Sendable, Hashable {
    /// The markup, ready to send.
    public private(set) var markup: String

    /// Markup this module built itself (a tag, an already escaped fragment).
    init(trusted markup: String) { self.markup = markup }

    /// Text, escaped: `&`, `<`, `>`, `"` and `'` become character references.
    public init(text: String) { markup = HTML.escape(text) }

    /// Nothing.
    public static let empty = HTML(trusted: "")

    /// Whether the fragment holds no markup.
    public var isEmpty: Bool { markup.isEmpty }

    /// The fragments one after another.
    public init(joining parts: some Sequence<HTML>) {
        markup = parts.reduce(into: "") { $0 += $1.markup }
    }

    /// Both fragments, `left` first.
    public static func + (left: HTML, right: HTML) -> HTML { HTML(trusted: left.markup + right.markup) }

    /// `text` with the five characters that can end text or an attribute value replaced.
    static func escape(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27 }) else {
            return text
        }
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count + 16)
        for character in text.unicodeScalars {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.unicodeScalars.append(character)
            }
        }
        return escaped
    }

    /// A whole page: the doctype, then `root` (an `html` element).
    public static func document(_ root: HTML) -> String { "<!DOCTYPE html>\n" + root.markup }
}
