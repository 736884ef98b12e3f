import SwiftUI

/// A countdown that a task steps every half second: each new number rolls in with the numeric-text content
/// transition, counting down, until a "Go" capsule pops in.
struct LaunchCountdown: View {
    @State private var remaining = 5
    @State private var launched = false

    var body: some View {
        VStack(spacing: 12) {
            Text("Starting in")
                .font(.subheadline)
                .foregroundStyle(.secondary)
            Text("\(remaining)")
                .font(.system(size: 56, weight: .bold, design: .rounded))
                .monospacedDigit()
                .contentTransition(.numericText(countsDown: true))
            if launched {
                Text("Go!")
                    .font(.headline)
                    .foregroundStyle(.white)
                    .padding(.horizontal, 18)
                    .padding(.vertical, 6)
                    .background(Capsule().fill(.green))
                    .transition(.scale.combined(with: .opacity))
            }
        }
        .frame(width: 240, height: 200)
        .task {
            while remaining > 1 {
                try? await Task.sleep(for: .seconds(0.5))
                withAnimation(.snappy(duration: 0.3)) { remaining -= 1 }
            }
            try? await Task.sleep(for: .seconds(0.5))
            withAnimation(.bouncy) { launched = true }
        }
    }
}

struct LaunchCountdown_Previews: PreviewProvider {
    static var previews: some View {
        LaunchCountdown()
    }
}
