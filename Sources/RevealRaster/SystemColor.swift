import RevealCore

/// SwiftUI's system colors in their iOS sRGB values, light mode and (`dark…`) dark mode, as Apple's Human
/// Interface Guidelines list them for iOS (Color, "System colors", default contrast).
public enum SystemColor {
    /// SwiftUI's `Color.red`: sRGB #FF3B30.
    public static let red = RGBAColor(rgb8: 0xFF, 0x3B, 0x30)
    /// SwiftUI's `Color.orange`: sRGB #FF9500.
    public static let orange = RGBAColor(rgb8: 0xFF, 0x95, 0x00)
    /// SwiftUI's `Color.yellow`: sRGB #FFCC00.
    public static let yellow = RGBAColor(rgb8: 0xFF, 0xCC, 0x00)
    /// SwiftUI's `Color.green`: sRGB #34C759.
    public static let green = RGBAColor(rgb8: 0x34, 0xC7, 0x59)
    /// SwiftUI's `Color.mint`: sRGB #00C7BE.
    public static let mint = RGBAColor(rgb8: 0x00, 0xC7, 0xBE)
    /// SwiftUI's `Color.teal`: sRGB #30B0C7.
    public static let teal = RGBAColor(rgb8: 0x30, 0xB0, 0xC7)
    /// SwiftUI's `Color.cyan`: sRGB #32ADE6.
    public static let cyan = RGBAColor(rgb8: 0x32, 0xAD, 0xE6)
    /// SwiftUI's `Color.blue`: sRGB #007AFF.
    public static let blue = RGBAColor(rgb8: 0x00, 0x7A, 0xFF)
    /// SwiftUI's `Color.indigo`: sRGB #5856D6.
    public static let indigo = RGBAColor(rgb8: 0x58, 0x56, 0xD6)
    /// SwiftUI's `Color.purple`: sRGB #AF52DE.
    public static let purple = RGBAColor(rgb8: 0xAF, 0x52, 0xDE)
    /// SwiftUI's `Color.pink`: sRGB #FF2D55.
    public static let pink = RGBAColor(rgb8: 0xFF, 0x2D, 0x55)
    /// SwiftUI's `Color.brown`: sRGB #A2845E.
    public static let brown = RGBAColor(rgb8: 0xA2, 0x84, 0x5E)
    /// SwiftUI's `Color.gray`: sRGB #8E8E93.
    public static let gray = RGBAColor(rgb8: 0x8E, 0x8E, 0x93)

    /// `Color.red` in dark mode: sRGB #FF453A.
    public static let darkRed = RGBAColor(rgb8: 0xFF, 0x45, 0x3A)
    /// `Color.orange` in dark mode: sRGB #FF9F0A.
    public static let darkOrange = RGBAColor(rgb8: 0xFF, 0x9F, 0x0A)
    /// `Color.yellow` in dark mode: sRGB #FFD60A.
    public static let darkYellow = RGBAColor(rgb8: 0xFF, 0xD6, 0x0A)
    /// `Color.green` in dark mode: sRGB #30D158.
    public static let darkGreen = RGBAColor(rgb8: 0x30, 0xD1, 0x58)
    /// `Color.mint` in dark mode: sRGB #66D4CF.
    public static let darkMint = RGBAColor(rgb8: 0x66, 0xD4, 0xCF)
    /// `Color.teal` in dark mode: sRGB #40C8E0.
    public static let darkTeal = RGBAColor(rgb8: 0x40, 0xC8, 0xE0)
    /// `Color.cyan` in dark mode: sRGB #64D2FF.
    public static let darkCyan = RGBAColor(rgb8: 0x64, 0xD2, 0xFF)
    /// `Color.blue` in dark mode: sRGB #0A84FF.
    public static let darkBlue = RGBAColor(rgb8: 0x0A, 0x84, 0xFF)
    /// `Color.indigo` in dark mode: sRGB #5E5CE6.
    public static let darkIndigo = RGBAColor(rgb8: 0x5E, 0x5C, 0xE6)
    /// `Color.purple` in dark mode: sRGB #BF5AF2.
    public static let darkPurple = RGBAColor(rgb8: 0xBF, 0x5A, 0xF2)
    /// `Color.pink` in dark mode: sRGB #FF375F.
    public static let darkPink = RGBAColor(rgb8: 0xFF, 0x37, 0x5F)
    /// `Color.brown` in dark mode: sRGB #AC8E68.
    public static let darkBrown = RGBAColor(rgb8: 0xAC, 0x8E, 0x68)
    /// `Color.gray` in dark mode: sRGB #8E8E93.
    public static let darkGray = RGBAColor(rgb8: 0x8E, 0x8E, 0x93)

    /// Every name a scene file may use.
    public static let named: [String: RGBAColor] = [
        "red": red, "orange": orange, "yellow": yellow, "green": green, "mint": mint, "teal": teal,
        "cyan": cyan, "blue": blue, "indigo": indigo, "purple": purple, "pink": pink, "brown": brown,
        "gray": gray, "black": .black, "white": .white, "clear": .clear,
    ]
}
