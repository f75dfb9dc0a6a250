/// A rectangle of cells: where a widget draws in a ``CellBuffer``, so several share a screen.
public struct Rect: Equatable, Sendable {
    /// The first column.
    public var x: Int
    /// The first line.
    public var y: Int
    /// Columns.
    public var width: Int
    /// Lines.
    public var height: Int

    /// The rectangle from column `x`, line `y`, of `width` × `height` cells (a negative size is empty).
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = max(0, width)
        self.height = max(0, height)
    }

    /// The whole of a buffer.
    public init(_ buffer: CellBuffer) {
        self.init(x: 0, y: 0, width: buffer.width, height: buffer.height)
    }

    /// The column after the last.
    public var right: Int { x + width }
    /// The line after the last.
    public var bottom: Int { y + height }

    /// Whether cell `x`, `y` lies inside.
    public func contains(x: Int, y: Int) -> Bool {
        x >= self.x && x < right && y >= self.y && y < bottom
    }
}
