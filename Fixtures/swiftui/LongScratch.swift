import SwiftUI

/// The seed's `ScratchToReveal`, compiled from ../shared/seeds beside this file, on a card that a stroke
/// kept off its edges never reveals (every cell must be cleared): what `Scripts/bench` scratches for 5 s
/// and for 60 s to time a frame against the length of the stroke behind it.
struct LongScratch: View {
    var body: some View {
        ScratchToReveal(brushWidth: 56, revealThreshold: 1) {
            LinearGradient(colors: [.orange, .pink], startPoint: .top, endPoint: .bottom)
        } cover: {
            Color(white: 0.8)
        }
        .frame(width: 337, height: 240)
    }
}
