import SwiftUI

/// Hold to delete: while a finger stays on the button its fill sweeps across; a second's hold deletes,
/// lifting early lets the fill run back.
struct HoldToConfirm: View {
    @State private var filling = false
    @State private var deleted = false

    var body: some View {
        ZStack(alignment: .leading) {
            Capsule()
                .fill(Color.red.opacity(0.15))
            Capsule()
                .fill(Color.red)
                .scaleEffect(x: filling || deleted ? 1 : 0, anchor: .leading)
            Label(deleted ? "Deleted" : "Hold to delete", systemImage: "trash")
                .font(.headline)
                .foregroundStyle(filling || deleted ? Color.white : Color.red)
                .frame(maxWidth: .infinity)
        }
        .frame(width: 220, height: 52)
        .onLongPressGesture(minimumDuration: 1) {
            deleted = true
        } onPressingChanged: { pressing in
            withAnimation(pressing ? .linear(duration: 1) : .easeOut(duration: 0.2)) { filling = pressing }
        }
    }
}

struct HoldToConfirm_Previews: PreviewProvider {
    static var previews: some View {
        HoldToConfirm()
    }
}
