import Foundation
import VitalsCore

/// Who the exported data is about: the FHIR `Patient` every Observation references.
///
/// Built from the store's characteristics (`HKCharacteristicTypeIdentifierDateOfBirth`,
/// `HKCharacteristicTypeIdentifierBiologicalSex`): a local store's, or those a server keeps of
/// a user's last imported export.
public struct PatientDetails: Sendable, Hashable {
    /// The resource id, `[A-Za-z0-9\-.]{1,64}`.
    public var id: String
    /// `YYYY-MM-DD`, when known.
    public var birthDate: String?
    /// FHIR administrative gender: `female`, `male`, `other` or `unknown`, when known.
    public var gender: String?

    /// Creates the details.
    public init(id: String = "self", birthDate: String? = nil, gender: String? = nil) {
        self.id = id
        self.birthDate = birthDate
        self.gender = gender
    }

    /// The details a store's characteristics give; unset or malformed values are left out.
    public init(id: String = "self", characteristics: [String: String]) {
        self.init(id: id)
        if let birth = characteristics["HKCharacteristicTypeIdentifierDateOfBirth"],
            birth.utf8.count == 10, (try? LocalDate(parsing: birth)) != nil
        {
            birthDate = birth
        }
        switch characteristics["HKCharacteristicTypeIdentifierBiologicalSex"] {
        case "HKBiologicalSexFemale": gender = "female"
        case "HKBiologicalSexMale": gender = "male"
        case "HKBiologicalSexOther": gender = "other"
        default: gender = nil
        }
    }
}
