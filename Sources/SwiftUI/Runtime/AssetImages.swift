import RevealCore
import RevealLayout
import RevealOutput
import RevealRaster

extension ViewGraph {
    /// An asset image: its pixels at the screen's scale, as big in points as its pixels at its own scale, or,
    /// resizable, filling its room (its natural size is still its ideal size, for `scaledToFit()`).
    func lowerAssetImage(_ image: Image, named name: String, _ environment: EnvironmentValues) -> [ViewNode] {
        let scale = max(Double(environment.displayScale), 1)
        guard let found = AssetCatalog.shared.image(named: name, scale: scale, dark: environment.colorScheme == .dark)
        else {
            warn("no image set \(jsonQuoted(name)) in the asset catalogs: it draws nothing")
            return []
        }
        switch found {
        case .failure(let error):
            warn("the image set \(jsonQuoted(name)) cannot be drawn: \(error.message)")
            return []
        case .success(let (pixmap, imageScale)):
            let width = Double(pixmap.width) / imageScale
            let height = Double(pixmap.height) / imageScale
            let fit: ContentFit = .stretch
            let node = ViewNode(.paint(Paint(.image(pixmap, fit))))
            guard image.isResizable else { return [node.modifier(.frame(FrameSpec(width: width, height: height)))] }
            return [node.modifier(.frame(FrameSpec(idealWidth: width, idealHeight: height)))]
        }
    }
}
