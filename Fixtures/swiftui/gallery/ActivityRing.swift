import SwiftUI

/// A progress ring: a faint track, the done part trimmed from the full circle with round caps and turned
/// to start at the top, the percentage in the middle; each tap on "Add" adds a quarter with an ease.
struct ActivityRing: View {
    @State private var progress = 0.25

    var body: some View {
        VStack(spacing: 20) {
            ZStack {
                Circle()
                    .stroke(Color.pink.opacity(0.2), lineWidth: 14)
                Circle()
                    .trim(from: 0, to: progress)
                    .stroke(Color.pink, style: StrokeStyle(lineWidth: 14, lineCap: .round))
                    .rotationEffect(.degrees(-90))
                Text("\(Int(progress * 100))%")
                    .font(.title2.bold())
            }
            .frame(width: 120, height: 120)
            Button("Add") {
                withAnimation(.easeInOut(duration: 0.6)) {
                    progress = min(progress + 0.25, 1)
                }
            }
            .buttonStyle(.bordered)
        }
    }
}

struct ActivityRing_Previews: PreviewProvider {
    static var previews: some View {
        ActivityRing()
    }
}
