#if canImport(Glibc)
import Glibc
#endif
import RosterCore
import TerminalKit
import TextSafety

/// `roster export`: the roster in a data format for programs (JSON,
/// NDJSON, CSV) or a document for people (Markdown, HTML).
enum ExportCommand {
    static let format = Option<ExportFormat>("format", short: "f", value: "FORMAT",
                                             "json, ndjson, csv, markdown (md) or html (default: from -o FILE's extension, else json)")
    static let output = Option<String>("output", short: "o", value: "FILE",
                                       "write to FILE instead of standard output (missing folders are created)",
                                       completion: .files)
    static let raw = Flag("raw", "csv: write formula-like cells as they are")
    static let byteOrderMark = Flag("bom", "csv: start with a UTF-8 byte order mark (for spreadsheet programs)")

    static let spec: CommandSpec = CommandSpec(
        name: "export",
        abstract: "write the whole roster as JSON, NDJSON, CSV, Markdown or HTML",
        discussion: """
            Writes to standard output, or with -o to FILE, saying on stderr how many
            monsters it wrote there ("wrote 6 monsters to roster.csv (CSV)"). Missing
            folders on the way to FILE are created, as they are for the database (--db).
            The line then names the new folders ("…, in the new folder out/2026";
            "…, in the 2 new folders out to out/2026" when out was made too).
            A file is written
            beside its target under a temporary name and renamed into place when
            complete, so an export that fails or is interrupted never leaves a
            half-written file. A device or FIFO (-o /dev/stdout) is written to as it is;
            a symbolic link in a shared sticky folder is followed only if it is yours, as the kernel does for >.

            json      {"format": "roster", "version": 2, "monsters": [...]}, keys in the
                      order id, name, description, icon, name_color, weapon, height,
                      origin, activated (null when unknown); rows by id. The same
                      roster always gives the same bytes.
            ndjson    one monster object per line, same keys.
            csv       RFC 4180: a header row, CRLF line ends, quoted where needed. Cells a
                      spreadsheet would run as a formula (starting with = + - @, tab or
                      carriage return) get a leading ' unless --raw is given; `roster
                      import` removes it again. --bom adds a UTF-8 byte order mark.
            markdown  a table that renders as the text it holds.
            html      one self-contained page: no scripts, no network, pictures inline.

            Without --format, -o FILE's extension chooses: .json, .ndjson or .jsonl,
            .csv, .md or .markdown, .html or .htm; a name without an extension is json,
            and any other extension (.txt) is refused rather than guessed.

            --where, --sort and --fields choose monsters, order and fields as for
            `roster list` (--fields for json, ndjson and csv; markdown and html show
            every field).

            `roster import` reads json, ndjson and csv back without loss.
            """,
        options: [format, output, QueryOptions.filter, QueryOptions.sort, QueryOptions.fields, raw, byteOrderMark],
        examples: [
            "roster export > roster.json",
            "roster export -o roster.csv",
            "roster export --format html -o roster.html",
            "roster export --where weapon=fire --sort name -o fire.csv",
        ]
    ) { invocation in
        // A file named with an extension no format has (`x.txt`) is
        // refused rather than filled with JSON, once it is known not to be
        // one of the roster's own files (which have such extensions too).
        var format = invocation[ExportCommand.format] ?? .json
        var unknownExtension: UsageError?
        if invocation[ExportCommand.format] == nil, let path = invocation[output], path != "-",
           let named = ExportFormat.extensionName(of: path) {
            if let known = ExportFormat(fileName: path) {
                format = known
            } else {
                unknownExtension = UsageError(
                    "cannot tell which format to write from \(Quote.code(path))'s extension .\(named); name the file .json, .ndjson, .csv, .md or .html, or give --format",
                    command: invocation.commandName)
            }
        }
        for flag in [raw, byteOrderMark] where invocation[flag] && format != .csv && unknownExtension == nil {
            throw UsageError("--\(flag.spec.long) applies to --format csv only", command: invocation.commandName)
        }
        let query = try invocation.query()
        if query.fields != nil, format == .markdown || format == .html {
            throw UsageError("--fields applies to json, ndjson and csv; markdown and html show every field", command: invocation.commandName)
        }
        let context = invocation.context
        let store = try invocation.store()
        let progress = context.progressBar(total: query.conditions.isEmpty ? try store.count() : nil, unit: "monsters")
        defer { progress?.finish() }
        var options = ExportOptions(neutralizeFormulas: !invocation[raw], byteOrderMark: invocation[byteOrderMark])
        // The last report is the whole count: the file's line tells it.
        var exported = 0
        options.progress = { done in
            exported = done
            progress?.update(done)
        }
        options.query = query

        guard let path = invocation[output], path != "-" else {
            // Untrusted cells never reach a terminal raw; JSON, Markdown and
            // HTML escape them anyway, CSV does for a terminal only.
            options.escapesForTerminal = context.stdoutIsTerminal
            try store.export(format, to: context.stdout, options: options)
            return .success
        }
        // `out/` names a folder: said before any folder is made for it.
        if path.hasSuffix("/") {
            context.error("cannot write \(path): it names a folder; give the file's name (\(path)roster.json, say)")
            return .cannotCreate
        }
        // The folders come first: the roster's own files are told by the
        // place the file will have, which a folder not yet made cannot
        // give (`nosuch/../roster.db-wal` is the log once `nosuch` exists).
        let createdFolders: [String]
        do throws(RosterError) {
            createdFolders = try FileSystem.createParentDirectories(of: path)
        } catch {
            if case .cannotOpen(_, let reason) = error { context.error("cannot write \(path): \(reason)") }
            else { context.error("cannot write \(path): \(error.description)") }
            return .cannotCreate
        }
        var target = stat()
        if stat(path, &target) == 0, (target.st_mode & S_IFMT) == S_IFDIR {
            FileSystem.removeFolders(createdFolders)
            context.error("cannot write \(path): it is a folder")
            return .cannotCreate
        }
        switch store.ownFile(at: path) {
        case .database?:
            FileSystem.removeFolders(createdFolders)
            throw UsageError("\(path) is the roster database itself; export to another file", command: invocation.commandName)
        case .companion?:
            FileSystem.removeFolders(createdFolders)
            throw UsageError("\(path) is one of the roster database's own files, where SQLite keeps its latest changes; export to another file",
                             command: invocation.commandName)
        case nil:
            break
        }
        if let unknownExtension {
            FileSystem.removeFolders(createdFolders)
            throw unknownExtension
        }
        // An export that fails leaves no folder it made for the file.
        var written = false
        defer { if !written { FileSystem.removeFolders(createdFolders) } }
        let file: AtomicFile
        do throws(IOFailure) {
            file = try AtomicFile(path: path)
        } catch {
            context.error("cannot write \(path): \(error.reason)")
            return .cannotCreate
        }
        do {
            try store.export(format, to: file.output, options: options)
        } catch {
            file.discard()
            throw error
        }
        do throws(IOFailure) {
            try file.commit()
        } catch {
            context.error("cannot write \(path): \(error.reason)")
            return [ENOSPC, EIO, EFBIG].contains(error.errno) ? .ioError : .cannotCreate
        }
        written = true
        // Standard output stays the data's alone; a file written says so on
        // stderr, as an import says what it read. A pipe or a device named
        // as the file (`-o /dev/stdout`) is standard output by another
        // name, and stays as quiet.
        progress?.finish()
        guard stat(path, &target) == 0, (target.st_mode & S_IFMT) == S_IFREG else { return .success }
        // Folders made on the way are said, once: a mistyped folder name
        // would otherwise hold the export where nobody looks for it.
        let newFolder = Self.newFolders(createdFolders.count, holding: path)
        context.note("wrote \(exported == 1 ? "1 monster" : "\(exported) monsters") to \(path) (\(format.spokenName))\(newFolder)")
        return .success
    }
}

