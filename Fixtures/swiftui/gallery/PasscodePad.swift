import SwiftUI

/// A passcode pad: each key (a button styled by a `ViewModifier` of our own) fills a dot; a wrong code
/// shakes the dots in steps chained through `withAnimation(_:completionCriteria:_:completion:)` (a nudge, a
/// `.repeatCount(3, autoreverses: true)` swing, a spring home) and then clears them; centred, spaced text.
struct PasscodePad: View {
    @State private var entered: [Int] = []
    @State private var wrong = false
    @State private var unlocked = false
    @State private var shake: CGFloat = 0
    private let code = [2, 5, 8, 0]

    var body: some View {
        VStack(spacing: 18) {
            VStack(spacing: 8) {
                Image(systemName: unlocked ? "checkmark.circle.fill" : "lock.fill")
                    .font(.title2)
                    .foregroundStyle(wrong ? Color.red : Color.primary)
                Text(unlocked ? "Unlocked" : "Enter Passcode")
                    .font(.headline)
                Text(wrong ? "Wrong passcode. Try again." : "Enter the code that keeps your notes private.")
                    .font(.footnote)
                    .foregroundStyle(wrong ? Color.red : Color.secondary)
                    .multilineTextAlignment(.center)
                    .lineSpacing(2)
                    .frame(width: 220, height: 36, alignment: .top)
            }
            HStack(spacing: 16) {
                ForEach(0..<4) { index in
                    ZStack {
                        Circle()
                            .strokeBorder(dotColor, lineWidth: 1.5)
                        Circle()
                            .fill(dotColor)
                            .scaleEffect(index < entered.count ? 1 : 0.01)
                    }
                    .frame(width: 14, height: 14)
                }
            }
            .offset(x: shake)
            VStack(spacing: 12) {
                ForEach([[1, 2, 3], [4, 5, 6], [7, 8, 9]], id: \.self) { row in
                    HStack(spacing: 20) {
                        ForEach(row, id: \.self) { digit in
                            key(digit)
                        }
                    }
                }
                key(0)
            }
        }
        .frame(width: 280, height: 440)
        .background(Color.white)
    }

    private var dotColor: Color { wrong ? .red : .primary }

    private func key(_ digit: Int) -> some View {
        Button {
            press(digit)
        } label: {
            Text("\(digit)")
                .modifier(KeyCap())
        }
        .buttonStyle(.plain)
    }

    /// A dot pops in; once the fourth has, the code is checked.
    private func press(_ digit: Int) {
        guard entered.count < code.count, !unlocked else { return }
        wrong = false
        withAnimation(.easeOut(duration: 0.12)) {
            entered.append(digit)
        } completion: {
            guard entered.count == code.count else { return }
            if entered == code {
                withAnimation(.easeInOut(duration: 0.3)) { unlocked = true }
            } else {
                reject()
            }
        }
    }

    /// Shakes the dots, each step started by the completion of the one before, then clears them.
    private func reject() {
        withAnimation(.easeOut(duration: 0.06)) {
            wrong = true
            shake = -12
        } completion: {
            withAnimation(.easeInOut(duration: 0.1).repeatCount(3, autoreverses: true)) {
                shake = 12
            } completion: {
                withAnimation(.spring(response: 0.2, dampingFraction: 0.6), completionCriteria: .removed) {
                    shake = 0
                } completion: {
                    withAnimation(.easeInOut(duration: 0.25)) { entered = [] }
                }
            }
        }
    }

    /// A round key: the digit large and rounded on a light disc.
    struct KeyCap: ViewModifier {
        func body(content: Content) -> some View {
            content
                .font(.system(size: 26, weight: .regular, design: .rounded))
                .frame(width: 56, height: 56)
                .background(Circle().fill(Color(white: 0.93)))
        }
    }
}

struct PasscodePad_Previews: PreviewProvider {
    static var previews: some View {
        PasscodePad()
    }
}
