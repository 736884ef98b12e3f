import Foundation
import RevealPlayer
import RevealRender
import SwiftUI
import XCTest

/// A model as components write them with Combine's `ObservableObject`.
private final class Basket: ObservableObject {
    nonisolated(unsafe) static var made = 0
    @Published var count = 0
    @Published var gift = false
    let name: String

    init(name: String = "Basket") {
        self.name = name
        Basket.made += 1
    }
}

/// Shows a basket it is given.
private struct BasketLine: SwiftUI.View {
    @ObservedObject var basket: Basket

    var body: some SwiftUI.View {
        Text("\(basket.name) \(basket.count)\(basket.gift ? " gift" : "")")
    }
}

/// Owns a basket, changed by its buttons (one through a binding to it), shown by a child observing it.
private struct Shop: SwiftUI.View {
    @StateObject private var basket = Basket()
    @State private var round = 0

    var body: some SwiftUI.View {
        let gift = $basket.gift
        return VStack {
            BasketLine(basket: basket)
            Button("Add") { basket.count += 1 }
            Button("Gift") { gift.wrappedValue.toggle() }
            Button("Redraw") { round += 1 }
            Text("Round \(round)")
        }
    }
}

private let phone = ViewScript(width: 200, height: 300, scale: 1, fps: 10, safeArea: Insets())

/// `@StateObject`, `@ObservedObject` and `@Published` as SwiftUI documents them: the owner's object is made
/// once per identity, and a published change evaluates every view observing the object again.
final class ObservableObjectTests: XCTestCase {
    func testAPublishedChangeRedrawsTheObserversAndTheOwnersObjectIsMadeOnce() throws {
        try MainActor.assumeIsolated {
            Basket.made = 0
            var script = phone
            script.taps = [
                .init(t: 0.2, target: .label("Add")), .init(t: 0.3, target: .label("Add")),
                .init(t: 0.4, target: .label("Redraw")), .init(t: 0.5, target: .label("Gift")),
            ]
            let player = ViewPlayer(script: script) { Shop() }
            let labels = { (t: Double) in try player.accessibilityElements(at: t).map(\.label) }
            XCTAssertEqual(try labels(0.1).first, "Basket 0")
            let made = Basket.made
            XCTAssertEqual(try labels(0.3).first, "Basket 2", "the child observing the object is evaluated again")
            // Evaluating the owner again (its own state changed) keeps the object and its count.
            XCTAssertEqual(try labels(0.4).first, "Basket 2")
            XCTAssertTrue(try labels(0.4).contains("Round 1"))
            // A binding through the object's wrapper writes the published property.
            XCTAssertEqual(try labels(0.5).first, "Basket 2 gift")
            XCTAssertEqual(Basket.made, made, "the state object's thunk runs once for its identity")
        }
    }

    func testANewIdentityMakesANewStateObject() throws {
        try MainActor.assumeIsolated {
            var script = phone
            script.taps = [.init(t: 0.2, target: .label("Add")), .init(t: 0.4, target: .label("Next"))]
            struct Pages: SwiftUI.View {
                @State private var page = 0
                var body: some SwiftUI.View {
                    VStack {
                        Shop().id(page)
                        Button("Next") { page += 1 }
                    }
                }
            }
            let player = ViewPlayer(script: script) { Pages() }
            XCTAssertEqual(try player.accessibilityElements(at: 0.3).first?.label, "Basket 1")
            XCTAssertEqual(try player.accessibilityElements(at: 0.5).first?.label, "Basket 0")
        }
    }
}
