/// A rectangle of cells: where a widget draws in a ``CellBuffer``, so several share a screen.
public struct Rect: Equatable, Sendable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

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
}
