import Foundation

/// Compact JSON for metadata, written by hand: stores encode it for every sample that has
/// metadata, and `JSONSerialization` is far too slow for millions of rows.
///
/// The output has sorted keys and is exactly what `SampleJSON.decodeMetadata` reads back:
/// strings, numbers, booleans, `{"date": ISO 8601}` and `{"unit": …, "value": …}`.
public enum MetadataJSON {
    /// The JSON object text for `metadata`.
    public static func encode(_ metadata: Metadata) -> String {
        var out = [UInt8]()
        out.reserveCapacity(64 * metadata.count + 2)
        out.append(UInt8(ascii: "{"))
        let keys = metadata.count == 1 ? Array(metadata.keys) : metadata.keys.sorted()
        for (index, key) in keys.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            JSONText.appendString(key, to: &out)
            out.append(UInt8(ascii: ":"))
            switch metadata[key]! {
            case .string(let text): JSONText.appendString(text, to: &out)
            case .number(let number): JSONText.appendNumber(number, to: &out)
            case .bool(let flag): out.append(contentsOf: (flag ? "true" : "false").utf8)
            case .date(let date):
                out.append(contentsOf: #"{"date":"#.utf8)
                JSONText.appendString(ISO8601.format(date, in: .gmt), to: &out)
                out.append(UInt8(ascii: "}"))
            case .quantity(let quantity):
                out.append(contentsOf: #"{"unit":"#.utf8)
                JSONText.appendString(quantity.unit.unitString, to: &out)
                out.append(contentsOf: #","value":"#.utf8)
                JSONText.appendNumber(quantity.value, to: &out)
                out.append(UInt8(ascii: "}"))
            }
        }
        out.append(UInt8(ascii: "}"))
        return String(decoding: out, as: UTF8.self)
    }
}

extension MetadataJSON {
    /// The metadata of a text ``encode(_:)`` wrote, read with Vitals' own JSON reader: what
    /// `SampleJSON.decodeMetadata` reads, at a fraction of `JSONSerialization`'s cost, for
    /// imports and stores that read it for millions of samples. Nil for text that is not such
    /// an object.
    public static func decode(_ text: String) -> Metadata? {
        guard case .object(let object)? = try? JSONValue.parse(Data(text.utf8), file: "metadata") else { return nil }
        var metadata: Metadata = [:]
        for (key, value) in object.members {
            switch value {
            case .string(let text): metadata[key] = .string(text)
            case .number(let number): metadata[key] = .number(number)
            case .bool(let flag): metadata[key] = .bool(flag)
            case .object(let nested):
                if case .string(let text)? = nested["date"], let date = ISO8601.parse(text) {
                    metadata[key] = .date(date)
                } else if case .number(let number)? = nested["value"], case .string(let unitText)? = nested["unit"],
                    let unit = try? HealthUnit(parsing: unitText)
                {
                    metadata[key] = .quantity(Quantity(number, unit))
                } else {
                    return nil
                }
            case .null, .array: return nil
            }
        }
        return metadata
    }
}
