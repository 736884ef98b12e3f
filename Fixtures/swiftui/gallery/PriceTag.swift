import SwiftUI

/// A sale tag: a tracked "LIMITED OFFER" caption, the old price struck through beside the new one in
/// bold, a member price joined from styled runs, a countdown in tabular digits and an underlined link.
/// Tapping "Apply code" lowers the price with the default animation.
struct PriceTag: View {
    @State private var price = 129.0
    @State private var seconds = 754

    var body: some View {
        VStack(alignment: .leading, spacing: 10) {
            Text("Limited offer")
                .font(.caption.weight(.semibold))
                .textCase(.uppercase)
                .tracking(2)
                .foregroundStyle(.orange)
            HStack(alignment: .firstTextBaseline, spacing: 8) {
                Text(price, format: .currency(code: "USD"))
                    .font(.system(size: 34, weight: .bold))
                    .monospacedDigit()
                Text(179, format: .currency(code: "USD"))
                    .strikethrough(color: .red)
                    .foregroundStyle(.secondary)
            }
            Text("Members pay ") + Text("\(price * 0.9, format: .number.precision(.fractionLength(2)))").bold()
                + Text(" with code ") + Text("SPRING").italic().foregroundColor(.accentColor)
            Text("Ends in \(seconds / 60):\(String(format: "%02d", seconds % 60))")
                .monospacedDigit()
                .font(.footnote)
            Button("Apply code") {
                withAnimation { price = 99 }
            }
            .underline()
            .buttonStyle(.plain)
        }
        .padding(20)
    }
}

struct PriceTag_Previews: PreviewProvider {
    static var previews: some View {
        PriceTag()
    }
}
