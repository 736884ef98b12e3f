import SwiftUI

/// A quantity stepper: minus and plus buttons around the count; at the most it allows, a "Max" badge pops
/// in with a scale and the plus button dims. Minus takes the badge away with a fade.
struct StepperBadge: View {
    @State private var count = 1
    private let most = 3

    var body: some View {
        VStack(spacing: 12) {
            HStack(spacing: 20) {
                Button {
                    withAnimation(.easeOut(duration: 0.25)) { count = max(count - 1, 0) }
                } label: {
                    Image(systemName: "minus")
                        .frame(width: 44, height: 44)
                }
                Text("\(count)")
                    .font(.title2.bold())
                    .frame(minWidth: 32)
                Button {
                    withAnimation(.spring(response: 0.35, dampingFraction: 0.6)) { count = min(count + 1, most) }
                } label: {
                    Image(systemName: "plus")
                        .frame(width: 44, height: 44)
                }
                .opacity(count < most ? 1 : 0.3)
            }
            .font(.title3)
            if count == most {
                Text("Max")
                    .font(.caption.bold())
                    .foregroundStyle(.white)
                    .padding(.horizontal, 10)
                    .padding(.vertical, 4)
                    .background(Capsule().fill(Color.orange))
                    .transition(.asymmetric(insertion: .scale, removal: .opacity))
            }
        }
        .padding()
    }
}

struct StepperBadge_Previews: PreviewProvider {
    static var previews: some View {
        StepperBadge()
    }
}
