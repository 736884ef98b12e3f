import SwiftUI

/// Text input as iOS draws it in a form: an empty field's placeholder in the placeholder color, a field
/// with text and the caret of the focus, a secure field's dots, a number shown by its format, and a field in
/// the rounded border style; the focus moved to the password by a tap on a button.
struct SignInFields: View {
    enum Field: Hashable {
        case email, password
    }

    @State private var name = ""
    @State private var email = "ada@example.com"
    @State private var password = "analytical"
    @State private var age = 36
    @State private var note = ""
    @FocusState private var focus: Field?

    var body: some View {
        Form {
            Section("Account") {
                TextField("Full name", text: $name)
                TextField("Email", text: $email)
                    .focused($focus, equals: .email)
                    .keyboardType(.emailAddress)
                    .textInputAutocapitalization(.never)
                SecureField("Password", text: $password)
                    .focused($focus, equals: .password)
                TextField("Age", value: $age, format: .number)
            }
            Section("Note") {
                TextField("Add a note", text: $note)
                    .textFieldStyle(.roundedBorder)
                Button("Next field") { focus = .password }
            }
        }
        .onAppear { focus = .email }
    }
}

struct SignInFields_Previews: PreviewProvider {
    static var previews: some View {
        SignInFields()
    }
}
