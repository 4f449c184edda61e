#if canImport(Glibc)
import Glibc
#endif
import RosterCore
import TextSafety
import TerminalKit

/// `roster import`: JSON, NDJSON or CSV into the roster, all or nothing.
enum ImportCommand {
    /// `--format`: a format, or `auto` to find it from the content.
    enum FormatChoice: String, ArgumentChoice {
        case auto, json, ndjson, csv

        var format: MonsterReader.Format? { MonsterReader.Format(rawValue: rawValue) }
    }

    /// How problems (`--errors`) and a dry run's changes (`--changes`) are written.
    enum ReportStyle: String, ArgumentChoice {
        case text, json
    }

    static let format = Option<FormatChoice>("format", short: "f", value: "FORMAT", "auto, json, ndjson or csv (default: auto)")
    static let mode = Option<ImportMode>("mode", short: "m", value: "MODE", "insert, upsert or replace (default: insert)")
    static let raw = Flag("raw", "csv: read cells literally, without removing the export's formula guard")
    static let delimiter = Option<CSVDelimiter>("delimiter", short: "d", value: "C",
                                                "csv: the separator between cells, such as , ; | or tab (default: found from the header)")
    static let ignoreUnknown = Flag("ignore-unknown", "import the known fields and skip keys and columns that name none")
    static let errors = Option<ReportStyle>("errors", value: "STYLE", "how problems are reported: text or json (default: text)")
    static let changes = Option<ReportStyle>("changes", value: "STYLE",
                                             "with --dry-run, how the monsters that would change are listed: text on stderr, or json on stdout (default: text)")

    static let spec: CommandSpec = CommandSpec(
        name: "import",
        abstract: "read monsters from a JSON, NDJSON or CSV file into the roster, all or nothing",
        discussion: """
            Reads what `roster export` writes: the JSON document, an array of monster
            objects (as `list --format json` prints), NDJSON, or CSV with a header row.
            The format is found from the content unless --format says it (a file named
            .json whose text does not start like JSON gets its JSON syntax error, not
            CSV's messages); LF or CRLF
            line ends (in CSV, a lone CR too) and a UTF-8 byte order mark are fine. CSV
            cells are separated by commas, or by semicolons or tabs as many spreadsheets
            write them: a header with no comma is read as separated by whichever of the
            two it holds more of, and --delimiter names the separator outright (tab or
            \\t for a tab). --format names the input's format, also in a dry run (the
            list of changes as JSON is --changes json). An
            empty file is an error, except with --format ndjson: NDJSON without lines
            holds no monsters (what `export --format ndjson` writes for an empty
            roster; with --mode replace it empties the roster).

            Keys and columns are id, name, description, icon, name_color, weapon,
            height, origin and activated. Any other key or column is refused, so that
            a typo never drops a value; --ignore-unknown skips them and imports the
            known fields (a file from `jq` with a `notes` key, say). Only name and weapon are required (with
            --mode upsert only name, the key: a file may give just the fields to
            change, while a monster it adds still needs its weapon; icon
            defaults to \(Monster.defaultIcon), name_color to default). height is written
            5ft11in (5'11" and 71in are read too), origin is a two-letter ISO 3166 code
            such as FR (a country's name is read too), activated is a moment in UTC such
            as 2026-11-29T14:05:00Z (or with an offset such as +01:00; a time without a
            zone is refused). For these three, null, an empty CSV cell or a missing key
            means unknown.

            Modes:
              insert   add the file's monsters; a name already on the roster is an error
              upsert   update monsters with the same name (ignoring case) — only the fields
                       the file gives: missing keys and columns change nothing, nor do
                       blank cells of description, icon and name_color; a blank cell or
                       null makes height, origin or activated unknown — and add the rest
              replace  the file becomes the whole roster, with the file's ids, so that
                       export | import --mode replace | export gives the same bytes;
                       a record without an id keeps the id of the monster it replaces
            Ids in the file are used by replace only; insert and upsert assign new ones.

            A roster file that does not exist yet is made by the import, empty (not
            with the default roster a new file starts with), and only if the import
            succeeds: a failed import or a dry run leaves no file behind.

            Everything is checked before anything is kept: if any record is wrong,
            nothing changes, and every problem is reported as FILE:LINE:COLUMN: field:
            message (--errors json gives them as JSON: {"error": …, "source": …,
            "total": T, "listed": L, "capped": false, "problems": […]}, T counting every
            problem and L those listed). The summary on stderr counts
            the monsters added, updated, unchanged and removed.

            Limits: files up to \(ChunkedInput.sizeLimit >> 30) GiB; one record (a CSV row, a JSON object, a line)
            up to \(ChunkedInput.recordLimit / 1024) KiB; names up to \(MonsterRules.nameLimit) characters, without control
            characters; descriptions up to \(MonsterRules.descriptionLimit) characters (newline and tab allowed);
            icons up to \(MonsterRules.iconLimit) characters; ids at most 2^53-1 either side of 0; JSON nested at
            most \(JSONParser.maximumDepth) levels, numbers at most \(JSONParser.maximumNumberLength) characters. The first \(ProblemLog.limit)
            problems are listed; all are counted.

            --dry-run lists each monster that would change (added, updated with each
            field before and after, removed): on stderr, or with --changes json as one
            JSON object on stdout, {"added": A, "updated": U, "unchanged": N, "removed": R,
            "changing": C, "listed": L, "capped": false, "changes": […]}. A, U, N and R
            count the file's monsters and the roster's by what would happen to them;
            C = A + U + R is how many would change, and L how many of them are in
            `changes`: the first \(ImportPreview.listLimit) by id, so `capped` is true when
            C > L. Values are in the stored forms (5ft11in, FR, 2026-11-29T13:05:00Z).

            Exit status: 0 imported (or nothing to change), 65 the data is bad or clashes
            with the roster, 66 the file is missing or unreadable.
            """,
        arguments: [ArgumentSpec("FILE", "the file to read, or - for standard input", completion: .files)],
        options: [format, mode, CommonOptions.dryRun, raw, delimiter, ignoreUnknown, errors, changes],
        examples: [
            "roster import roster.json",
            "roster import roster.csv --mode upsert --dry-run",
            "roster export | roster --db copy.db import - --mode replace",
        ],
        validate: { invocation in
            if invocation[changes] != nil && !invocation[CommonOptions.dryRun] {
                throw UsageError("--changes lists what a dry run would change; give it with --dry-run", command: invocation.commandName)
            }
            let format = invocation[ImportCommand.format]?.format
            if invocation[raw], let format, format != .csv {
                throw UsageError("--raw applies to CSV only", command: invocation.commandName)
            }
            if invocation[delimiter] != nil, let format, format != .csv {
                throw UsageError("--delimiter applies to CSV only", command: invocation.commandName)
            }
        }
    ) { invocation in
        let context = invocation.context
        let jsonErrors = invocation[errors] == .json
        do {
            return try run(invocation)
        } catch let error as RosterError where jsonErrors {
            ImportErrorReport.write(error, to: context.stderr)
            return error.exitStatus
        }
    }

