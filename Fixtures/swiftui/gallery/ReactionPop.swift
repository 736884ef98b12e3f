import SwiftUI

/// A reaction button: its halo breathes through three phases for as long as it is shown (`phaseAnimator`),
/// and each tap makes the star jump, stretch and wobble along keyframe tracks (`keyframeAnimator` with a
/// trigger): a spring up, a cubic settle, a linear squash and a wobble of the angle.
struct ReactionPop: View {
    @State private var taps = 0

    private struct Motion {
        var scale = 1.0
        var stretch = 1.0
        var lift = 0.0
        var angle = Angle.zero
    }

    private enum Glow: CaseIterable {
        case dim, bright, wide

        var scale: Double { self == .wide ? 1.25 : 1 }
        var opacity: Double { self == .bright ? 0.9 : 0.45 }
    }

    var body: some View {
        VStack(spacing: 14) {
            ZStack {
                Circle()
                    .fill(RadialGradient(colors: [.yellow, .orange.opacity(0)], center: .center, startRadius: 10, endRadius: 60))
                    .frame(width: 120, height: 120)
                    .phaseAnimator(Glow.allCases) { halo, glow in
                        halo.scaleEffect(glow.scale).opacity(glow.opacity)
                    } animation: { _ in
                        .easeInOut(duration: 0.6)
                    }
                Image(systemName: "star.fill")
                    .font(.system(size: 48))
                    .foregroundStyle(.orange)
                    .keyframeAnimator(initialValue: Motion(), trigger: taps) { star, motion in
                        star
                            .scaleEffect(x: motion.scale, y: motion.scale * motion.stretch)
                            .rotationEffect(motion.angle)
                            .offset(y: motion.lift)
                    } keyframes: { _ in
                        KeyframeTrack(\.scale) {
                            LinearKeyframe(1.0, duration: 0.1)
                            SpringKeyframe(1.5, duration: 0.35, spring: .bouncy)
                            SpringKeyframe(1.0, spring: .bouncy)
                        }
                        KeyframeTrack(\.lift) {
                            LinearKeyframe(0.0, duration: 0.1)
                            SpringKeyframe(-40.0, duration: 0.3, spring: .bouncy)
                            CubicKeyframe(0.0, duration: 0.4)
                        }
                        KeyframeTrack(\.stretch) {
                            CubicKeyframe(0.8, duration: 0.1)
                            CubicKeyframe(1.2, duration: 0.2)
                            CubicKeyframe(1.0, duration: 0.3)
                        }
                        KeyframeTrack(\.angle) {
                            LinearKeyframe(.degrees(0), duration: 0.2)
                            LinearKeyframe(.degrees(-15), duration: 0.1, timingCurve: .easeOut)
                            LinearKeyframe(.degrees(15), duration: 0.2, timingCurve: .easeInOut)
                            LinearKeyframe(.degrees(0), duration: 0.15, timingCurve: .easeIn)
                        }
                    }
            }
            .frame(width: 140, height: 140)
            .contentShape(Rectangle())
            .onTapGesture { taps += 1 }
            Text(taps == 0 ? "Tap the star" : "\(taps) reaction\(taps == 1 ? "" : "s")")
                .font(.subheadline)
                .foregroundStyle(.secondary)
        }
        .padding(20)
    }
}

struct ReactionPop_Previews: PreviewProvider {
    static var previews: some View {
        ReactionPop()
    }
}
