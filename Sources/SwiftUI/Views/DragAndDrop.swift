import Foundation
import RevealLayout

/// A uniform type identifier, as UniformTypeIdentifiers' `UTType` (which SwiftUI code reaches through
/// SwiftUI): the kinds of content a transfer representation offers.
public struct UTType: Hashable, Sendable {
    /// The type's reverse-DNS identifier (`public.data`).
    public let identifier: String

    /// The type of `identifier`.
    public init?(_ identifier: String) {
        guard !identifier.isEmpty else { return nil }
        self.identifier = identifier
    }

    /// A type this app declares as its own.
    public init(exportedAs identifier: String, conformingTo parent: UTType? = nil) { self.identifier = identifier }
    /// A type another app declares.
    public init(importedAs identifier: String, conformingTo parent: UTType? = nil) { self.identifier = identifier }

    private init(system identifier: String) { self.identifier = identifier }

    /// Any item.
    public static let item = UTType(system: "public.item")
    /// Any content.
    public static let content = UTType(system: "public.content")
    /// A stream of bytes.
    public static let data = UTType(system: "public.data")
    /// Text.
    public static let text = UTType(system: "public.text")
    /// Text with no markup.
    public static let plainText = UTType(system: "public.plain-text")
    /// UTF-8 text with no markup.
    public static let utf8PlainText = UTType(system: "public.utf8-plain-text")
    /// JSON.
    public static let json = UTType(system: "public.json")
    /// A URL.
    public static let url = UTType(system: "public.url")
    /// An image.
    public static let image = UTType(system: "public.image")
    /// A PNG image.
    public static let png = UTType(system: "public.png")
    /// A JPEG image.
    public static let jpeg = UTType(system: "public.jpeg")
}

/// A way of moving an item in and out of the app, as CoreTransferable's `TransferRepresentation`.
public protocol TransferRepresentation<Item>: Sendable {
    /// The type moved.
    associatedtype Item: Transferable
}

/// A type whose values can be dragged, dropped, copied and shared, as CoreTransferable's `Transferable`.
public protocol Transferable {
    associatedtype Representation: TransferRepresentation
    /// How the type's values are moved.
    @TransferRepresentationBuilder<Self> static var transferRepresentation: Representation { get }
}

/// Several representations, in the order of preference they are written in.
public struct _TransferRepresentations<Item: Transferable>: TransferRepresentation {
    let count: Int
}

/// Builds a type's representations from the ones listed, as CoreTransferable's `TransferRepresentationBuilder`.
@resultBuilder public enum TransferRepresentationBuilder<Item: Transferable> {
    /// One representation, as it is.
    public static func buildBlock<R: TransferRepresentation>(_ representation: R) -> R where R.Item == Item {
        representation
    }
    /// Several representations.
    public static func buildBlock<each R: TransferRepresentation>(_ representations: repeat each R)
        -> _TransferRepresentations<Item>
    {
        var count = 0
        for _ in repeat each representations { count += 1 }
        return _TransferRepresentations(count: count)
    }
}

/// An item moved as its `Codable` encoding (JSON), as CoreTransferable's `CodableRepresentation`.
public struct CodableRepresentation<Item: Transferable & Codable>: TransferRepresentation {
    let contentType: UTType
    /// `Item` moved as its encoding, of `contentType`.
    public init(for itemType: Item.Type = Item.self, contentType: UTType) { self.contentType = contentType }
    /// `Item` moved as its encoding, of `contentType`.
    public init(contentType: UTType) { self.contentType = contentType }
}

/// An item moved as bytes it makes and reads, as CoreTransferable's `DataRepresentation`.
public struct DataRepresentation<Item: Transferable>: TransferRepresentation {
    let contentType: UTType
    /// `Item` moved as the bytes `exporting` makes and `importing` reads.
    public init(
        contentType: UTType, exporting: @escaping @Sendable (Item) async throws -> Data,
        importing: @escaping @Sendable (Data) async throws -> Item
    ) { self.contentType = contentType }
    /// `Item` moved out as the bytes `exporting` makes.
    public init(exportedContentType contentType: UTType, exporting: @escaping @Sendable (Item) async throws -> Data) {
        self.contentType = contentType
    }
}

/// An item moved as another transferable value, as CoreTransferable's `ProxyRepresentation`.
public struct ProxyRepresentation<Item: Transferable, Proxy: Transferable>: TransferRepresentation {
    /// `Item` moved out as the `Proxy` that `exporting` makes.
    public init(exporting: @escaping @Sendable (Item) throws -> Proxy) {}
    /// `Item` moved as `Proxy` both ways.
    public init(
        exporting: @escaping @Sendable (Item) throws -> Proxy, importing: @escaping @Sendable (Proxy) throws -> Item
    ) {}
}

extension String: Transferable {
    /// Text moves as UTF-8 plain text.
    public static var transferRepresentation: CodableRepresentation<String> {
        CodableRepresentation<String>(contentType: .utf8PlainText)
    }
}

/// A view that can be dragged or dropped on: drawn as its content. Dragging and dropping are not played yet,
/// and the first such view says so once on standard error.
nonisolated struct _DragAndDropView<Content: View>: _PrimitiveView {
    let content: Content
    let role: String
}

extension _DragAndDropView: @MainActor Lowerable {
    @MainActor func lower(in graph: ViewGraph, path: String, _ environment: EnvironmentValues) -> [ViewNode] {
        graph.warn("\(role) is drawn, but drags and drops are not played yet")
        return graph.lower(content, path: path, environment)
    }
}

extension View {
    /// Lets the view be dragged, carrying `payload`, as SwiftUI's `draggable(_:)`.
    nonisolated public func draggable<T: Transferable>(_ payload: @autoclosure @escaping () -> T) -> some View {
        _DragAndDropView(content: self, role: "draggable")
    }

    /// Lets the view be dragged, carrying `payload` and showing `preview` under the finger.
    nonisolated public func draggable<V: View, T: Transferable>(
        _ payload: @autoclosure @escaping () -> T, @ViewBuilder preview: () -> V
    ) -> some View {
        _DragAndDropView(content: self, role: "draggable")
    }

    /// Takes drops of `T`: `action` gets the items and where they were dropped, and answers whether it took
    /// them; `isTargeted` hears a drag coming over the view and leaving it.
    nonisolated public func dropDestination<T: Transferable>(
        for payloadType: T.Type = T.self, action: @escaping ([T], CGPoint) -> Bool,
        isTargeted: @escaping (Bool) -> Void = { _ in }
    ) -> some View {
        _DragAndDropView(content: self, role: "dropDestination")
    }
}