    static func run(_ invocation: Invocation) throws -> ExitStatus {
        let context = invocation.context
        let path = invocation.positionals[0]
        let format = invocation[ImportCommand.format]?.format
        let dryRun = invocation[CommonOptions.dryRun]
        let delimiter = invocation[ImportCommand.delimiter]?.byte
        let mode = invocation[ImportCommand.mode] ?? .insert

        let (descriptor, size) = try openInput(path)
        if path == "-" && context.stdinIsTerminal {
            context.note("reading monsters from the terminal; end with Ctrl-D")
        }
        defer { if descriptor != 0 { close(descriptor) } }
        let name = path == "-" ? "stdin" : path
        let reader = try MonsterReader(input: ChunkedInput(fileDescriptor: descriptor, name: name),
                                       format: format, raw: invocation[raw], delimiter: delimiter,
                                       requiring: mode == .upsert ? ["name"] : nil,
                                       named: path == "-" ? nil : MonsterReader.Format(fileName: path),
                                       // `--format json` on a dry run is often meant for the list of changes.
                                       givenFormatAdvice: dryRun && format == .json
                                           ? "--format names the input's format; the list of changes as JSON is --changes json" : nil,
                                       unknownFields: invocation[ignoreUnknown]
                                           ? .ignored : .refused(wayOut: "--\(ignoreUnknown.spec.long) imports the known fields"))
        let progress = context.progressBar(total: size, unit: "bytes")
        defer { progress?.finish() }
        let report = progress.map { bar in { (bytes: Int) in bar.update(bytes) } }
        let importing = { (store: any RosterStore) throws -> ImportSummary in
            guard dryRun else { return try store.importMonsters(from: reader, mode: mode, progress: report) }
            let preview = try store.previewImport(from: reader, mode: mode, progress: report)
            progress?.finish()
            if invocation[changes] == .json {
                try ImportChangesReport.write(preview, to: context.stdout)
            } else {
                context.noteLines(ImportChangesReport.lines(preview))
            }
            return preview.summary
        }
        let databasePath = try context.databasePath()
        if case .file = try context.databaseLocation() { AbandonedImports.remove(beside: databasePath) }
        let summary: ImportSummary
        if try context.databaseLocation() != .file(databasePath) || FileSystem.exists(databasePath) {
            summary = try importing(try invocation.store(forImport: true))
        } else {
            summary = try NewRoster.build(at: databasePath, keep: !dryRun, importing)
            progress?.finish()
            if !dryRun { context.madeNewRoster(at: databasePath) }
        }
        progress?.finish()
        context.note(describe(summary, source: name, dryRun: dryRun))
        return .success
    }

    /// The file (or stdin for `-`) and its size when known.
    static func openInput(_ path: String) throws(RosterError) -> (Int32, Int?) {
        if path == "-" { return (0, nil) }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw .cannotRead(path: path, reason: IOFailure(operation: "open", path: path, errno: errno).reason)
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            close(descriptor)
            throw .cannotRead(path: path, reason: IOFailure(operation: "read", path: path, errno: errno).reason)
        }
        if (status.st_mode & S_IFMT) == S_IFDIR {
            close(descriptor)
            throw .cannotRead(path: path, reason: "it is a folder")
        }
        let isRegular = (status.st_mode & S_IFMT) == S_IFREG
        if isRegular && Int(status.st_size) > ChunkedInput.sizeLimit {
            close(descriptor)
            throw RosterError.problems([InputProblem(.syntax, at: nil,
                "the file is \(Int(status.st_size) >> 20) MiB; import reads files up to \(ChunkedInput.sizeLimit >> 30) GiB")],
                source: path)
        }
        return (descriptor, isRegular ? Int(status.st_size) : nil)
    }

    static func describe(_ summary: ImportSummary, source: String, dryRun: Bool) -> String {
        let counts = "\(summary.added) added, \(summary.updated) updated, \(summary.unchanged) unchanged, \(summary.removed) removed"
        if dryRun {
            return "dry run of \(source): \(counts); nothing was changed"
        }
        if !summary.isChange {
            return "imported \(source): \(counts); nothing changed"
        }
        return "imported \(source): \(counts)"
    }
}
