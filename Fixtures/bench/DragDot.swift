import SwiftUI

/// A dot that follows a finger: every move a drag delivers changes its state. `Scripts/bench limits` plays a
/// million touch points through it.
struct DragDot: View {
    @State private var point = CGPoint(x: 100, y: 100)

    var body: some View {
        Circle()
            .fill(.blue)
            .frame(width: 40, height: 40)
            .position(point)
            .frame(maxWidth: .infinity, maxHeight: .infinity)
            .contentShape(Rectangle())
            .gesture(DragGesture(minimumDistance: 0).onChanged { point = $0.location })
    }
}
