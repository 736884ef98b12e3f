import SwiftUI

/// A journal screen in the older `NavigationView`: a two-row `LazyHGrid` of tiles that turn and fade by where
/// they are in their strip (`visualEffect` reading the scroll view's space), a tile with a closed context
/// menu, details as `LabeledContent`, notes in a `TextEditor`, and a bar of thin material inset at the bottom
/// whose button opens a `fullScreenCover`.
struct PhotoJournal: View {
    private let tiles: [Color] = [.orange, .pink, .purple, .blue, .teal, .green, .yellow, .red, .indigo, .mint]
    @State private var notes = "Low tide at six; the light on the rocks was worth the early start."
    @State private var composing = false

    var body: some View {
        NavigationView {
            ScrollView {
                VStack(alignment: .leading, spacing: 20) {
                    ScrollView(.horizontal) {
                        LazyHGrid(rows: [GridItem(.fixed(90)), GridItem(.fixed(90))], spacing: 12) {
                            ForEach(tiles.indices, id: \.self) { index in
                                RoundedRectangle(cornerRadius: 14)
                                    .fill(tiles[index].gradient)
                                    .frame(width: 110)
                                    .overlay(alignment: .bottomLeading) {
                                        Text("Day \(index + 1)").font(.caption.bold()).foregroundStyle(.white)
                                            .padding(8)
                                    }
                                    .contextMenu { Button("Share") {} }
                                    .visualEffect { content, proxy in
                                        let x = proxy.frame(in: .scrollView(axis: .horizontal)).minX
                                        return content
                                            .rotation3DEffect(.degrees(min(max(-x / 20, -30), 30)), axis: (0, 1, 0))
                                            .opacity(x < -40 ? 0.5 : 1)
                                    }
                            }
                        }
                        .padding(.horizontal)
                    }
                    .scrollIndicators(.hidden)
                    GroupBox {
                        LabeledContent("Place", value: "Porthcurno")
                        LabeledContent("Photos", value: "24")
                    }
                    .padding(.horizontal)
                    Text("Notes").font(.headline).padding(.horizontal)
                    TextEditor(text: $notes)
                        .frame(height: 120)
                        .padding(.horizontal)
                }
                .padding(.vertical)
            }
            .navigationTitle("Journal")
            .safeAreaInset(edge: .bottom) {
                Button("New entry") { composing = true }
                    .buttonStyle(.borderedProminent)
                    .frame(maxWidth: .infinity)
                    .padding()
                    .background(.ultraThinMaterial)
            }
        }
        .fullScreenCover(isPresented: $composing) {
            ComposeEntry()
        }
    }
}

/// The cover a new entry is written in: closed by its Done button through `dismiss`.
private struct ComposeEntry: View {
    @Environment(\.dismiss) private var dismiss

    var body: some View {
        VStack(spacing: 16) {
            Image(systemName: "sun.max.fill").font(.largeTitle).foregroundStyle(.tint)
            Text("New entry").font(.title2.bold())
            Button("Done") { dismiss() }
        }
        .frame(maxWidth: .infinity, maxHeight: .infinity)
    }
}

struct PhotoJournal_Previews: PreviewProvider {
    static var previews: some View {
        PhotoJournal()
    }
}
