import SwiftUI

/// A "Saved" toast: it drops in from the top and fades in when the button is tapped, and falls away
/// through the bottom when tapped; its time stamp is in the secondary label color.
struct ToastBanner: View {
    @State private var showsToast = false

    var body: some View {
        ZStack(alignment: .top) {
            Button("Save") {
                withAnimation(.spring(response: 0.4, dampingFraction: 0.8)) { showsToast = true }
            }
            .buttonStyle(.bordered)
            .frame(maxWidth: .infinity, maxHeight: .infinity)
            if showsToast {
                HStack(spacing: 8) {
                    Image(systemName: "checkmark.circle.fill")
                        .foregroundStyle(.green)
                    Text("Saved")
                        .font(.subheadline.weight(.semibold))
                    Text("just now")
                        .font(.subheadline)
                        .foregroundStyle(.secondary)
                }
                .padding(.horizontal, 16)
                .padding(.vertical, 10)
                .background(Capsule().fill(Color.white).shadow(color: Color(white: 0, opacity: 0.15), radius: 8, y: 2))
                .padding(.top, 12)
                .onTapGesture {
                    withAnimation(.easeIn(duration: 0.3)) { showsToast = false }
                }
                .transition(
                    .asymmetric(
                        insertion: .move(edge: .top).combined(with: .opacity),
                        removal: .move(edge: .bottom).combined(with: .opacity)))
            }
        }
    }
}

struct ToastBanner_Previews: PreviewProvider {
    static var previews: some View {
        ToastBanner()
    }
}
