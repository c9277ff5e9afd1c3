import Foundation
import VitalsCore

/// The unit target: `HealthUnit(parsing:)` on the input as UTF-8 text.
///
/// An accepted string's spelling (`unitString`) parses to the same unit; a refusal is `.invalidUnit`.
enum UnitFuzz {
    /// Nil when the invariants held; else what broke.
    static func check(_ data: Data) -> String? {
        let text = String(decoding: data, as: UTF8.self)
        let unit: HealthUnit
        do {
            unit = try HealthUnit(parsing: text)
        } catch {
            return error.code == .invalidUnit ? nil : "refused with \(error.code), not invalidUnit: \(error)"
        }
        do {
            let again = try HealthUnit(parsing: unit.unitString)
            if again != unit || again.unitString != unit.unitString {
                return "'\(text)' spells '\(unit.unitString)', which reads back as '\(again.unitString)'"
            }
        } catch {
            return "'\(text)' spells '\(unit.unitString)', which is refused: \(error)"
        }
        return nil
    }
}
