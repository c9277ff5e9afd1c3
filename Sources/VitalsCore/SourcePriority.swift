import Foundation

/// A source as priority ranking sees it: whether it is a watch or a phone, and when it first appeared.
public struct RankedSource: Sendable, Hashable {
    public var source: Source
    /// Whether its name or a device of its samples says Watch.
    public var isWatch: Bool
    /// Whether its name or a device of its samples says iPhone.
    public var isPhone: Bool
    /// Order of first appearance in the store (smaller is earlier).
    public var firstSeen: Int

    /// Creates a ranked source.
    public init(source: Source, isWatch: Bool, isPhone: Bool, firstSeen: Int) {
        self.source = source
        self.isWatch = isWatch || source.name.lowercased().contains("watch")
        self.isPhone = isPhone || source.name.lowercased().contains("iphone")
        self.firstSeen = firstSeen
    }
}

/// Orders sources for merging: a user's explicit order first, then Health's default.
public enum SourcePriority {
    /// Health's default order: watches, then iPhones, then the rest by first appearance.
    public static func defaultOrder(_ sources: [RankedSource]) -> [RankedSource] {
        sources.sorted { lhs, rhs in
            let left = lhs.isWatch ? 0 : lhs.isPhone ? 1 : 2
            let right = rhs.isWatch ? 0 : rhs.isPhone ? 1 : 2
            return left != right ? left < right : lhs.firstSeen < rhs.firstSeen
        }
    }

    /// The sources named in `explicit` (names or bundle identifiers, highest first), then the
    /// remaining ones in default order.
    public static func order(_ sources: [RankedSource], explicit: [String]) -> [RankedSource] {
        var listed: [RankedSource] = []
        var taken = Set<Source>()
        for key in explicit {
            for candidate in sources
            where !taken.contains(candidate.source)
                && (candidate.source.name == key || candidate.source.bundleIdentifier == key)
            {
                listed.append(candidate)
                taken.insert(candidate.source)
            }
        }
        return listed + defaultOrder(sources.filter { !taken.contains($0.source) })
    }

    /// Health's default order where first appearances are unknown: watches, then iPhones (as
    /// their names say), then the rest, each group by name. Returns indices into `names`.
    public static func nameOrder(_ names: [String]) -> [Int] {
        let groups = names.map { name -> Int in
            let ranked = RankedSource(
                source: Source(name: name, bundleIdentifier: ""), isWatch: false, isPhone: false, firstSeen: 0)
            return ranked.isWatch ? 0 : ranked.isPhone ? 1 : 2
        }
        return names.indices.sorted { groups[$0] != groups[$1] ? groups[$0] < groups[$1] : names[$0] < names[$1] }
    }
}
