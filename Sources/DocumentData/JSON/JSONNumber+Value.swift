import Platform

// MARK: - A number's value read from its bytes, on the path of every record of a count, a sort
// or a `:where`

extension JSONNumber {
    /// The number written in `raw` (JSON's grammar: up to 15 digits with a point read exactly
    /// here, anything else by `strtod`); nil when it is none.
    static func value(of raw: UnsafeRawBufferPointer) -> Double? {
        if let number = shortDecimal(raw) { return number }
        guard let first = raw.first, first == UInt8(ascii: "-") || (0x30...0x39).contains(first), raw.count < 64 else {
            return raw.count >= 64 ? Double(String(decoding: raw, as: UTF8.self)) : nil
        }
        return withUnsafeTemporaryAllocation(of: CChar.self, capacity: 64) { buffer in
            UnsafeMutableRawBufferPointer(buffer).copyMemory(from: raw)
            buffer[raw.count] = 0
            var end: UnsafeMutablePointer<CChar>?
            let value = strtod(buffer.baseAddress!, &end)
            return end == buffer.baseAddress! + raw.count ? value : nil
        }
    }

    /// Powers of ten a Double holds exactly.
    private static let exactPowersOfTen: [Double] = (0...22).map { pow(10, Double($0)) }

    /// The number `raw` writes when it is digits, perhaps after a minus and with a point, 15 at
    /// most: their integer, exact in a Double, divided by an exact power of ten — one correctly
    /// rounded division, so `strtod`'s value (Clinger's fast path), at a fraction of its cost.
    /// Nil for anything else (an exponent, more digits), which `strtod` reads.
    private static func shortDecimal(_ raw: UnsafeRawBufferPointer) -> Double? {
        guard let first = raw.first, first == UInt8(ascii: "-") || first &- 0x30 < 10 else { return nil }
        let negative = first == UInt8(ascii: "-")
        var index = negative ? 1 : 0
        var digits: UInt64 = 0, digitCount = 0, fractionDigits = 0, point = false
        while index < raw.count {
            let byte = raw[index]
            if byte &- 0x30 < 10 {
                digits = digits &* 10 &+ UInt64(byte &- 0x30)
                digitCount += 1
                if point { fractionDigits += 1 }
            } else if byte == UInt8(ascii: "."), !point {
                point = true
            } else {
                return nil
            }
            index += 1
        }
        guard digitCount > 0, digitCount <= 15 else { return nil }
        let magnitude = Double(digits) / exactPowersOfTen[fractionDigits]
        return negative ? -magnitude : magnitude
    }
}
