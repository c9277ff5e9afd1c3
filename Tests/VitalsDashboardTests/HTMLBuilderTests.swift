import Testing

@testable import VitalsDashboard

@Suite("Dashboard: the HTML builder")
struct HTMLBuilderTests {
    @Test("Text and attribute values are always escaped; void elements have no end tag")
    func escaping() {
        let hostile = "<script>alert('x') & \"y\"</script>"
        let html = Tag.p(.class(hostile), .data("source", hostile)) {
            hostile
            Tag.strong { hostile }
        }
        let escaped = "&lt;script&gt;alert(&#39;x&#39;) &amp; &quot;y&quot;&lt;/script&gt;"
        #expect(
            html.markup
                == "<p class=\"\(escaped)\" data-source=\"\(escaped)\">\(escaped)<strong>\(escaped)</strong></p>")
        #expect(Tag.meta(.charset("utf-8")).markup == "<meta charset=\"utf-8\">")
        #expect(HTML(text: "plain").markup == "plain")
    }

    @Test("Conditions and loops in a builder block")
    func controlFlow() {
        let items = ["a", "b"]
        let flag = false
        let html = Tag.ul {
            for item in items { Tag.li { item } }
            if flag { Tag.li { "never" } } else { Tag.li { "else" } }
        }
        #expect(html.markup == "<ul><li>a</li><li>b</li><li>else</li></ul>")
    }

    @Test("SVG numbers have at most two decimals and no trailing zeros")
    func numbers() {
        #expect(Attribute.format(12) == "12")
        #expect(Attribute.format(12.5) == "12.5")
        #expect(Attribute.format(1.23456) == "1.23")
        #expect(Attribute.format(-0.004) == "0")
        #expect(Attribute.format(-3.1) == "-3.1")
        #expect(Attribute.format(.nan) == "0")
        #expect(DisplayFormat.number(1234567.5) == "1,234,568")
        #expect(DisplayFormat.number(6.2, digits: 2) == "6.20")
        #expect(DisplayFormat.number(-1234) == "-1,234")
        #expect(DisplayFormat.duration(minutes: 415) == "6 h 55 min")
    }
}
