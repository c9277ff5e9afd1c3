import Foundation

/// The source strings an ``ArrivalRule`` has seen, by index, and which of them name a device in common.
///
/// Two source strings are the same source when they name a device in common: split at `|`,
/// trimmed, the empty parts left out (the whole string, the empty one included, when it has no
/// other part). The split is made only for sources that are compared with another one.
struct ArrivalSources {
    private var indexes: [String: Int32] = [:]
    /// The source last looked up: samples come in runs of one source, and a name with non-ASCII
    /// characters (`Anna’s iPhone`) costs a normalization to hash.
    private var last: (name: String, index: Int32)?
    /// Each source's name, and the devices it names once a comparison needed them.
    private var names: [String] = []
    private var devices: [Set<String>?] = []
    /// Whether two sources (by index) name a device in common.
    private var shared: [Int64: Bool] = [:]

    /// The index of the source named `name`, given it the first time it is seen.
    mutating func index(of name: String) -> Int32 {
        if let last, last.name == name { return last.index }
        if let index = indexes[name] {
            last = (name, index)
            return index
        }
        let index = Int32(names.count)
        indexes[name] = index
        names.append(name)
        devices.append(nil)
        last = (name, index)
        return index
    }

    /// Whether the sources with indexes `first` and `second` name a device in common.
    mutating func shareDevice(_ first: Int32, _ second: Int32) -> Bool {
        if first == second { return true }
        let pair = Int64(min(first, second)) << 32 | Int64(max(first, second))
        if let known = shared[pair] { return known }
        let answer = !devices(of: first).isDisjoint(with: devices(of: second))
        shared[pair] = answer
        return answer
    }

    /// The devices a source string names (see ``ArrivalSources``).
    static func devices(named name: String) -> Set<String> {
        let parts = name.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        return parts.isEmpty ? [name] : Set(parts)
    }

    /// The devices the source with index `source` names, split from its name the first time.
    private mutating func devices(of source: Int32) -> Set<String> {
        if let known = devices[Int(source)] { return known }
        let named = Self.devices(named: names[Int(source)])
        devices[Int(source)] = named
        return named
    }
}
