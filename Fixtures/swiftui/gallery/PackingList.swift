import SwiftUI

/// A checkbox drawn by a ToggleStyle of our own: a ring that fills with a check in the tint when on, the
/// label in the secondary color; a tap anywhere on the row (the spacer too) turns it.
struct CheckboxToggleStyle: ToggleStyle {
    func makeBody(configuration: Configuration) -> some View {
        HStack(spacing: 10) {
            Image(systemName: configuration.isOn ? "checkmark.circle.fill" : "circle")
                .foregroundStyle(configuration.isOn ? Color.accentColor : Color.secondary)
                .font(.title2)
            configuration.label
                .foregroundStyle(configuration.isOn ? .secondary : .primary)
            Spacer()
        }
        .contentShape(Rectangle())
        .onTapGesture {
            withAnimation(.easeInOut(duration: 0.2)) { configuration.isOn.toggle() }
        }
    }
}

/// A packing list: three items as checkboxes (a custom toggle style), one already packed, and a count
/// of what is left.
struct PackingList: View {
    @State private var packed = [true, false, false]
    private let items = ["Passport", "Charger", "Sunscreen"]

    var body: some View {
        VStack(alignment: .leading, spacing: 12) {
            Text("\(packed.filter { !$0 }.count) left to pack")
                .font(.headline)
            ForEach(0..<3) { index in
                Toggle(items[index], isOn: $packed[index])
            }
            .toggleStyle(CheckboxToggleStyle())
            Divider()
            Toggle("Remind me tonight", isOn: .constant(true))
                .toggleStyle(.switch)
        }
        .padding(20)
    }
}

struct PackingList_Previews: PreviewProvider {
    static var previews: some View {
        PackingList()
    }
}
