import SwiftUI

/// A hue picker: a conic sweep of the hues whitened toward the middle by a radial gradient, a gauge arc
/// whose angular gradient leaves a gap, on a card lit by an elliptical glow. A tap on the button turns the
/// selection ring a third of the way round.
struct ColorWheel: View {
    @State private var hue = 0.0

    var body: some View {
        VStack(spacing: 12) {
            ZStack {
                Circle()
                    .fill(
                        AngularGradient(
                            gradient: Gradient(colors: [.red, .yellow, .green, .cyan, .blue, .purple, .red]),
                            center: .center))
                Circle()
                    .fill(RadialGradient(colors: [.white, .white.opacity(0)], center: .center, startRadius: 4, endRadius: 52))
                Circle()
                    .trim(from: 0, to: 0.75)
                    .stroke(
                        AngularGradient(
                            colors: [.green, .yellow, .red], center: .center, startAngle: .degrees(0),
                            endAngle: .degrees(270)),
                        style: StrokeStyle(lineWidth: 6, lineCap: .round)
                    )
                    .frame(width: 132, height: 132)
                Circle()
                    .strokeBorder(.white, lineWidth: 3)
                    .frame(width: 22, height: 22)
                    .offset(x: 38)
                    .rotationEffect(.degrees(hue))
            }
            .frame(width: 110, height: 110)
            .padding(12)
            Button("Next hue") {
                withAnimation(.easeInOut(duration: 0.6)) { hue += 120 }
            }
            .buttonStyle(.borderedProminent)
        }
        .padding(20)
        .background(EllipticalGradient(colors: [.indigo.opacity(0.3), .clear]))
    }
}

struct ColorWheel_Previews: PreviewProvider {
    static var previews: some View {
        ColorWheel()
    }
}
