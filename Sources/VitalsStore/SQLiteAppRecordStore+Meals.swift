public import Foundation
import GRDB
public import VitalsCore
public import VitalsInsights

extension SQLiteAppRecordStore {
    public func nutritionLogs(on days: ClosedRange<LocalDate>?) async throws -> [NutritionLog] {
        try await tables.read { db in
            guard let days else { return try Self.meals(db, where: "1", []) }
            return try Self.meals(
                db, where: "day >= ? AND day <= ?",
                [days.lowerBound.description, days.upperBound.description])
        }
    }

    public func nutritionLog(id: UUID) async throws -> NutritionLog? {
        try await tables.read { db in try Self.meals(db, where: "id = ?", [id]).first }
    }

    public func saveNutritionLog(_ meal: NutritionLog) async throws {
        try await tables.write { db in
            try db.execute(sql: "DELETE FROM nutrition_logs WHERE id = ?", arguments: [meal.id])
            try Self.insertRow(meal, db)
            // An item belongs to one meal: saving it with this one moves it here.
            try Self.insertItems(meal.items, of: meal.id, db, moving: true)
        }
    }

    public func deleteNutritionLog(id: UUID) async throws -> Bool {
        try await delete(id, from: "nutrition_logs")
    }

    public func applyIngestedMeals(_ meals: [NutritionLog], at date: Date) async throws -> Set<UUID> {
        try await tables.write { db in
            var added = Set<UUID>()
            for meal in meals {
                let exists =
                    try Bool.fetchOne(
                        db, sql: "SELECT 1 FROM nutrition_logs WHERE id = ?",
                        arguments: [meal.id]) ?? false
                if !exists { try Self.insertRow(meal, db) }
                let new = try Self.insertItems(meal.items, of: meal.id, db, moving: false)
                guard !new.isEmpty else { continue }
                added.formUnion(new)
                try Self.recomputeTotals(of: meal.id, db)
            }
            try Self.recordSync(.meal, at: date, in: db)
            return added
        }
    }

    private static func insertRow(_ meal: NutritionLog, _ db: Database) throws {
        try db.execute(
            sql: """
                INSERT INTO nutrition_logs (id, day, meal_type, start_date, end_date, kilocalories, protein, carbohydrates,
                                            fat, confidence, source)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                meal.id, meal.day.description, meal.mealType.rawValue, meal.start.timeIntervalSince1970,
                meal.end.timeIntervalSince1970, meal.kilocalories, meal.protein, meal.carbohydrates,
                meal.fat, meal.confidence, meal.source.rawValue,
            ])
    }

    /// Inserts `items` into meal `id`; an item stored already is left where it is, or with
    /// `moving`, moved to this meal. Returns the UUIDs that were not stored before.
    @discardableResult
    private static func insertItems(
        _ items: [NutritionItem], of id: UUID, _ db: Database,
        moving: Bool
    ) throws -> Set<UUID> {
        var new = Set<UUID>()
        let insert = try db.makeStatement(
            sql: """
                INSERT INTO nutrition_log_items (uuid, log_id, eaten, kilocalories, protein, carbohydrates, fat)
                VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (uuid) DO NOTHING
                """)
        let move = try db.makeStatement(sql: "UPDATE nutrition_log_items SET log_id = ? WHERE uuid = ?")
        for item in items {
            try insert.execute(arguments: [
                item.uuid, id, item.date.timeIntervalSince1970, item.kilocalories,
                item.protein, item.carbohydrates, item.fat,
            ])
            if db.changesCount > 0 {
                new.insert(item.uuid)
            } else if moving {
                try move.execute(arguments: [id, item.uuid])
            }
        }
        return new
    }

    /// Makes meal `id`'s totals, times and confidence its stored items' (an absent macro stays `NULL`).
    private static func recomputeTotals(of id: UUID, _ db: Database) throws {
        try db.execute(
            sql: """
                UPDATE nutrition_logs SET
                    kilocalories = (SELECT coalesce(sum(kilocalories), 0) FROM nutrition_log_items WHERE log_id = ?1),
                    protein = (SELECT sum(protein) FROM nutrition_log_items WHERE log_id = ?1),
                    carbohydrates = (SELECT sum(carbohydrates) FROM nutrition_log_items WHERE log_id = ?1),
                    fat = (SELECT sum(fat) FROM nutrition_log_items WHERE log_id = ?1),
                    start_date = (SELECT min(eaten) FROM nutrition_log_items WHERE log_id = ?1),
                    end_date = (SELECT max(eaten) FROM nutrition_log_items WHERE log_id = ?1),
                    confidence = ?2
                WHERE id = ?1
                """,
            arguments: [
                id,
                MealGrouping.confidence(
                    sampleCount: try Int.fetchOne(
                        db,
                        sql: """
                            SELECT count(*) FROM nutrition_log_items WHERE log_id = ?
                            """, arguments: [id]) ?? 0),
            ])
    }

    /// The meals matching `condition` by day and meal order, with their items.
    private static func meals(
        _ db: Database, where condition: String,
        _ arguments: StatementArguments
    ) throws -> [NutritionLog] {
        let rows = try Row.fetchAll(
            db,
            sql: """
                SELECT id, day, meal_type, start_date, end_date, kilocalories, protein, carbohydrates, fat, confidence, source
                FROM nutrition_logs WHERE \(condition)
                """, arguments: arguments)
        let meals = try rows.map { row in
            let id: UUID = row[0]
            guard let day = try? LocalDate(parsing: row[1] as String), let type = MealType(rawValue: row[2]),
                let source = NutritionSource(rawValue: row[10])
            else { throw unreadable("nutrition_logs") }
            let items = try Row.fetchAll(
                db,
                sql: """
                    SELECT uuid, eaten, kilocalories, protein, carbohydrates, fat FROM nutrition_log_items
                    WHERE log_id = ? ORDER BY eaten, uuid
                    """, arguments: [id]
            ).map { item in
                NutritionItem(
                    uuid: item[0], date: Date(timeIntervalSince1970: item[1]), kilocalories: item[2],
                    protein: item[3], carbohydrates: item[4], fat: item[5])
            }
            return NutritionLog(
                id: id, day: day, mealType: type, start: Date(timeIntervalSince1970: row[3]),
                end: Date(timeIntervalSince1970: row[4]), kilocalories: row[5], protein: row[6],
                carbohydrates: row[7], fat: row[8], items: items, confidence: row[9], source: source)
        }
        let order = Dictionary(uniqueKeysWithValues: MealType.allCases.enumerated().map { ($1, $0) })
        return meals.sorted {
            ($0.day, order[$0.mealType] ?? 0, $0.start) < ($1.day, order[$1.mealType] ?? 0, $1.start)
        }
    }
}
