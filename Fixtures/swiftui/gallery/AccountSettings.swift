import Foundation
import SwiftUI

/// An account screen: a stepper, a color well, a storage gauge and a link in a form; "Sign Out" asks in an
/// alert, "Delete Account" in a confirmation dialog (an action sheet on iPhone).
struct AccountSettings: View {
    @State private var guests = 2
    @State private var accent = Color.indigo
    @State private var confirmSignOut = false
    @State private var confirmDelete = false
    @State private var status = "Signed in"

    var body: some View {
        Form {
            Section("Trip") {
                Stepper("Guests: \(guests)", value: $guests, in: 1...4)
                ColorPicker("Accent", selection: $accent)
            }
            Section {
                Gauge(value: 46, in: 0...64) {
                    Text("Storage")
                } currentValueLabel: {
                    Text("46 GB")
                } minimumValueLabel: {
                    Text("0")
                } maximumValueLabel: {
                    Text("64")
                }
                Link("Privacy Policy", destination: URL(string: "https://example.com/privacy")!)
            }
            Section {
                Button("Sign Out") { confirmSignOut = true }
                Button("Delete Account", role: .destructive) { confirmDelete = true }
            } footer: {
                Text(status)
            }
        }
        .alert("Sign out?", isPresented: $confirmSignOut) {
            Button("Cancel", role: .cancel) {}
            Button("Sign Out") { status = "Signed out" }
        } message: {
            Text("You can sign in again at any time.")
        }
        .confirmationDialog("Delete your account?", isPresented: $confirmDelete, titleVisibility: .visible) {
            Button("Delete Account", role: .destructive) { status = "Deleted" }
        } message: {
            Text("Your trips and photos will be removed.")
        }
    }
}

struct AccountSettings_Previews: PreviewProvider {
    static var previews: some View {
        AccountSettings()
    }
}
