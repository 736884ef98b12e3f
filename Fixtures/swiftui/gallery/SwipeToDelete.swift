import SwiftUI

/// A list whose rows are swiped left to delete: a `DragGesture` moves the row with the finger (its
/// `onChanged` sets an offset), uncovering a red action whose trash can grows with the drag. Let go past
/// 140 points, the row slides off and leaves the list; short of it, it springs back. The action's word is a
/// gradient cut by its text (`mask`), and each row's card and shadow are one `compositingGroup`.
struct SwipeToDelete: View {
    @State private var rows = ["Weekly report", "Design review", "Lunch with Sam"]
    @State private var offsets: [String: CGFloat] = [:]

    var body: some View {
        VStack(spacing: 10) {
            ForEach(rows, id: \.self) { title in
                row(title)
                    .transition(.opacity)
            }
            Spacer(minLength: 0)
        }
        .padding(16)
        .frame(width: 320, height: 260)
        .background(Color(white: 0.95))
    }

    private func row(_ title: String) -> some View {
        let offset = offsets[title] ?? 0
        return ZStack(alignment: .trailing) {
            RoundedRectangle(cornerRadius: 14)
                .fill(Color.red)
            HStack(spacing: 6) {
                Image(systemName: "trash")
                    .font(.headline)
                    .foregroundStyle(.white)
                    .scaleEffect(min(max(-offset / 140, 0.5), 1.2))
                LinearGradient(colors: [.white, Color(white: 1, opacity: 0.6)], startPoint: .top, endPoint: .bottom)
                    .frame(width: 52, height: 20)
                    .mask { Text("Delete").font(.subheadline.weight(.semibold)) }
            }
            .padding(.trailing, 16)
            HStack(spacing: 12) {
                Circle()
                    .fill(Color.blue.opacity(0.15))
                    .frame(width: 36, height: 36)
                    .overlay(Image(systemName: "envelope.fill").foregroundStyle(.blue))
                Text(title)
                    .font(.body)
                    .layoutPriority(1)
                Spacer()
            }
            .padding(.horizontal, 14)
            .frame(maxHeight: .infinity)
            .background(RoundedRectangle(cornerRadius: 14).fill(Color.white))
            .compositingGroup()
            .shadow(color: Color(white: 0, opacity: 0.12), radius: 4, y: 2)
            .offset(x: offset)
            .gesture(
                DragGesture(minimumDistance: 5)
                    .onChanged { value in offsets[title] = min(value.translation.width, 0) }
                    .onEnded { value in
                        if value.translation.width < -140 {
                            withAnimation(.easeOut(duration: 0.3)) {
                                rows.removeAll { $0 == title }
                                offsets[title] = nil
                            }
                        } else {
                            withAnimation(.spring(response: 0.35, dampingFraction: 0.6)) { offsets[title] = 0 }
                        }
                    }
            )
        }
        .frame(height: 60)
    }
}

struct SwipeToDelete_Previews: PreviewProvider {
    static var previews: some View {
        SwipeToDelete()
    }
}
