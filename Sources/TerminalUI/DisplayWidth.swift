/// Terminal column widths of Unicode scalars, in pure Swift so the in-memory terminal and the
/// ncurses one agree: East Asian wide and fullwidth characters and emoji take 2 columns,
/// combining marks and format characters 0, everything else 1 (as glibc's `wcwidth`).
public enum DisplayWidth {
    /// The columns `scalar` takes. Control characters are never drawn (see ``CellText``).
    /// - Complexity: O(log k) in the size of the wide-range table.
    public static func of(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x300 { return 1 }
        // Dashes, quotes, bullets and the ellipsis; box drawing and block elements: borders,
        // scrollbars and marks, drawn on every frame.
        if (0x2010...0x2027).contains(value) || (0x2500...0x259F).contains(value) { return 1 }
        if value == 0x200B || (0x1160...0x11FF).contains(value) { return 0 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return value == 0xAD ? 1 : 0
        default: break
        }
        if (0x1F1E6...0x1F1FF).contains(value) { return 1 }  // regional indicators, as glibc
        if isWide(value) || scalar.properties.isEmojiPresentation { return 2 }
        return 1
    }

    /// The columns `text` takes once laid out as cells.
    public static func of(_ text: String) -> Int {
        CellText.cells(text).reduce(0) { $0 + Int($1.width) }
    }

    private static func isWide(_ value: UInt32) -> Bool {
        var low = 0
        var high = wideRanges.count - 1
        while low <= high {
            let middle = (low + high) / 2
            let range = wideRanges[middle]
            if value < range.lowerBound {
                high = middle - 1
            } else if value > range.upperBound {
                low = middle + 1
            } else {
                return true
            }
        }
        return false
    }

    /// East Asian Wide (W) and Fullwidth (F) blocks, sorted.
    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF,
        0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F,
        0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F,
        0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FE4, 0x17000...0x18CFF,
        0x1B000...0x1B2FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD,
    ]
}
