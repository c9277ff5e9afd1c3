import Testing
import VitalsCore
import VitalsInsights

@Suite("Workout templates (seed 004)")
struct WorkoutTemplateTests {
    @Test(
        "Strength, mobility and cardio activities map to their templates",
        arguments: [
            ("traditionalStrengthTraining", WorkoutTemplate.strength), ("functionalStrengthTraining", .strength),
            ("crossTraining", .strength), ("yoga", .mobility), ("pilates", .mobility), ("flexibility", .mobility),
            ("mindAndBody", .mobility), ("running", .cardio), ("cycling", .cardio),
            ("highIntensityIntervalTraining", .cardio), ("activity9999", .cardio),
        ])
    func mapping(name: String, template: WorkoutTemplate) throws {
        let activity = try #require(WorkoutActivityType(name: name))
        #expect(WorkoutTemplate(activity: activity) == template)
    }
}
