import Foundation
import Hummingbird
import VitalsCore

extension Dashboard {
    /// The Today page of `day` for `scope`, as a document.
    func todayPage(scope: DashboardScope, day: LocalDate) async throws -> String {
        let data = try await TodayData.load(DashboardQueries(scope: scope), day: day)
        return TodayPage(data: data, layout: layout(scope), calendar: scope.calendar).render()
    }

    /// The Day page of `day` for `scope`, as a document.
    func dayPage(scope: DashboardScope, day: LocalDate) async throws -> String {
        let data = try await DayData.load(DashboardQueries(scope: scope), day: day)
        return DayPage(data: data, layout: layout(scope), calendar: scope.calendar).render()
    }

    private func layout(_ scope: DashboardScope) -> PageLayout {
        PageLayout(configuration: configuration, links: links, zone: scope.calendar.timeZone, session: scope.session)
    }
}
