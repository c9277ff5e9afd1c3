/// Splits a chart's points into runs of neighbouring slots, so a line breaks where a slot has no data.
///
/// A line drawn straight across slots without data (days nothing was measured on, hours without
/// a heart rate) shows values that were never there; each run is drawn as a line of its own and
/// a lone point stays a point.
enum LineRuns {
    /// The runs of `points` (in slot order) whose slots follow one another without a gap.
    static func split(_ points: [(slot: Int, x: Double, y: Double)]) -> [[(x: Double, y: Double)]] {
        var runs: [[(x: Double, y: Double)]] = []
        for (offset, point) in points.enumerated() {
            if offset > 0, points[offset - 1].slot == point.slot - 1 {
                runs[runs.count - 1].append((point.x, point.y))
            } else {
                runs.append([(point.x, point.y)])
            }
        }
        return runs
    }
}
