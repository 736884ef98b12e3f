import SwiftUI

/// A typing indicator: three dots that fade in and out for ever, each a fifth of a second after the one
/// before, started when the view appears.
struct PulsingDots: View {
    @State private var pulsing = false

    var body: some View {
        HStack(spacing: 8) {
            ForEach(0..<3) { index in
                Circle()
                    .fill(Color.gray)
                    .frame(width: 12, height: 12)
                    .opacity(pulsing ? 1 : 0.25)
                    .animation(
                        .easeInOut(duration: 0.6).repeatForever().delay(Double(index) * 0.2),
                        value: pulsing)
            }
        }
        .padding(.horizontal, 16)
        .padding(.vertical, 12)
        .background(Color(white: 0.92))
        .clipShape(Capsule())
        .onAppear { pulsing = true }
    }
}

struct PulsingDots_Previews: PreviewProvider {
    static var previews: some View {
        PulsingDots()
    }
}
