/// SwiftUI's system colors in their iOS light-mode sRGB values.
public enum SystemColor {
    /// SwiftUI's `Color.red`: sRGB #FF3B30.
    public static let red = Color(rgb8: 0xFF, 0x3B, 0x30)
    /// SwiftUI's `Color.orange`: sRGB #FF9500.
    public static let orange = Color(rgb8: 0xFF, 0x95, 0x00)
    /// SwiftUI's `Color.yellow`: sRGB #FFCC00.
    public static let yellow = Color(rgb8: 0xFF, 0xCC, 0x00)
    /// SwiftUI's `Color.green`: sRGB #34C759.
    public static let green = Color(rgb8: 0x34, 0xC7, 0x59)
    /// SwiftUI's `Color.mint`: sRGB #00C7BE.
    public static let mint = Color(rgb8: 0x00, 0xC7, 0xBE)
    /// SwiftUI's `Color.teal`: sRGB #30B0C7.
    public static let teal = Color(rgb8: 0x30, 0xB0, 0xC7)
    /// SwiftUI's `Color.cyan`: sRGB #32ADE6.
    public static let cyan = Color(rgb8: 0x32, 0xAD, 0xE6)
    /// SwiftUI's `Color.blue`: sRGB #007AFF.
    public static let blue = Color(rgb8: 0x00, 0x7A, 0xFF)
    /// SwiftUI's `Color.indigo`: sRGB #5856D6.
    public static let indigo = Color(rgb8: 0x58, 0x56, 0xD6)
    /// SwiftUI's `Color.purple`: sRGB #AF52DE.
    public static let purple = Color(rgb8: 0xAF, 0x52, 0xDE)
    /// SwiftUI's `Color.pink`: sRGB #FF2D55.
    public static let pink = Color(rgb8: 0xFF, 0x2D, 0x55)
    /// SwiftUI's `Color.brown`: sRGB #A2845E.
    public static let brown = Color(rgb8: 0xA2, 0x84, 0x5E)
    /// SwiftUI's `Color.gray`: sRGB #8E8E93.
    public static let gray = Color(rgb8: 0x8E, 0x8E, 0x93)

    /// Every name a scene file may use.
    public static let named: [String: Color] = [
        "red": red, "orange": orange, "yellow": yellow, "green": green, "mint": mint, "teal": teal,
        "cyan": cyan, "blue": blue, "indigo": indigo, "purple": purple, "pink": pink, "brown": brown,
        "gray": gray, "black": .black, "white": .white, "clear": .clear,
    ]
}
