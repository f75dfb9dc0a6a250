/// `tstack completions bash|zsh|fish`: a script completing the subcommands, the options, the
/// values an option takes from a list (`--view tree|table`) and file names — made from the
/// commands' specs, as `--help` is.
enum Completions {
    /// The shells a script is made for.
    static let shells = ["bash", "zsh", "fish"]
    /// The words after `tstack` that name what to do.
    static let subcommands = ["browse", "render", "help", "completions", "manual", "version"]

    /// The script for `shell`, or nil for a shell it does not know.
    static func script(for shell: String, commands: [CommandSpec]) -> String? {
        let options = allOptions(of: commands)
        switch shell {
        case "bash": return bash(options)
        case "zsh": return zsh(options)
        case "fish": return fish(options)
        default: return nil
        }
    }

    /// Every shown option of `commands`, once.
    private static func allOptions(of commands: [CommandSpec]) -> [OptionSpec] {
        var seen = Set<String>()
        return commands.flatMap(\.options).filter { !$0.isHidden && seen.insert($0.name).inserted }
    }

    /// The values an option takes from a list (`tree|table`), a file (`file`), or anything (nil).
    private enum Values {
        case none, choices([String]), file, any
    }

    private static func values(of option: OptionSpec) -> Values {
        guard case .value(let name, _) = option.kind else { return .none }
        if name == "file" { return .file }
        let choices = name.split(separator: "|").map(String.init)
        return choices.count > 1 ? .choices(choices) : .any
    }

    private static func bash(_ options: [OptionSpec]) -> String {
        var valueCases: [String] = []
        for option in options {
            switch values(of: option) {
            case .choices(let choices):
                valueCases.append("    --\(option.name)) COMPREPLY=($(compgen -W \"\(choices.joined(separator: " "))\" -- \"$cur\")); return ;;")
            case .file: valueCases.append("    --\(option.name)) COMPREPLY=($(compgen -f -- \"$cur\")); return ;;")
            case .any: valueCases.append("    --\(option.name)) return ;;")
            case .none: break
            }
        }
        return """
            # bash completion for tstack (tstack completions bash)
            _tstack() {
              local cur="${COMP_WORDS[COMP_CWORD]}" prev="${COMP_WORDS[COMP_CWORD-1]}"
              case "$prev" in
            \(valueCases.joined(separator: "\n"))
                completions) COMPREPLY=($(compgen -W "\(shells.joined(separator: " "))" -- "$cur")); return ;;
                help) COMPREPLY=($(compgen -W "browse render" -- "$cur")); return ;;
              esac
              if [[ "$cur" == -* ]]; then
                COMPREPLY=($(compgen -W "\(options.map { "--" + $0.name }.joined(separator: " ")) --help --version" -- "$cur"))
                return
              fi
              COMPREPLY=()
              if [[ $COMP_CWORD -eq 1 ]]; then
                COMPREPLY=($(compgen -W "\(subcommands.joined(separator: " "))" -- "$cur"))
              fi
              COMPREPLY+=($(compgen -f -- "$cur"))
            }
            complete -o filenames -F _tstack tstack

            """
    }

    private static func zsh(_ options: [OptionSpec]) -> String {
        let specs = options.map { option -> String in
            let help = option.help.prefix { $0 != "." }.filter { !"[]:'\\".contains($0) }
            switch values(of: option) {
            case .none: return "'--\(option.name)[\(help)]'"
            case .choices(let choices): return "'--\(option.name)=[\(help)]:\(option.name):(\(choices.joined(separator: " ")))'"
            case .file: return "'--\(option.name)=[\(help)]:file:_files'"
            case .any: return "'--\(option.name)=[\(help)]:\(option.name):'"
            }
        }
        return """
            #compdef tstack
            # zsh completion for tstack (tstack completions zsh > "${fpath[1]}/_tstack")
            _tstack() {
              if (( CURRENT == 2 )); then
                _alternative 'commands:command:(\(subcommands.joined(separator: " ")))' 'files:file:_files'
                return
              fi
              case $words[2] in
                completions) _values shell \(shells.joined(separator: " ")) ;;
                help) _values command browse render ;;
                manual|version) ;;
                *) _arguments \\
                  \(specs.joined(separator: " \\\n      ")) \\
                  '--help[show help]' \\
                  '*:file:_files' ;;
              esac
            }
            _tstack "$@"

            """
    }

    private static func fish(_ options: [OptionSpec]) -> String {
        var lines = [
            "# fish completion for tstack (tstack completions fish > ~/.config/fish/completions/tstack.fish)",
            "complete -c tstack -n __fish_use_subcommand -a '\(subcommands.joined(separator: " "))'",
            "complete -c tstack -n '__fish_seen_subcommand_from completions' -f -a '\(shells.joined(separator: " "))'",
            "complete -c tstack -n '__fish_seen_subcommand_from help' -f -a 'browse render'",
        ]
        for option in options {
            let help = String(option.help.prefix { $0 != "." }.filter { $0 != "'" })
            switch values(of: option) {
            case .none: lines.append("complete -c tstack -l \(option.name) -d '\(help)'")
            case .choices(let choices): lines.append("complete -c tstack -l \(option.name) -x -a '\(choices.joined(separator: " "))' -d '\(help)'")
            case .file: lines.append("complete -c tstack -l \(option.name) -r -F -d '\(help)'")
            case .any: lines.append("complete -c tstack -l \(option.name) -x -d '\(help)'")
            }
        }
        lines.append("complete -c tstack -l help -d 'show help'")
        lines.append("complete -c tstack -l version -d 'show the version'")
        return lines.joined(separator: "\n") + "\n"
    }
}
