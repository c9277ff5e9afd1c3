import Foundation
import VitalsCore

/// Apple documentation: "HKQuery". The abstract base of queries, and HealthKit's predicate factories.
public class HKQuery: NSObject {
    /// Starts the query against `simulator`; each query kind overrides it.
    func start(in simulator: HealthKitSimulator) {}

    /// Stops a long-running query.
    func stop(in simulator: HealthKitSimulator) {}

    /// Apple documentation: "predicateForSamples(withStart:end:options:)".
    public class func predicateForSamples(
        withStart startDate: Date?, end endDate: Date?,
        options: HKQueryOptions = []
    ) -> NSPredicate {
        var coreOptions: SampleQueryOptions = []
        if options.contains(.strictStartDate) { coreOptions.insert(.strictStartDate) }
        if options.contains(.strictEndDate) { coreOptions.insert(.strictEndDate) }
        let window = SamplePredicate(start: startDate, end: endDate, options: coreOptions)
        return NSPredicate { object, _ in
            guard let sample = object as? HKSample else { return false }
            return window.matchesDates(start: sample.startDate, end: sample.endDate)
        }
    }

    /// Apple documentation: "predicateForObjects(from:)" (a set of sources).
    public class func predicateForObjects(from sources: Set<HKSource>) -> NSPredicate {
        let identifiers = Set(sources.map(\.bundleIdentifier))
        return NSPredicate { object, _ in
            guard let object = object as? HKObject else { return false }
            return identifiers.contains(object.sourceRevision.source.bundleIdentifier)
        }
    }

    /// Apple documentation: "predicateForObjects(with:)" (a set of UUIDs).
    // swift-format-ignore: AlwaysUseLowerCamelCase
    public class func predicateForObjects(with UUIDs: Set<UUID>) -> NSPredicate {
        NSPredicate { object, _ in
            guard let object = object as? HKObject else { return false }
            return UUIDs.contains(object.uuid)
        }
    }
}
