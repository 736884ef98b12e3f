import SwiftUI

/// A loading spinner: an arc of a circle turning for ever at a constant speed, started when it appears,
/// over a caption.
struct SpinningLoader: View {
    @State private var spinning = false

    var body: some View {
        VStack(spacing: 16) {
            Circle()
                .trim(from: 0, to: 0.7)
                .stroke(
                    LinearGradient(colors: [.blue, .purple], startPoint: .topLeading, endPoint: .bottomTrailing),
                    style: StrokeStyle(lineWidth: 6, lineCap: .round))
                .frame(width: 48, height: 48)
                .rotationEffect(.degrees(spinning ? 360 : 0))
                .animation(.linear(duration: 1).repeatForever(autoreverses: false), value: spinning)
            Text("Loading…")
                .font(.subheadline)
                .foregroundStyle(.gray)
        }
        .onAppear { spinning = true }
    }
}

struct SpinningLoader_Previews: PreviewProvider {
    static var previews: some View {
        SpinningLoader()
    }
}
