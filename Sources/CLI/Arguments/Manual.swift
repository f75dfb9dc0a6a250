import DocumentViewer

/// `tstack manual`: the man page, `tstack.1`, in roff's `man` macros — made from what `--help`
/// and the F1 box are made from (the commands' specs, the one key table, the `:` commands), so
/// it cannot leave a key or an option out. `make install` writes it to `share/man/man1`.
enum Manual {
    /// The page.
    static func page(commands: [CommandSpec], abstract: String, discussion: String, version: String) -> String {
        var lines = [
            ".TH TSTACK 1 \"\" \"tstack \(version)\" \"User Commands\"", ".nh",
            ".SH NAME", "tstack \\- " + escaped(abstract.lowercased().hasSuffix(".") ? String(abstract.dropLast()) : abstract),
            ".SH SYNOPSIS",
        ]
        for command in commands {
            lines += [".B tstack \(command.name)", "[options] [\(command.argument.name)\(command.takesSeveralArguments ? " ..." : "")]", ".br"]
        }
        lines += [
            ".B tstack completions", ".I bash|zsh|fish", ".br", ".B tstack manual", ".br", ".B tstack --version",
            ".SH DESCRIPTION", escaped(discussion),
        ]
        for command in commands {
            lines += [".SH \(command.name.uppercased())", escaped(command.abstract)]
            lines += [".TP", ".I \(command.argument.name)", escaped(command.argument.help)]
            for option in command.options where !option.isHidden {
                let help = option.defaultValue.map { option.help + " (default: \($0))" } ?? option.help
                lines += [".TP", ".B " + escaped(option.synopsis), escaped(help)]
            }
        }
        for context in ViewerKeyContext.contents {
            lines += [".SH KEYS IN \(context.name.uppercased())"]
            for entry in ViewerKeys.table.entries(in: context) {
                lines += [".TP", ".B " + escaped(entry.keysForSummary), escaped(entry.help)]
            }
            lines += [".PP", "Commands at the : prompt:"]
            for line in ViewerKeys.commandLines(for: context) { lines += [".br", escaped(line)] }
        }
        lines += [
            ".SH KEYS AT THE PROMPT",
        ]
        for entry in ViewerKeys.table.entries(in: .prompt) {
            lines += [".TP", ".B " + escaped(entry.keysForSummary), escaped(entry.help)]
        }
        lines += [
            ".PP",
            escaped("A count before a move repeats it (5j, 3J); before G it names a row (10G). / ? & match each row's text as it is shown; see README.md."),
            ".SH EXIT STATUS",
            ".TP", ".B 0", "The viewer was quit, or the document was printed.",
            ".TP", ".B 1", "The terminal or the system failed.",
            ".TP", ".B \(64)", "A usage error: an unknown option, a bad value, no file and no piped input.",
            ".TP", ".B \(65)", "The document is malformed (its file, line and column are said), or has no records for a table.",
            ".TP", ".B \(74)", "The output could not be written.",
            ".SH ENVIRONMENT",
            ".TP", ".B TSTACK_ANIMATIONS", "none: jumps happen at once (as --no-animation).",
            ".TP", ".B TERM", "The terminal; a terminal that cannot address the cursor (dumb) gets the document as plain text.",
            ".SH SEE ALSO", "less(1), jq(1)",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    /// `text` as roff text: a backslash as `\e`, a dash kept a minus, a character beyond ASCII
    /// by its code (`\[u2026]`), a line that would start with `.` or `'` kept from being a
    /// request.
    static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\e"
            case "-": result += "\\-"
            case _ where !scalar.isASCII:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                result += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
            default: result.unicodeScalars.append(scalar)
            }
        }
        if result.hasPrefix(".") || result.hasPrefix("'") { result = "\\&" + result }
        return result
    }
}
