import Foundation
import VitalsCore

/// Reads one type's samples that start in a range, a bounded page at a time: what keeps an export's memory flat.
///
/// Each read asks for the samples starting at or after a cursor (`strictStartDate`), oldest first,
/// at most `pageSize`; the next read starts at the last start seen and skips the samples already
/// handed out at that instant. A page full of one instant is read again with a larger limit.
struct SamplePages {
    var reader: any HealthReader
    var type: SampleType
    var range: DateRange
    var pageSize: Int

    /// Calls `body` with each page in start order (a slice of what was read, never empty); returns
    /// the types the reader would not let it read.
    func forEach(_ body: (ArraySlice<Sample>) async throws -> Void) async throws -> Set<SampleType> {
        var cursor = range.start
        var handedOut: Set<UUID> = []
        var limit = pageSize
        var unreadable: Set<SampleType> = []
        while true {
            try Task.checkCancellation()
            let predicate = SamplePredicate(start: cursor, end: range.end, options: .strictStartDate)
            let result = try await reader.samples(of: type, matching: predicate, limit: limit)
            unreadable.formUnion(result.unreadableTypes)
            let page = result.value
            let fresh = Self.unseen(page, at: cursor, handedOut: handedOut)
            guard page.count >= limit, let last = page.last else {
                if !fresh.isEmpty { try await body(fresh) }
                return unreadable
            }
            if last.start == cursor {
                // Every sample of the page starts at the cursor: read the instant whole.
                limit *= 2
                continue
            }
            if !fresh.isEmpty { try await body(fresh) }
            handedOut = Set(page.lazy.filter { $0.start == last.start }.map(\.uuid))
            cursor = last.start
            limit = pageSize
        }
    }

    /// The samples of `page` not handed out already: those at `cursor` were if their UUID is in
    /// `handedOut`. They lead the page (it is in start and row order), so the rest is a slice of it, not a copy.
    static func unseen(_ page: [Sample], at cursor: Date, handedOut: Set<UUID>) -> ArraySlice<Sample> {
        guard !handedOut.isEmpty else { return page[...] }
        var first = page.startIndex
        while first < page.endIndex, page[first].start == cursor, handedOut.contains(page[first].uuid) { first += 1 }
        let rest = page[first...]
        // Anything else at the cursor that was handed out (not in row order): filtered, as a copy.
        guard rest.contains(where: { $0.start == cursor && handedOut.contains($0.uuid) }) else { return rest }
        return ArraySlice(rest.filter { !($0.start == cursor && handedOut.contains($0.uuid)) })
    }
}
