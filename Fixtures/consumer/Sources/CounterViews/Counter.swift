// View code written as SwiftUI, as an iOS app would write it: on Linux it compiles against reveal-render's
// SwiftUI module, through the conditional dependency in Package.swift.
import SwiftUI

/// A count and a button that adds one, fading its hint out once counted.
public struct Counter: View {
    @State private var count = 0

    public init() {}

    public var body: some View {
        VStack(spacing: 12) {
            Text("Count \(count)")
                .font(.title.bold())
            if count == 0 {
                Text("Tap Add to count")
                    .foregroundStyle(.gray)
                    .transition(.opacity)
            }
            Button("Add", systemImage: "plus") {
                withAnimation(.easeOut(duration: 0.3)) { count += 1 }
            }
            .buttonStyle(.bordered)
        }
    }
}

// A preview, as most real files carry: on Linux our SwiftUI's `#Preview`, whose plugin SwiftPM builds with
// reveal-render, so the target needs nothing more in Package.swift; `reveal-render swiftui Counter.swift`
// renders it.
#Preview("Counter") {
    Counter()
        .padding()
}
