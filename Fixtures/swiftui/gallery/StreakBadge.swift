import SwiftUI

/// A streak card with unevenly rounded corners on an elliptical wash: "Check In" fills a
/// `ProgressView(value:total:)`; once it is full (the animation's completion), a transaction set up for
/// `withTransaction` swaps the day count for a star through `.blurReplace` while the dashed ring turns once.
struct StreakBadge: View {
    @State private var days = 6
    @State private var unlocked = false
    @State private var turns = 0.0

    var body: some View {
        HStack(spacing: 16) {
            badge
            VStack(alignment: .leading, spacing: 8) {
                Text("Weekly streak")
                    .font(.caption.weight(.semibold))
                    .foregroundStyle(.secondary)
                    .textCase(.uppercase)
                Text(unlocked ? "Badge unlocked" : "\(days) of 7 days")
                    .font(.headline)
                ProgressView(value: Double(days), total: 7)
                    .tint(unlocked ? Color.orange : Color.blue)
                Button("Check In") { checkIn() }
                    .buttonStyle(.borderedProminent)
                    .controlSize(.small)
                    .disabled(days == 7)
            }
        }
        .padding(18)
        .background(
            UnevenRoundedRectangle(
                topLeadingRadius: 28, bottomLeadingRadius: 8, bottomTrailingRadius: 28, topTrailingRadius: 8
            )
            .fill(
                EllipticalGradient(
                    colors: [Color.orange.opacity(0.16), Color.white], center: .topLeading, startRadiusFraction: 0,
                    endRadiusFraction: 1))
        )
        .overlay(
            UnevenRoundedRectangle(
                topLeadingRadius: 28, bottomLeadingRadius: 8, bottomTrailingRadius: 28, topTrailingRadius: 8
            )
            .stroke(Color.orange.opacity(0.3), lineWidth: 1)
        )
        .padding(14)
        .frame(width: 320, height: 170)
        .background(Color(white: 0.95))
    }

    /// A disc in a radial gradient inside a dashed ring, showing the day count or, once unlocked, a star.
    private var badge: some View {
        ZStack {
            Circle()
                .fill(
                    RadialGradient(
                        colors: [
                            Color(hue: 0.12, saturation: 0.7, brightness: 1),
                            Color(hue: 0.03, saturation: 0.85, brightness: 0.9),
                        ],
                        center: .center, startRadius: 2, endRadius: 38)
                )
                .padding(7)
            Circle()
                .strokeBorder(Color.orange, style: StrokeStyle(lineWidth: 2.5, lineCap: .round, dash: [2, 6]))
                .rotationEffect(.degrees(turns * 360))
                .animation(.easeInOut(duration: 1.1), value: turns)
            if unlocked {
                Image(systemName: "star.fill")
                    .font(.title)
                    .foregroundStyle(.white)
                    .transition(.blurReplace)
            } else {
                Text("\(days)")
                    .font(.system(size: 30, weight: .bold, design: .rounded))
                    .foregroundStyle(.white)
                    .transition(.blurReplace)
            }
        }
        .frame(width: 84, height: 84)
    }

    /// One more day, the bar filling; the seventh unlocks the badge when the fill is done.
    private func checkIn() {
        withAnimation(.easeInOut(duration: 0.6)) {
            days += 1
        } completion: {
            guard days == 7 else { return }
            var transaction = Transaction()
            transaction.animation = Animation.bouncy(duration: 0.5)
            withTransaction(transaction) { unlocked = true }
            // The ring takes its own, longer animation (`animation(_:value:)`), whatever the transaction.
            turns += 1
        }
    }
}

struct StreakBadge_Previews: PreviewProvider {
    static var previews: some View {
        StreakBadge()
    }
}
