import Foundation
import VitalsCore

/// `GET /api/v1/samples`' answer: `{"samples": [...], "nextOffset": N}`, oldest start first.
///
/// Each sample is the JSON Lines export's object (``VitalsCore/SampleJSON``: metadata, a
/// workout's events and statistics, a correlation's members), so it reads back as the same
/// ``VitalsCore/Sample``. `nextOffset` is the `offset` of the next page; it is absent when
/// this page holds the last matching sample.
public struct SamplesPage: Sendable, Hashable {
    /// The samples, oldest start first.
    public var samples: [Sample]
    /// The `offset` that asks for the samples after these; nil on the last page.
    public var nextOffset: Int?

    /// A page of samples.
    public init(samples: [Sample], nextOffset: Int?) {
        self.samples = samples
        self.nextOffset = nextOffset
    }

    /// The answer's JSON, sample dates written with `zone`'s offset (the user's, as the export's).
    public func json(in zone: TimeZone) -> Data {
        var text = "{"
        if let nextOffset { text += "\"nextOffset\":\(nextOffset)," }
        text += "\"samples\":["
        for (index, sample) in samples.enumerated() {
            if index > 0 { text += "," }
            text += SampleJSON.line(for: sample, in: zone)
        }
        text += "]}"
        return Data(text.utf8)
    }

    /// Reads an answer; throws `.invalidInput` naming the field (`samples[3].start`) that is not as described.
    public init(json data: Data) throws(VitalsError) {
        let object: [String: Any]
        do {
            guard let parsed = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
                throw VitalsError(.invalidInput, "expected a JSON object")
            }
            object = parsed
        } catch let error as VitalsError {
            throw error
        } catch {
            throw VitalsError(.invalidInput, "the answer is not JSON")
        }
        guard let items = object["samples"] as? [Any] else {
            throw VitalsError(.invalidInput, "expected an array", at: InputLocation(field: "samples"))
        }
        var samples: [Sample] = []
        samples.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            guard let fields = item as? [String: Any] else {
                throw VitalsError(.invalidInput, "expected an object", at: InputLocation(field: "samples[\(index)]"))
            }
            do throws(VitalsError) {
                samples.append(try SampleJSON.decode(object: fields))
            } catch {
                throw error.located(InputLocation(field: "samples[\(index)]"))
            }
        }
        let next = object["nextOffset"]
        guard next == nil || next is NSNull || (next as? NSNumber).map({ Int(exactly: $0.doubleValue) != nil }) == true
        else {
            throw VitalsError(.invalidInput, "expected a whole number", at: InputLocation(field: "nextOffset"))
        }
        self.init(samples: samples, nextOffset: (next as? NSNumber)?.intValue)
    }
}
