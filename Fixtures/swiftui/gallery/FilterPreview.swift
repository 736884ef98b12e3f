import SwiftUI

/// A photo filter preview: a sunset drawn from a gradient and two suns blended into it (`screen`,
/// `multiply`) under a title in `overlay`, then the whole card through grayscale, a hue turn or more
/// saturation, each easing in when its button is tapped.
struct FilterPreview: View {
    @State private var filter = "None"

    var body: some View {
        VStack(spacing: 16) {
            ZStack {
                LinearGradient(colors: [.orange, .pink, .purple], startPoint: .top, endPoint: .bottom)
                Circle().fill(.yellow).frame(width: 80, height: 80).offset(x: -50, y: -20).blendMode(.screen)
                Circle().fill(.teal).frame(width: 110, height: 110).offset(x: 50, y: 30).blendMode(.multiply)
                Text("SUNSET").font(.system(size: 34, weight: .black)).foregroundStyle(.white).blendMode(.overlay)
            }
            .frame(height: 170)
            .clipShape(RoundedRectangle(cornerRadius: 16))
            .grayscale(filter == "Mono" ? 1 : 0)
            .hueRotation(.degrees(filter == "Shift" ? 120 : 0))
            .saturation(filter == "Vivid" ? 1.6 : 1)
            HStack {
                ForEach(["None", "Mono", "Shift", "Vivid"], id: \.self) { name in
                    Button(name) {
                        withAnimation(.easeInOut(duration: 0.5)) { filter = name }
                    }
                    .buttonStyle(.bordered)
                }
            }
        }
        .padding(20)
    }
}

struct FilterPreview_Previews: PreviewProvider {
    static var previews: some View {
        FilterPreview()
    }
}
