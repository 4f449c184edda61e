/// iTerm2's inline images protocol, which iTerm2, WezTerm and VS Code's
/// terminal (with its images enabled) show, as pure functions from
/// arguments to bytes.
///
/// `ESC ] 1337 ; File = key=value;… : <base64 of the file> BEL` sends a
/// whole image file; with `inline=1` the terminal draws it at the cursor,
/// scaled to `width × height`. A bare number there counts character
/// cells (`Npx` would be pixels, `N%` a share of the window, `auto` the
/// image's own size). `preserveAspectRatio=0` fills exactly those cells,
/// as a kitty placement with `c` and `r` does, so the picture takes the
/// cells the buffer left blank for it and no more. `size` is the file's
/// length in bytes: the terminal gives up on a transfer that runs past it.
///
/// Unlike a kitty placement, the picture becomes the content of its cells
/// (`CellPictureOutput` keeps them in step with the frame). Pixel art is
/// sent at the cells' real size, enlarged by a whole number in square
/// pixels (`Image.framed`), so the terminal has nothing to interpolate.
public enum ITermInlineImages {
    /// Draws the PNG file `png` at the cursor over `columns × rows` cells.
    public static func show(png: [UInt8], columns: Int, rows: Int) -> [UInt8] {
        let arguments = "inline=1;size=\(png.count);width=\(max(1, columns));height=\(max(1, rows));preserveAspectRatio=0"
        return Array("\u{1B}]1337;File=\(arguments):".utf8) + Base64.encode(png) + [0x07]
    }

    /// Whether the terminal, as the environment and its answers describe
    /// it, shows inline images. `TERM_PROGRAM` names iTerm2 (`iTerm.app`),
    /// WezTerm and VS Code (`vscode`) on the machine they run on;
    /// `LC_TERMINAL=iTerm2` comes along over ssh, since sshd accepts
    /// `LC_*` by default; the XTVERSION answer (`terminalName`) names the
    /// terminal wherever the program runs. VS Code shows them only with
    /// its images setting on, and then it also draws sixel and says so in
    /// its device attributes (`sixel`): without that, its cells would
    /// stay blank.
    /// The variables `supported` reads.
    public static let environmentNames = ["TERM_PROGRAM", "LC_TERMINAL"]

    public static func supported(environment: (String) -> String?, terminalName: String?, sixel: Bool) -> Bool {
        let program = environment("TERM_PROGRAM") ?? ""
        let name = terminalName ?? ""
        if program == "iTerm.app" || environment("LC_TERMINAL") == "iTerm2" || name.hasPrefix("iTerm2") { return true }
        if program == "WezTerm" || name.hasPrefix("WezTerm") { return true }
        if program == "vscode" || name.hasPrefix("xterm.js") { return sixel }
        return false
    }
}
