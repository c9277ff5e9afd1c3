/// Carries a non-Sendable HealthKit object into a task, as HealthKit's own queues do.
struct UncheckedBox<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
