/// The goals the rings are drawn against when the day has no activity summary (or one without a goal).
///
/// Exercise and stand are Apple's defaults (30 minutes, 12 hours); Apple suggests a move goal
/// from age, weight and activity at setup, so 500 kcal (a typical suggestion) stands in for it.
/// A ring drawn against one of these says "default goal" beside it.
enum ActivityGoals {
    /// Kilocalories of active energy.
    static let move = 500.0
    /// Minutes of exercise.
    static let exercise = 30.0
    /// Hours with a stand.
    static let stand = 12.0
}
