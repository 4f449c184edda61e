#if canImport(Glibc)
import Glibc
#endif

/// A cell's size in the terminal's pixels, which sixel pictures are drawn
/// in: the window's pixels over its cells, as `TIOCGWINSZ` reports them
/// (xterm and mlterm fill them in; xterm's include its inner border, a
/// pixel or two, which rounding down drops). Nil when the terminal leaves
/// them zero.
public enum CellPixels {
    public static func size(of descriptor: Int32) -> Size? {
        var window = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0, window.ws_row > 0,
              window.ws_xpixel >= window.ws_col, window.ws_ypixel >= window.ws_row else { return nil }
        return Size(width: Int(window.ws_xpixel) / Int(window.ws_col), height: Int(window.ws_ypixel) / Int(window.ws_row))
    }
}

extension TerminalSession {
    /// A cell's size in pixels, when the terminal says.
    public var cellPixelSize: Size? {
        CellPixels.size(of: outputDescriptor) ?? CellPixels.size(of: inputDescriptor)
    }
}

extension SixelFrames {
    /// Sixel pictures from `library` on `session`'s terminal.
    public init(session: TerminalSession, library: PictureLibrary, registers: Int = Sixel.fallbackRegisters) {
        self.init(cellSize: session.cellPixelSize ?? Self.assumedCellSize, registers: registers,
                  image: library.image(forKittyImageID:))
    }
}
