import Foundation

/// Reads what a page shows from its `data-` attributes.
public enum PageReader {
    /// The attributes of every element whose start tag contains `marker` (`class="bar"`), in order.
    public static func elements(_ html: String, containing marker: String) -> [[String: String]] {
        var found: [[String: String]] = []
        var rest = html[...]
        while let hit = rest.range(of: marker) {
            guard let open = rest[..<hit.lowerBound].lastIndex(of: "<"),
                let close = rest[hit.upperBound...].firstIndex(of: ">")
            else { break }
            found.append(attributes(String(rest[open...close])))
            rest = rest[close...]
        }
        return found
    }

    /// `name="value"` pairs of one start tag, values unescaped.
    public static func attributes(_ tag: String) -> [String: String] {
        var result: [String: String] = [:]
        let pattern = try! NSRegularExpression(pattern: #"([a-zA-Z-]+)="([^"]*)""#)
        let text = tag as NSString
        for match in pattern.matches(in: tag, range: NSRange(location: 0, length: text.length)) {
            result[text.substring(with: match.range(at: 1))] = text.substring(with: match.range(at: 2))
                .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
                .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
                .replacingOccurrences(of: "&amp;", with: "&")
        }
        return result
    }

    /// The `data-value` of the figure `data-metric="metric"`, `nil` when it shows no value.
    public static func figure(_ html: String, _ metric: String) -> Double? {
        guard let element = elements(html, containing: "data-metric=\"\(metric)\"").first else { return nil }
        return element["data-value"].flatMap(Double.init)
    }

    /// How often `text` occurs in `html`.
    public static func count(_ text: String, in html: String) -> Int { html.components(separatedBy: text).count - 1 }
}