extension ExportCommand {
    /// ", in the new folder out/2026", or, when `count` folders were
    /// made on the way, ", in the 3 new folders a to a/b/c": the
    /// outermost made and the one that holds `path`, as spelled.
    static func newFolders(_ count: Int, holding path: String) -> String {
        guard count > 0 else { return "" }
        let inner = folder(of: path)
        guard count > 1 else { return ", in the new folder \(inner)" }
        var outer = inner
        for _ in 1..<count {
            while outer.count > 1, outer.hasSuffix("/") { outer.removeLast() }
            outer = folder(of: outer)
        }
        return ", in the \(count) new folders \(outer) to \(inner)"
    }

    /// The folder that holds `path`, spelled as the person spelled it
    /// (`nodir/sub` for `nodir/sub/x.csv`).
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let folder = String(path[..<slash])
        return folder.isEmpty ? "/" : folder
    }
}

extension CommandContext {
    /// A progress bar on stderr for a job of `total` units, or nil when
    /// stderr is not a terminal (scripts and logs get no bar).
    func progressBar(total: Int?, unit: String) -> ProgressBar? {
        guard stderrIsTerminal, environment("TERM") != "dumb" else { return nil }
        let stderr = self.stderr
        return ProgressBar(total: total, unit: unit, width: {
            var size = winsize()
            if ioctl(2, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
            return 80
        }, write: { text in
            try? stderr.append(text)
            try? stderr.flush()
        })
    }
}

extension ExportFormat {
    /// How a sentence names the format: `CSV`, `Markdown`.
    var spokenName: String {
        switch self {
        case .json: "JSON"
        case .ndjson: "NDJSON"
        case .csv: "CSV"
        case .markdown: "Markdown"
        case .html: "HTML"
        }
    }

    /// The format a file's extension names (`roster.csv`, `notes.MD`), or
    /// nil for a name without one this export writes, so that
    /// `export -o roster.csv` never puts JSON in a .csv file.
    init?(fileName: String) {
        guard let named = Self.extensionName(of: fileName) else { return nil }
        switch named.lowercased() {
        case "json": self = .json
        case "ndjson", "jsonl": self = .ndjson
        case "csv": self = .csv
        case "md", "markdown": self = .markdown
        case "html", "htm": self = .html
        default: return nil
        }
    }

    /// The extension of a file's name (`csv` of `out/roster.csv`), or nil
    /// for a name without one (`roster`, `.profile`).
    static func extensionName(of fileName: String) -> String? {
        let name = fileName.split(separator: "/").last.map(String.init) ?? fileName
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex, name.index(after: dot) != name.endIndex else { return nil }
        return String(name[name.index(after: dot)...])
    }
}
