let version = "reveal-render 0.1.0"

let helpText = """
    reveal-render: renders SwiftUI reveal animations offscreen, pixel for pixel, into PNG frames.

    USAGE
      reveal-render --stroke FILE.json --out DIR       scratch card frames from a stroke file
      reveal-render --circle FILE.json --out DIR       circle reveal frames from a scene file
      reveal-render --demo scratch|circle --out DIR    the seed demos' whole screens, no file needed
      reveal-render --stroke FILE.json --time 1.5 --out still.png     one frame as a PNG
      reveal-render swiftui Card.swift --out DIR       your SwiftUI view's frames (swiftui --help)

    OUTPUT
      --out DIR         frames go to DIR/frame-00000.png, frame-00001.png, … and DIR/manifest.json
                        (written last). DIR then holds exactly the frames its manifest lists: frames
                        of an earlier run that this run does not write are removed (with --frames
                        too); nothing else in DIR is touched. DIR is locked while the run writes
                        into it, and an earlier run's manifest is removed before the first new frame.
      --out FILE.png    with --time or --frame: just that one frame.
      --time SECONDS    render the frame at this time (the last frame at or before it); past the
                        end, the final state (as --hold would show it), as renderFrame(at:) does.
      --frame N         render frame N (0-based); past the end, the final state too.
      --frames A-B      render only frames A through B (inclusive), e.g. to split a long sequence
                        across machines: each job renders its own range into its own folder.
      --hold SECONDS    add still frames after the animation ends.
      --apng FILE       also (or, without --out, only) write the sequence as one animated PNG that
                        plays at the sequence's fps; each frame stores just the rectangle that changed.
      --gif FILE        also (or only) write an animated GIF: each frame's changed rectangle with a
                        palette of its own (libimagequant), the unchanged pixels left to the canvas.
                        Delays are hundredths of a second, and browsers play 0 or 1 as 10: up to 50
                        fps every frame is shown at its own time; above, a frame every 2 hundredths
                        (at 60 fps, 5 of every 6), and the total duration stays exact.
      --dither          dither the GIF's colors (off by default: a dither moves from frame to frame
                        wherever the picture changes, which shows as crawling noise).
      --webp FILE       also (or only) write an animated WebP (libwebp), lossless by default.
      --video FILE      also (or only) write a video: FILE.mp4 is H.264 (libx264, its index first so
                        that a browser plays it at once), FILE.webm is VP9 (libvpx); 4:2:0 in BT.709,
                        translucent pixels over black, H.264's sides made even by repeating the last
                        column or row. Needs FFmpeg's libraries (Debian's libavcodec59).
      --quality Q       0-100, higher is better: makes the WebP lossy at this quality; sets the
                        video's constant rate factor (CRF 51 to 0 for H.264, 63 to 0 for VP9; without
                        it 23 and 33, the bytes and quality of FFmpeg's recommended settings); and
                        the GIF's palettes stop growing at this quality (libimagequant's scale;
                        default 98).
      --loops N         how often the animation plays (0 = forever, the default).
      --filmstrip FILE  K evenly spaced frames side by side (first and last included) on white.
      --count K         frames in the filmstrip (default 6).
      --debug-overlay   scratch card: draw the touch samples, the brush path, the coverage grid's
                        cleared cells and a bar filling up to the reveal threshold on every frame.
      --fps N           frames per second, 1 to 240 (default: the file's, else 60).
      --scale S         pixels per point, 0 < S <= 16 (default: the file's, else 2).
      --reduce-motion   as with Reduce Motion on: the scratch cover vanishes instead of fading; the
                        circle-revealed view fades instead of growing.
      --curve NAME      the circle's animation (or the scratch cover's fade): linear, easeIn, easeOut,
                        easeInOut, smooth, snappy, bouncy (springs).
      --duration S      the animation's duration in seconds (a spring preset's duration too).
      --origin X,Y      where the circle grows from, in unit coordinates (0.5,0.78) or a name:
                        topLeading, top, topTrailing, leading, center, trailing, bottomLeading, …
      --compression fast|smallest
                        fast (default): our own deflate, which looks for repeats in the row above
                        (Sub filter on flat rows), about the size of zlib's level 6 at twice the
                        speed of its level 3; smallest: the same deflate searching harder, the
                        image's strips sharing codes: 0.95-1.05x zlib's level 9 bytes in two
                        thirds of its time, smaller than Skia's and cairo's files on our bench
                        scenes.
      --png-level N     zlib level 0…9 instead (with either's filter); 9 is the smallest.
      --quiet           no progress bar or summary.
      --max-pixels N    refuse frames larger than N pixels (default 100000000).
      --max-frames N    refuse sequences longer than N frames (default 100000).
      --help, --version

    THE STROKE FILE (JSON; every field but width and height is optional)
      {
        "width": 337, "height": 240,        the view in points
        "scale": 3,                          pixels per point (default 2)
        "fps": 60,                           frames per second (default 60)
        "brushWidth": 56,                    brush width in points (default 44)
        "revealThreshold": 0.7,              fraction of the 24×24 grid that reveals (default 0.6)
        "reduceMotion": false,
        "strokes": [ {"points": [[40, 30, 0.10], [44, 60, 0.11], [47, 95, 0.12]]} ],
                                             x, y in points, t in seconds; one stroke per finger down
        "actions": [ {"t": 2.0, "type": "reveal"} ],     VoiceOver's activate action; "reset"
                                             starts over with a new card (the demo's "Try again")
        "content": "#FF2D55",                the prize (default: pink → orange gradient)
        "cover": {"white": 0.82},            the cover (default: the demo's gray gradient)
        "background": "clear",               under everything (default clear)
        "fade": {"curve": "easeOut", "duration": 0.35}   the cover's fade after the reveal
      }
      A paint is "#RRGGBB", "#RRGGBBAA", a system color name (pink, orange, cyan, blue, indigo, …),
      {"white": 0.8}, {"linearGradient": {"colors": ["pink", "orange"], "startPoint": "topLeading",
      "endPoint": "bottomTrailing"}} or {"image": "photo.png", "contentMode": "fill"}; any paint object
      may add "opacity". Times never go backwards and strokes never overlap in time.

    VIEWS (content, cover, background, base, revealed: a paint, or a view)
      {"vstack": [
         {"symbol": "gift.fill", "font": "largeTitle"},
         {"text": "50% off", "font": "largeTitle", "bold": true},
         {"text": "on your next order", "font": "headline"}],
       "spacing": 8,
       "modifiers": [{"foreground": "white"}, {"frame": {"maxWidth": "infinity", "maxHeight": "infinity"}},
                     {"background": {"linearGradient": {"colors": ["pink", "orange"]}}}]}
      Kinds: text, symbol, shape, vstack, hstack, zstack, spacer, label, button, when, effect.
      Modifiers apply in order, innermost first, as SwiftUI's chain: padding, frame, position, offset,
      background, overlay, foreground, font, tint, imageScale, lineLimit, multilineTextAlignment,
      minimumScaleFactor, controlSize, opacity, clipShape, shadow; for VoiceOver, accessibilityHidden
      (true, or a state: "revealed", "inserted"), accessibilityElement (combine, ignore, contain),
      accessibilityLabel, accessibilityHint, accessibilityAddTraits (["isButton", …]). The manifest lists
      each frame's accessibility elements (label, hint, traits, actions, frame in points).
      "screen": {"width": 393, "height": 852, "safeArea": "phone", "view": …} lays the whole screen
      out around {"effect": {}}; {"when": "revealed", "then": …, "else": …} changes with the state.
      The article "Scene files" (Sources/RevealRender/RevealRender.docc/SceneFiles.md, "Views and
      screens") has every key; Fixtures/docs/*-demo.json are the seed demos.

    THE CIRCLE SCENE FILE
      {
        "width": 393, "height": 852, "scale": 3, "fps": 60,
        "origin": [0.5, 0.78],               or a UnitPoint name (default center)
        "animation": {"curve": "easeInOut", "duration": 0.8},
                                             or {"curve": {"spring": {"response": 0.5, "dampingFraction": 0.8}}}
        "reduceMotion": false,
        "base": …, "revealed": …,            views (default: the demo's Day and Night gradients)
        "background": "clear",
        "toggles": [0.25, 2.0]               inserted at the 1st time, removed at the 2nd, … (default [0])
      }

    LIMITS
      A scene file holds at most 64 MiB, 1,000,000 points in all strokes, 100,000 strokes, actions
      or toggles; frames at most 100 megapixels (--max-pixels) and sequences 100,000 frames
      (--max-frames). Anything over is refused before it fills memory.

    WHERE OUTPUT GOES
      A missing path or a regular file is replaced in one step (temporary file, then rename); a
      symbolic link is written through; a device, FIFO or socket (/dev/null, a pipe) is written to as
      it is. A folder, a block device and the render's own inputs (its scene file, its images) are
      never written over. Scene files and images may be pipes: --stroke <(generate-strokes).

    EXIT CODES
      0 done · 1 the output could not be written · 2 bad input (the message names file, JSON path, reason)

    MORE COMMANDS
      reveal-render layout --demo scratch [--time T]                        every view's frame, as JSON
      reveal-render layout Card.swift --script taps.json --time T           the same for a SwiftUI view
      reveal-render strokes zigzag|spiral|taps [options] > strokes.json    generate a stroke file
      reveal-render compare EXPECTED ACTUAL                                 compare images or folders
      reveal-render join PART_DIR… --out DIR                                join --frames shards into one run
      reveal-render cache [--clear]                                         swiftui's build cache: where, how big

    EXAMPLES
      reveal-render --demo scratch --out frames/
      reveal-render --demo circle --curve bouncy --origin bottomTrailing --out night/
      reveal-render --stroke card.json --time 1.2 --scale 1 --out thumbnail.png
    """
