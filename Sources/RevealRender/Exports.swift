// `import RevealRender` is the whole engine: its layers, each a module of its own (see Package.swift).
@_exported import RevealComparison
@_exported import RevealCore
@_exported import RevealDisplay
@_exported import RevealLayout
@_exported import RevealOutput
@_exported import RevealRaster
@_exported import RevealScenes
@_exported import RevealText
