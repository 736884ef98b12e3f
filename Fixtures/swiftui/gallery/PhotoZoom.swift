import SwiftUI

/// A photo pinched and turned with two fingers: a `MagnifyGesture` and a simultaneous `RotateGesture` drive
/// two `@GestureState`s, which spring back when the fingers lift.
struct PhotoZoom: View {
    @GestureState(resetTransaction: Transaction(animation: .spring(response: 0.35, dampingFraction: 0.6)))
    private var scale: CGFloat = 1
    @GestureState(resetTransaction: Transaction(animation: .spring(response: 0.35, dampingFraction: 0.6)))
    private var angle: Angle = .zero

    var body: some View {
        ZStack(alignment: .bottomLeading) {
            LinearGradient(
                colors: [Color(red: 0.98, green: 0.62, blue: 0.35), Color(red: 0.55, green: 0.25, blue: 0.65)],
                startPoint: .top, endPoint: .bottom)
            Image(systemName: "sun.max.fill")
                .font(.system(size: 44))
                .foregroundStyle(.yellow)
                .frame(maxWidth: .infinity, maxHeight: .infinity)
                .offset(y: -10)
            Text("Golden hour")
                .font(.headline)
                .foregroundStyle(.white)
                .padding(12)
        }
        .frame(width: 160, height: 120)
        .clipShape(RoundedRectangle(cornerRadius: 16))
        .shadow(color: .black.opacity(0.25), radius: 8, y: 4)
        .scaleEffect(scale)
        .rotationEffect(angle)
        .frame(width: 320, height: 260)
        .contentShape(Rectangle())
        .gesture(MagnifyGesture().updating($scale) { value, scale, _ in scale = value.magnification })
        .simultaneousGesture(RotateGesture().updating($angle) { value, angle, _ in angle = value.rotation })
    }
}

struct PhotoZoom_Previews: PreviewProvider {
    static var previews: some View {
        PhotoZoom()
    }
}
