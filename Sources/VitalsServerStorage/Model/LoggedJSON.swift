import Foundation
import VitalsContract

/// Any JSON value, decoded and encoded as is (``RawJSON``): what the ingest log keeps of a list
/// whose shape belongs to another part of the server (``HealthService/IngestReport/skipped``),
/// so members added there later are kept without a change here.
public typealias LoggedJSON = RawJSON

extension RawJSON {
    /// An encodable value as JSON (`.null` when it cannot be encoded).
    public init(encoding value: some Encodable) {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        guard let data = try? encoder.encode(value),
            let decoded = try? JSONDecoder().decode(RawJSON.self, from: data)
        else {
            self = .null
            return
        }
        self = decoded
    }
}
