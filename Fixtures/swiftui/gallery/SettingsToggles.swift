import SwiftUI

/// A settings card: switches between dividers, one tinted; tapping a switch slides its thumb.
struct SettingsToggles: View {
    @State private var wifi = true
    @State private var bluetooth = false
    @State private var airplane = false

    var body: some View {
        VStack(spacing: 12) {
            Toggle("Wi-Fi", isOn: $wifi)
            Divider()
            Toggle("Bluetooth", isOn: $bluetooth)
            Divider()
            Toggle("Airplane Mode", isOn: $airplane)
                .tint(.orange)
        }
        .padding()
        .background(Color(white: 0.97))
        .clipShape(.rect(cornerRadius: 12))
        .padding()
    }
}

struct SettingsToggles_Previews: PreviewProvider {
    static var previews: some View {
        SettingsToggles()
    }
}
