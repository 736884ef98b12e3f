import SwiftUI

/// A drop zone: a dashed rounded border around a prompt; a double tap marks it chosen, and the border
/// turns solid and green.
struct DropZone: View {
    @State private var chosen = false

    var body: some View {
        VStack(spacing: 8) {
            Text(chosen ? "Chosen" : "Drop files here")
                .font(.headline)
            Text("or double-tap to choose")
                .font(.caption)
                .foregroundStyle(.gray)
        }
        .frame(width: 240, height: 120)
        .background(
            RoundedRectangle(cornerRadius: 16)
                .strokeBorder(
                    chosen ? Color.green : Color.gray,
                    style: StrokeStyle(lineWidth: 2, dash: chosen ? [] : [8, 6]))
        )
        .contentShape(.rect)
        .onTapGesture(count: 2) {
            chosen = true
        }
    }
}

struct DropZone_Previews: PreviewProvider {
    static var previews: some View {
        DropZone()
    }
}
