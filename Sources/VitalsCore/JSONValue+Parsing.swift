import Foundation

extension JSONValue {
    /// Parses the JSON document `data` (strict RFC 8259, UTF-8).
    ///
    /// - Parameter file: the name errors report (a path, or a label such as `request body`).
    /// - Throws: `.invalidInput` located at the file, line, byte offset and JSON path
    ///   (`data.metrics[3].units`) of the first syntax error; the message never quotes content.
    public static func parse(_ data: Data, file: String) throws(VitalsError) -> JSONValue {
        try JSONParser.parse(data, file: file)
    }
}
