import SwiftUI

/// The built-in shapes filled, stroked and stroked inside their frames, in a grid of stacks.
struct ShapeSampler: View {
    var body: some View {
        VStack(spacing: 16) {
            HStack(spacing: 16) {
                Rectangle().fill(Color.blue)
                RoundedRectangle(cornerRadius: 12).fill(Color.green)
                Circle().fill(Color.orange)
                Capsule().fill(Color.purple)
                Ellipse().fill(Color.pink)
            }
            HStack(spacing: 16) {
                Rectangle().stroke(Color.blue, lineWidth: 4)
                RoundedRectangle(cornerRadius: 12).stroke(Color.green, lineWidth: 4)
                Circle().stroke(Color.orange, lineWidth: 4)
                Capsule().stroke(Color.purple, lineWidth: 4)
                Ellipse().stroke(Color.pink, lineWidth: 4)
            }
            HStack(spacing: 16) {
                Rectangle().strokeBorder(Color.blue, lineWidth: 6)
                RoundedRectangle(cornerRadius: 12).strokeBorder(Color.green, style: StrokeStyle(lineWidth: 3, dash: [6, 3]))
                Circle().strokeBorder(Color.orange, lineWidth: 6)
                Capsule().strokeBorder(Color.purple, style: StrokeStyle(lineWidth: 4, lineCap: .round, dash: [0.1, 8]))
                Ellipse().trim(from: 0.1, to: 0.6).stroke(Color.pink, style: StrokeStyle(lineWidth: 5, lineCap: .round))
            }
        }
        .frame(height: 180)
        .padding(20)
    }
}

struct ShapeSampler_Previews: PreviewProvider {
    static var previews: some View {
        ShapeSampler()
    }
}
