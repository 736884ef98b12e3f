import SwiftUI

/// A message typed out one letter at a time by a `.task` that sleeps between letters, with a caret that a
/// second task blinks while the first types; a pause, then a reply button rises in. Every sleep is scene
/// time, so the message reads the same at a given frame on every run.
struct Typewriter: View {
    private let message = "Your order is on its way!"
    @State private var typed = 0
    @State private var caretShown = true
    @State private var finished = false

    var body: some View {
        VStack(alignment: .leading, spacing: 14) {
            HStack(spacing: 1) {
                Text(message.prefix(typed))
                    .font(.system(size: 17, weight: .medium, design: .rounded))
                Capsule()
                    .fill(.tint)
                    .frame(width: 2, height: 20)
                    .opacity(caretShown ? 1 : 0)
            }
            if finished {
                Button("Track it", systemImage: "paperplane.fill") {}
                    .buttonStyle(.borderedProminent)
                    .transition(.move(edge: .bottom).combined(with: .opacity))
            }
        }
        .padding(20)
        .frame(width: 320, height: 130, alignment: .topLeading)
        .task {
            for _ in message {
                try? await Task.sleep(for: .milliseconds(45))
                typed += 1
            }
            try? await Task.sleep(for: .seconds(0.3))
            withAnimation(.easeOut(duration: 0.3)) { finished = true }
        }
        .task {
            while !finished {
                try? await Task.sleep(for: .seconds(0.25))
                caretShown.toggle()
            }
            caretShown = false
        }
    }
}

struct Typewriter_Previews: PreviewProvider {
    static var previews: some View {
        Typewriter()
    }
}
