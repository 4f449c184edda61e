import RosterCore

/// `--errors json`: the failure as one JSON object on stderr, for scripts:
/// `{"error": "…", "source": "…", "total": 2, "problems": [{"file", "line",
/// "column", "field", "kind", "message"}…]}`. Absent parts are null.
enum ImportErrorReport {
    static func write(_ error: RosterError, to output: ByteOutput) {
        var problems: [InputProblem] = []
        var source: String?
        var total = 0
        if case .problems(let listed, let name, let count) = error {
            problems = listed
            source = name
            total = count ?? listed.count
        }
        do {
            try output.append("{\"error\":")
            try JSONWriter.appendString(error.description, to: output)
            try output.append(",\"source\":")
            try appendOptional(source, to: output)
            try output.append(",\"total\":")
            try output.append(decimal: Int64(total))
            // As in `--changes json`: how many are listed, and whether some are not.
            try output.append(",\"listed\":")
            try output.append(decimal: Int64(problems.count))
            try output.append(",\"capped\":")
            try output.append(total > problems.count ? "true" : "false")
            try output.append(",\"problems\":[")
            for (index, problem) in problems.enumerated() {
                try output.append(index == 0 ? "\n" : ",\n")
                try output.append("{\"file\":")
                try appendOptional(source, to: output)
                try output.append(",\"line\":")
                try appendOptional(problem.location?.line, to: output)
                try output.append(",\"column\":")
                try appendOptional(problem.location?.column, to: output)
                try output.append(",\"field\":")
                try appendOptional(problem.field, to: output)
                try output.append(",\"kind\":")
                try JSONWriter.appendString(kindName(problem.kind), to: output)
                try output.append(",\"message\":")
                try JSONWriter.appendString(problem.message, to: output)
                try output.append("}")
            }
            try output.append(problems.isEmpty ? "]}\n" : "\n]}\n")
            try output.flush()
        } catch {
            // stderr is gone; the exit status still tells.
        }
    }

    private static func appendOptional(_ text: String?, to output: ByteOutput) throws(IOFailure) {
        if let text { try JSONWriter.appendString(text, to: output) } else { try output.append("null") }
    }

    private static func appendOptional(_ number: Int?, to output: ByteOutput) throws(IOFailure) {
        if let number { try output.append(decimal: Int64(number)) } else { try output.append("null") }
    }

    static func kindName(_ kind: InputProblem.Kind) -> String {
        switch kind {
        case .syntax: "syntax"
        case .shape: "shape"
        case .value: "value"
        case .notFound: "not-found"
        case .conflict: "conflict"
        }
    }
}
