import SwiftUI

/// A settings form as iOS draws it: sections on the grouped background, uppercase headers, a footer, rows
/// 44 points high with hairlines between them, switches, a menu picker and a tinted button; scrolled by a drag.
struct SettingsForm: View {
    @State private var notifications = true
    @State private var sounds = false
    @State private var size = "Medium"

    var body: some View {
        Form {
            Section(header: Text("Notifications")) {
                Toggle("Allow notifications", isOn: $notifications)
                Toggle("Sounds", isOn: $sounds)
                Picker("Preview size", selection: $size) {
                    Text("Small").tag("Small")
                    Text("Medium").tag("Medium")
                    Text("Large").tag("Large")
                }
            }
            Section {
                HStack {
                    Text("Version")
                    Spacer()
                    Text("2.4.1").foregroundStyle(.secondary)
                }
                HStack {
                    Text("Build")
                    Spacer()
                    Text("318").foregroundStyle(.secondary)
                }
            } header: {
                Text("About")
            } footer: {
                Text("Updates are installed overnight when the phone is charging.")
            }
            Section {
                Button("Sign Out", role: .destructive) {}
            }
            Section("Storage") {
                ForEach(["Photos", "Messages", "Mail", "Music", "Podcasts"], id: \.self) { app in
                    Text(app)
                }
            }
        }
    }
}

struct SettingsForm_Previews: PreviewProvider {
    static var previews: some View {
        SettingsForm()
    }
}
