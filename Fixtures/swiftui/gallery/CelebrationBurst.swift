import SwiftUI

/// A celebration burst drawn in one `Canvas` on an animation timeline: confetti flying out of a glowing
/// badge and falling, each piece a gradient-shaded shape turned in the context's transform; sparks added
/// with `plusLighter`; the badge a transparency layer with a shadow filter, its star cut out by an inverse
/// clip; everything clipped to a rounded card.
struct CelebrationBurst: View {
    private let start = Date(timeIntervalSince1970: 1_767_260_460)  // the scene clock at time 0

    var body: some View {
        TimelineView(.animation) { timeline in
            let t = max(timeline.date.timeIntervalSince(start), 0)
            Canvas { context, size in
                let card = Path(roundedRect: CGRect(origin: .zero, size: size), cornerRadius: 24)
                context.fill(
                    card,
                    with: .linearGradient(
                        Gradient(colors: [Color(white: 0.12), Color(red: 0.1, green: 0.05, blue: 0.25)]),
                        startPoint: .zero, endPoint: CGPoint(x: 0, y: size.height)))
                context.clip(to: card)
                let center = CGPoint(x: size.width / 2, y: size.height * 0.55)
                drawConfetti(in: &context, center: center, t: t)
                drawBadge(in: context, center: center, t: t)
            }
        }
        .frame(width: 300, height: 220)
        .padding(10)
    }

    /// Forty pieces, each thrown from the centre at its own angle and speed, falling under gravity and spinning.
    private func drawConfetti(in context: inout GraphicsContext, center: CGPoint, t: Double) {
        let colors: [Color] = [.pink, .orange, .yellow, .mint, .cyan, .purple]
        for i in 0..<40 {
            let angle = Double(i) * 2.399963  // the golden angle spreads them evenly
            let speed = 90 + Double((i * 37) % 60)
            let x = center.x + cos(angle) * speed * t
            let y = center.y + sin(angle) * speed * t + 60 * t * t
            var piece = context
            piece.translateBy(x: x, y: y)
            piece.rotate(by: .radians(angle + t * Double(3 + i % 4)))
            piece.opacity = max(0, 1 - t / 2.2)
            let color = colors[i % colors.count]
            let shape =
                i % 3 == 0
                ? Path(ellipseIn: CGRect(x: -4, y: -4, width: 8, height: 8))
                : Path(CGRect(x: -6, y: -3, width: 12, height: 6))
            piece.fill(
                shape,
                with: .linearGradient(
                    Gradient(colors: [color, color.opacity(0.6)]), startPoint: CGPoint(x: -6, y: 0),
                    endPoint: CGPoint(x: 6, y: 0)))
        }
        var sparks = context
        sparks.blendMode = .plusLighter
        for i in 0..<12 {
            let angle = Double(i) * .pi / 6 + t
            let radius = 20 + 70 * min(t, 1)
            let point = CGPoint(x: center.x + cos(angle) * radius, y: center.y + sin(angle) * radius)
            sparks.fill(
                Path(ellipseIn: CGRect(x: point.x - 10, y: point.y - 10, width: 20, height: 20)),
                with: .radialGradient(
                    Gradient(colors: [.white, .yellow.opacity(0)]), center: point, startRadius: 0, endRadius: 10))
        }
    }

    /// A badge popping in: a gold disc with a star cut out of it, casting a soft glow.
    private func drawBadge(in context: GraphicsContext, center: CGPoint, t: Double) {
        let grow = min(t / 0.4, 1)
        let radius = 34 * (1 - pow(1 - grow, 3))
        var badge = context
        badge.addFilter(.shadow(color: .yellow.opacity(0.8), radius: 12))
        badge.drawLayer { layer in
            var star = Path()
            for k in 0..<10 {
                let r = k % 2 == 0 ? radius * 0.55 : radius * 0.24
                let a = Double(k) * .pi / 5 - .pi / 2
                let p = CGPoint(x: center.x + cos(a) * r, y: center.y + sin(a) * r)
                if k == 0 { star.move(to: p) } else { star.addLine(to: p) }
            }
            star.closeSubpath()
            layer.clip(to: star, options: .inverse)
            layer.fill(
                Path(ellipseIn: CGRect(x: center.x - radius, y: center.y - radius, width: 2 * radius, height: 2 * radius)),
                with: .conicGradient(
                    Gradient(colors: [.yellow, .orange, .yellow, .orange, .yellow]), center: center,
                    angle: .degrees(t * 90)))
        }
    }
}

struct CelebrationBurst_Previews: PreviewProvider {
    static var previews: some View {
        CelebrationBurst()
    }
}
