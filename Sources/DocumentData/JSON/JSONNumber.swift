/// JSON numbers compared exactly from how they are written — for those a Double cannot tell
/// apart: integers past 53 bits (64-bit ids), and numbers past a Double's range (`1e400` and
/// `1e500` are both infinite, `1e-400` and `2e-400` both zero).
enum JSONNumber {
    /// The order of the numbers written `a` and `b` (valid JSON numbers): -1, 0 or 1. `-0` and
    /// `0` are equal, as `1.0` and `1` and `10e-1` are.
    static func compare(_ a: some Collection<UInt8>, _ b: some Collection<UInt8>) -> Int {
        let x = Decimal(a), y = Decimal(b)
        if x.isZero || y.isZero {
            if x.isZero && y.isZero { return 0 }
            return x.isZero ? (y.negative ? 1 : -1) : (x.negative ? -1 : 1)
        }
        if x.negative != y.negative { return x.negative ? -1 : 1 }
        // Same sign: by magnitude, 0.d1d2… × 10^exponent with d1 not 0.
        var magnitude = x.exponent == y.exponent ? 0 : (x.exponent < y.exponent ? -1 : 1)
        if magnitude == 0, x.digits != y.digits {
            magnitude = x.digits.lexicographicallyPrecedes(y.digits) ? -1 : 1
        }
        return x.negative ? -magnitude : magnitude
    }

    /// A number as its sign, its significant digits (no leading or trailing zeros) and the power
    /// of ten that puts the decimal point before them.
    private struct Decimal {
        var negative = false
        var digits: [UInt8] = []
        var exponent = 0
        var isZero: Bool { digits.isEmpty }

        init(_ text: some Collection<UInt8>) {
            var pointAt: Int?
            var exponentText: [UInt8] = []
            var inExponent = false
            var all: [UInt8] = []
            for byte in text {
                if inExponent {
                    exponentText.append(byte)
                } else if byte == UInt8(ascii: "-") {
                    negative = true
                } else if byte == UInt8(ascii: ".") {
                    pointAt = all.count
                } else if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
                    inExponent = true
                } else if (0x30...0x39).contains(byte) {
                    all.append(byte)
                }
            }
            let leading = all.prefix { $0 == 0x30 }.count
            digits = Array(all.dropFirst(leading))
            while digits.last == 0x30 { digits.removeLast() }
            // (An exponent beyond Int's range is clamped: no JSON number needs more.)
            let written = Int(String(decoding: exponentText.filter { $0 != UInt8(ascii: "+") }, as: UTF8.self))
                ?? (exponentText.contains(UInt8(ascii: "-")) ? Int.min / 4 : Int.max / 4)
            exponent = (pointAt ?? all.count) - leading + (exponentText.isEmpty ? 0 : max(Int.min / 4, min(Int.max / 4, written)))
        }
    }
}
