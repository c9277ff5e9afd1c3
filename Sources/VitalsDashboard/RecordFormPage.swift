import Foundation
import VitalsCore
import VitalsInsights

/// The Records page's forms: add a local record, edit one, delete one (a confirm box and a button).
///
/// Every form posts (HTML forms cannot send PUT or DELETE) with the session's CSRF field when on a
/// server. A refused value is shown again as typed, with the reason next to its field
/// (`aria-describedby`, `aria-invalid`), so the form can be fixed and sent again.
struct RecordFormPage: Sendable {
    var layout: PageLayout
    var session: DashboardSession?

    private var links: DashboardLinks { layout.links }

    /// The page adding a record of `form.kind`.
    func add(_ form: RecordForm) -> String {
        let title = "Add a \(form.kind.noun)"
        return layout.page(title: title, current: .records) {
            Tag.h1 { title }
            Tag.section(.class("panel record-form")) {
                Tag.form(.method("post"), .action(links.addRecord), .data("form", "add")) {
                    Tag.input(.type("hidden"), .name("kind"), .value(form.kind.pathName))
                    fields(form)
                    Tag.button(.type("submit")) { "Save" }
                }
                Tag.p {
                    Tag.a(.href(links.records(of: form.kind))) { "Back to \(form.kind.title.lowercased()) records" }
                }
            }
        }
    }

    /// The page editing the local record `record`, with its delete form; `confirmError` when a
    /// delete came without its confirmation.
    func edit(_ form: RecordForm, record: any HealthRecord, confirmError: String? = nil) -> String {
        let title = "Edit a \(form.kind.noun)"
        return layout.page(title: title, current: .records) {
            Tag.h1 { title }
            Tag.section(.class("panel record-form")) {
                Tag.form(.method("post"), .action(links.editRecord(record.id)), .data("form", "edit")) {
                    fields(form)
                    Tag.button(.type("submit")) { "Save changes" }
                }
                Tag.p(.class("note")) {
                    "Written by \(record.source.name) (local). Saving replaces the record with a new one, as Apple Health does."
                }
            }
            deleteForm(record, error: confirmError)
            Tag.p { Tag.a(.href(links.records(of: form.kind))) { "Back to \(form.kind.title.lowercased()) records" } }
        }
    }

    private func deleteForm(_ record: any HealthRecord, error: String?) -> HTML {
        Tag.section(.class("panel record-form delete")) {
            Tag.h2 { "Delete" }
            Tag.form(.method("post"), .action(links.deleteRecord(record.id)), .data("form", "delete")) {
                if let session { session.csrfField }
                Tag.div(.class("confirm")) {
                    confirmBox(hasError: error != nil)
                    Tag.label(.for("field-confirm")) { "Yes, delete this record" }
                }
                if let error {
                    Tag.p(.class("error"), .id("confirm-error"), .data("field", "confirm"), .role("alert")) { error }
                }
                Tag.button(.type("submit"), .class("danger")) { "Delete" }
            }
        }
    }

    private func confirmBox(hasError: Bool) -> HTML {
        var attributes: [Attribute] = [
            .id("field-confirm"), .name("confirm"), .type("checkbox"), .value("yes"), .required(),
        ]
        if hasError { attributes += [.ariaInvalid(), .ariaDescribedBy("confirm-error")] }
        return Tag.input(attributes: attributes)
    }

    /// The CSRF field, an error about the whole form, and each field with its label and error.
    @HTMLBuilder
    private func fields(_ form: RecordForm) -> HTML {
        if let session { session.csrfField }
        if let general = form.errors[""] {
            Tag.p(.class("error"), .role("alert"), .data("field", "record")) { general }
        }
        for field in form.fields { input(field, form: form) }
    }

    private func input(_ field: RecordForm.Field, form: RecordForm) -> HTML {
        let id = "field-" + field.name
        let error = form.errors[field.name]
        var attributes: [Attribute] = [.id(id), .name(field.name), .type(field.inputType)]
        if let value = form.values[field.name] { attributes.append(.value(value)) }
        if field.isRequired { attributes.append(.required()) }
        switch field.inputType {
        case "number": attributes += [.step("any"), .inputMode("decimal")]
        case "datetime-local": attributes.append(.step("1"))
        default: break
        }
        if error != nil { attributes += [.ariaInvalid(), .ariaDescribedBy(field.name + "-error")] }
        return Tag.div(.class("field")) {
            Tag.label(.for(id)) { field.label }
            Tag.input(attributes: attributes)
            if let error { Tag.p(.class("error"), .id(field.name + "-error"), .data("field", field.name)) { error } }
        }
    }
}
