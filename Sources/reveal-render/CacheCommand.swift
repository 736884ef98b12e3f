import RevealRender

let cacheHelp = """
    reveal-render cache [--clear]

    Says where `reveal-render swiftui` keeps the programs it builds from your files (and its #Preview plugin),
    and how much room they take; --clear empties it. The cache is $XDG_CACHE_HOME/reveal-render, else
    ~/.cache/reveal-render. Nothing in it is needed: what is missing is built again on the next run, and an
    entry whose record does not match its file is never used.
    """

/// `reveal-render cache [--clear]`: the build cache's place and size, or emptied.
func cacheCommand(_ argv: [String]) -> Int32 {
    var clear = false
    for arg in argv {
        switch arg {
        case "--clear": clear = true
        case "--help", "-h":
            print(cacheHelp)
            return 0
        default:
            report("reveal-render: cache takes --clear or nothing, not \(quoted(arg))")
            report("Run 'reveal-render cache --help' for usage.")
            return 2
        }
    }
    let cache = BuildCache(root: BuildCache.location, temporary: nil)
    do {
        if clear { try cache.clear() }
    } catch {
        return exitCode(reporting: error)
    }
    let usage = cache.usage()
    let views = usage.views == 1 ? "1 view" : "\(usage.views) views"
    let plugins = usage.plugins == 1 ? "1 #Preview plugin" : "\(usage.plugins) #Preview plugins"
    print(
        "\(displayPath(cache.root)): \(views) and \(plugins) built, \(ByteCount(usage.bytes))\(clear ? " (cleared)" : "")"
    )
    return 0
}
