/// A log record's severity, told without configuration from the value of a member named
/// ``fieldNames``: a name in any case (`ERROR`, `warning`, `crit`), a bunyan or pino number
/// (10 trace … 60 fatal) or a syslog one (0 emergency … 7 debug).
public enum LogLevel: Int, Comparable, Sendable {
    case trace, debug, info, warn, error, fatal

    /// The keys a level is found under.
    public static let fieldNames: Set<String> = ["level", "lvl", "severity", "log.level", "loglevel", "levelname"]

    public static func < (left: LogLevel, right: LogLevel) -> Bool { left.rawValue < right.rawValue }

    /// The level a name says (`info`, `WARNING`, `err`), or nil.
    public init?(name: some StringProtocol) {
        switch name.lowercased() {
        case "trace", "trc", "verbose": self = .trace
        case "debug", "dbg", "d": self = .debug
        case "info", "information", "informational", "notice", "inf", "i": self = .info
        case "warn", "warning", "wrn", "w": self = .warn
        case "error", "err", "e", "eror": self = .error
        case "fatal", "critical", "crit", "panic", "emerg", "emergency", "alert", "ftl": self = .fatal
        default: return nil
        }
    }

    /// The level a number says: bunyan's and pino's tens, or syslog's 0–7.
    public init?(number: Int) {
        switch number {
        case 0...2: self = .fatal
        case 3: self = .error
        case 4: self = .warn
        case 5, 6: self = .info
        case 7: self = .debug
        case 10..<20: self = .trace
        case 20..<30: self = .debug
        case 30..<40: self = .info
        case 40..<50: self = .warn
        case 50..<60: self = .error
        case 60..<100: self = .fatal
        default: return nil
        }
    }

    /// The level a value of a level member says: a string's name or a number.
    public init?(_ value: JSONValue) {
        switch value {
        case .string(let text): self.init(name: text)
        case .number(let digits):
            guard let number = Int(digits) else { return nil }
            self.init(number: number)
        default: return nil
        }
    }
}
