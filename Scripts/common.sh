# Shared by the scripts: find Swift, install the C libraries if they are missing, build.
# Sourced, not run. Sets ROOT to the repository's top folder.
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

if ! command -v swift >/dev/null 2>&1 && [ -x /opt/swift/usr/bin/swift ]; then
    PATH="/opt/swift/usr/bin:$PATH"
fi
if ! command -v swift >/dev/null 2>&1; then
    echo "reveal-render needs the Swift toolchain (6.0 or later) on PATH; see https://swift.org/install" >&2
    exit 1
fi

# libpng, zlib and HarfBuzz headers plus pkg-config (SwiftPM finds libpng and HarfBuzz through it),
# and the Inter fonts text is set in. Installs with apt-get when any is missing; says what to do
# when it cannot.
ensure_packages() {
    local missing=()
    command -v pkg-config >/dev/null 2>&1 || missing+=(pkg-config)
    if ! pkg-config --exists libpng 2>/dev/null; then
        missing+=(libpng-dev)
    fi
    [ -e /usr/include/zlib.h ] || missing+=(zlib1g-dev)
    pkg-config --exists harfbuzz 2>/dev/null || missing+=(libharfbuzz-dev)
    # JPEG images in an app's asset catalog.
    [ -e /usr/include/jpeglib.h ] || missing+=(libjpeg62-turbo-dev)
    [ -e /usr/share/fonts/truetype/inter-vf/Inter-roman.var.ttf ] || missing+=(fonts-inter-variable)
    # The fallback fonts for scripts Inter lacks (CJK; Arabic, Hebrew, Devanagari, Thai) and for emoji, and FriBidi, which
    # orders right-to-left text.
    [ -e /usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc ] || missing+=(fonts-noto-cjk)
    [ -e /usr/share/fonts/truetype/noto/NotoSansArabic-Regular.ttf ] || missing+=(fonts-noto-core)
    [ -e /usr/share/fonts/truetype/noto/NotoColorEmoji.ttf ] || missing+=(fonts-noto-color-emoji)
    pkg-config --exists fribidi 2>/dev/null || missing+=(libfribidi-dev)
    # The GIF, WebP and video outputs: libimagequant and giflib, libwebp, FFmpeg's libraries.
    pkg-config --exists imagequant 2>/dev/null || missing+=(libimagequant-dev)
    [ -e /usr/include/gif_lib.h ] || missing+=(libgif-dev)
    pkg-config --exists libwebpmux 2>/dev/null || missing+=(libwebp-dev)
    pkg-config --exists libavcodec 2>/dev/null || missing+=(libavcodec-dev)
    pkg-config --exists libavformat 2>/dev/null || missing+=(libavformat-dev)
    install_packages "to build reveal-render" "${missing[@]}"
}

# What only the test suite needs: HarfBuzz's own shaper (hb-shape), which the shaping tests compare with,
# and Chromium, which opens the HTML reports.
ensure_test_packages() {
    local missing=()
    command -v hb-shape >/dev/null 2>&1 || missing+=(libharfbuzz-bin)
    # ffmpeg and ffprobe read back every GIF, WebP, video and APNG we write, as decoders not ours.
    command -v ffprobe >/dev/null 2>&1 || missing+=(ffmpeg)
    # libwebp's webpinfo checks our WebP files' structure; Pillow (below) decodes them.
    command -v webpinfo >/dev/null 2>&1 || missing+=(webp)
    # The HTML report tests open the pages in a real browser, headless.
    command -v chromium >/dev/null 2>&1 || missing+=(chromium)
    install_packages "by the test suite" "${missing[@]}"
    if ! python3 -c "import PIL.WebPImagePlugin" >/dev/null 2>&1; then
        echo "Installing Pillow (the test suite reads APNG and WebP files back with it)…" >&2
        python3 -m pip install -q pillow >&2
    fi
    if ! python3 -c "import bidi" >/dev/null 2>&1; then
        echo "Installing python-bidi (the test suite checks our right-to-left order against it)…" >&2
        python3 -m pip install -q python-bidi >&2
    fi
}

# Installs the Debian packages named after the reason (nothing when none is named), with apt-get
# and sudo when needed; says what to do when it cannot.
install_packages() {
    local why="$1"; shift
    local missing=("$@")
    [ ${#missing[@]} -eq 0 ] && return 0
    echo "Installing ${missing[*]} (needed $why)…" >&2
    local sudo=""
    if [ "$(id -u)" -ne 0 ]; then
        if command -v sudo >/dev/null 2>&1; then sudo="sudo"; else
            echo "Cannot install ${missing[*]}: not root and no sudo. Run: apt-get install -y ${missing[*]}" >&2
            exit 1
        fi
    fi
    if ! command -v apt-get >/dev/null 2>&1; then
        echo "Cannot install ${missing[*]}: no apt-get here. Install them (or their equivalents) by hand." >&2
        exit 1
    fi
    if ! { $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}"; } >&2; then
        echo "apt-get could not install ${missing[*]}; install them by hand and try again." >&2
        exit 1
    fi
}

# The one release configuration every script builds with: optimized, and testable, so the test suite runs on
# the same build as the binary (`-enable-testing` costs the binary nothing measurable: farm-bench, the scratch
# demo, 0.95 of the time without it).
RELEASE=(-c release -Xswiftc -enable-testing)

# Builds the release reveal-render and the library `reveal-render swiftui` links views with, when the
# sources are newer than the binary. Sets BINARY to the binary's path.
build_release() {
    BINARY="$ROOT/.build/release/reveal-render"
    local kit="$ROOT/.build/release/libRevealSwiftUIKit.so"
    if [ ! -x "$BINARY" ] || [ ! -e "$kit" ] \
        || [ -n "$(find "$ROOT/Sources" "$ROOT/Package.swift" -newer "$BINARY" -print -quit)" ]; then
        echo "Building reveal-render (release)…" >&2
        swift build "${RELEASE[@]}" --package-path "$ROOT" --product reveal-render >&2
        swift build "${RELEASE[@]}" --package-path "$ROOT" --product RevealSwiftUIKit >&2
        touch "$BINARY"  # SwiftPM leaves an up-to-date binary alone; mark it as checked
    fi
}
