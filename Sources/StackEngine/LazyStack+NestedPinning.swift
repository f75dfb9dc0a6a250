// MARK: - Nested pinning: the opening rows of the enclosing containers stay at the top

/// The containers pinned at the top of a frame, outermost first, each at the line it pins to
/// before anything pushes it out; and the line of the `…` standing for deeper ones left out.
struct ContainerPins {
    var pinned: [(container: ContainerSpan, line: Int)] = []
    var elidedLine: Int?
    /// Lines covered at the top: the pinned rows and the `…`.
    var lines = 0
}

extension LazyStack {
    /// The most lines the pinned containers cover: the options' share of the viewport (a
    /// third), at least one — none when the share is 0.
    var containerPinLimit: Int {
        options.pinnedContainersShare > 0
            ? max(1, Int(Double(viewportExtent) * options.pinnedContainersShare + 1e-9)) : 0
    }

    /// The containers pinned over `spans` (the flowing rows from the anchor down): those open
    /// above the first row not covered by the pins. A container pins when its opening row starts
    /// above the line it would pin to (scrolled off, or under the pins above it); the chain is
    /// found again from the row below it until it stays the same (a container that ended above
    /// that row gives way to the one it is in, unless that row is where it ends).
    /// - Complexity: O(depth × rows on screen), resolving the opening rows pinned.
    mutating func containerPins(over spans: [RowSpan]) -> ContainerPins {
        guard options.pinsHeaders, containerPinLimit > 0, let first = spans.first else { return ContainerPins() }
        var pins = ContainerPins()
        var chain: [ContainerSpan] = []
        let lowest = spans.map { $0.origin }.max() ?? 0
        // A few passes settle it (one more than the levels that can pin); a pass that changes
        // nothing ends it.
        for _ in 0...(containerPinLimit + 1) {
            guard let top = spans.first(where: { $0.end > pins.lines }) else { break }
            var next: [ContainerSpan] = []
            var line = 0
            for container in source.enclosingContainers(of: top.index) {
                let origin = container.opening < first.index
                    ? Int.min : spans.first { $0.index == container.opening }?.origin ?? Int.max
                guard origin < line else { break }
                next.append(container)
                // Once below every row placed, any opening above passes: the rest is not measured
                // (a chain 999 deep measured every opening row each frame).
                if line <= lowest { line += extent(container.opening) }
            }
            // The row below the pins may be the end of the innermost ones (they are being
            // pushed out): they stay, not to flicker between two chains.
            guard next != chain, next.count >= chain.count || !chain.starts(with: next) else { break }
            chain = next
            pins = fitted(chain)
        }
        return pins
    }

    /// Lines at the top covered by pinned containers when `row` is the first row below them: its
    /// enclosing containers', within the limit.
    mutating func containerInset(for row: Int) -> Int {
        guard options.pinsHeaders, containerPinLimit > 0 else { return 0 }
        return fitted(source.enclosingContainers(of: row)).lines
    }

    /// The lines covered at the top of the current placement by a pinned header or by pinned
    /// containers: rows there are hidden, and a selection moves below them.
    /// - Complexity: O(depth × rows on screen).
    public mutating func pinnedLines() -> Int {
        resolveViewport()
        let spans = placement()
        guard let first = spans.first else { return 0 }
        return max(sectionHeaderInset(for: first.index), containerPins(over: spans).lines)
    }

    /// `chain` pinned from the top line down, outermost first; when it would cover more than the
    /// limit, the outermost that fit with a `…` line below them.
    private mutating func fitted(_ chain: [ContainerSpan]) -> ContainerPins {
        var pins = ContainerPins()
        let limit = containerPinLimit
        // Whether they all fit: measured only until they do not (a chain 999 deep measured every
        // opening row for each frame).
        var total = 0
        for container in chain {
            total += extent(container.opening)
            if total > limit { break }
        }
        for container in chain {
            let height = extent(container.opening)
            let room = total <= limit ? limit : limit - 1
            guard pins.lines + height <= room else {
                pins.elidedLine = pins.lines
                pins.lines += 1
                break
            }
            pins.pinned.append((container, pins.lines))
            pins.lines += height
        }
        return pins
    }

    /// The pinned opening rows of `pins` placed over `spans`, innermost first so the outer ones
    /// are drawn over them: each pushed up by its container's end row as that rises.
    mutating func placedContainerPins(_ pins: ContainerPins, over spans: [RowSpan]) -> [PlacedRow<Source.Row>] {
        var placed: [PlacedRow<Source.Row>] = []
        for (container, line) in pins.pinned.reversed() {
            let row = resolve(container.opening)
            var origin = line
            if let end = spans.first(where: { $0.index == container.end }) {
                origin = min(origin, end.origin - row.extent)
            }
            guard origin + row.extent > 0 else { continue }
            placed.append(
                PlacedRow(index: container.opening, kind: kind(container.opening), origin: origin, row: row, isPinned: true))
        }
        return placed
    }
}
