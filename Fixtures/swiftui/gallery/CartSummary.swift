import SwiftUI

/// A cart kept in an `@Observable` model: a child view reads its count, a switch is bound to one of its
/// properties through `@Bindable`, and "Add" changes it inside an animation.
@Observable
final class Cart {
    var items = 1
    var giftWrap = false
    var total: Double { Double(items) * 3.5 + (giftWrap ? 2 : 0) }
}

struct CartSummary: View {
    @State private var cart = Cart()

    var body: some View {
        VStack(alignment: .leading, spacing: 12) {
            CartCount(cart: cart)
            GiftWrapRow(cart: cart)
            Divider()
            HStack {
                Text("Total")
                    .foregroundStyle(.secondary)
                Spacer()
                Text("$" + String(format: "%.2f", cart.total))
                    .font(.headline)
            }
            Button("Add") {
                withAnimation(.easeInOut(duration: 0.3)) { cart.items += 1 }
            }
            .buttonStyle(.bordered)
        }
        .padding(20)
    }
}

/// Reads the model's count: it is evaluated again when the count changes.
struct CartCount: View {
    let cart: Cart

    var body: some View {
        Text(cart.items == 1 ? "1 item" : "\(cart.items) items")
            .font(.title3.bold())
    }
}

/// A switch bound to the model's gift wrap.
struct GiftWrapRow: View {
    @Bindable var cart: Cart

    var body: some View {
        Toggle("Gift wrap", isOn: $cart.giftWrap)
    }
}

struct CartSummary_Previews: PreviewProvider {
    static var previews: some View {
        CartSummary()
    }
}
