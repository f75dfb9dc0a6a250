// swift-tools-version:6.0
import PackageDescription

/// `_checkInvariants`-style checks after every change of a list, a tree's fold state and a
/// stack document's rows, compiled into debug builds (every test) and left out of release ones.
let internalChecks: [SwiftSetting] = [.define("TSTACK_INTERNAL_CHECKS", .when(configuration: .debug))]

let package = Package(
    name: "tstack",
    products: [
        // Everything a Swift program needs: `import TStack`.
        .library(name: "TStack", targets: ["TStack"]),
        // The light library: the engine, the terminal and the widgets (list, tree, keys), with
        // nothing that parses JSON, matches regular expressions or parses arguments.
        .library(name: "TStackUI", targets: ["TStackUI"]),
        // The layout engine alone, for programs that draw rows themselves.
        .library(name: "StackEngine", targets: ["StackEngine"]),
        .executable(name: "tstack", targets: ["TStackCLI"]),
    ],
    dependencies: [
        // `partitioningIndex(where:)`: the binary searches over sorted tables.
        .package(url: "https://github.com/apple/swift-algorithms", from: "1.2.0"),
        // `Deque`: the order in which the tree's cached child tables are dropped.
        .package(url: "https://github.com/apple/swift-collections", from: "1.1.0"),
        // `make docs`: DocC for the library (a build-time plugin only; nothing links it).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"),
    ],
    targets: [
        // ncursesw's wide-character API, seen from Swift. Only TerminalUI imports it.
        .systemLibrary(
            name: "CNcursesw",
            providers: [.apt(["libncursesw5-dev"])]
        ),
        // PCRE2, with its JIT: the regular expressions of search. Only DocumentData imports it.
        .systemLibrary(
            name: "CPCRE2",
            providers: [.apt(["libpcre2-dev"])]
        ),
        // zlib, libzstd, liblzma and libbz2: compressed input read as it is decompressed.
        .systemLibrary(
            name: "CCompression",
            providers: [.apt(["zlib1g-dev", "libzstd-dev", "liblzma-dev", "libbz2-dev"])]
        ),
        // libyaml: YAML read as events, made into JSON.
        .systemLibrary(
            name: "CYAML",
            providers: [.apt(["libyaml-dev"])]
        ),
        // The first stage of the JSON scan: quotes and brackets found 64 bytes at a time (AVX-512 or AVX2).
        .target(name: "CJSONIndex"),
        // The platform's C library (Glibc, Musl or Darwin) behind one import: every module that
        // makes system calls imports it.
        .target(name: "Platform"),
        // The pure layout engine: no I/O, no Foundation, deterministic. The stack, and the rows of
        // a foldable tree (`TreeOutline`) over any tree model.
        .target(
            name: "StackEngine", dependencies: [.product(name: "Algorithms", package: "swift-algorithms")],
            swiftSettings: internalChecks),
        // The data: input (files, pipes, growing files; compressed, CSV, YAML, logfmt and text
        // made into JSON), JSON with positions, the stack document
        // model, the scan and index of big files, the JSON tree model, and regular-expression search.
        .target(
            name: "DocumentData",
            dependencies: [
                "Platform", "StackEngine", "CPCRE2", "CJSONIndex", "CCompression", "CYAML",
                .product(name: "Algorithms", package: "swift-algorithms"),
                .product(name: "DequeModule", package: "swift-collections"),
            ],
            swiftSettings: internalChecks
        ),
        // Cells, the screen contract, key decoding, and the ncurses and in-memory terminals.
        .target(name: "TerminalUI", dependencies: ["Platform", "CNcursesw"]),
        // The widgets, drawn into an area of a cell buffer: a lazy list on either axis, a lazy
        // foldable tree, and key tables with their default bindings.
        .target(name: "Widgets", dependencies: ["StackEngine", "TerminalUI"], swiftSettings: internalChecks),
        // The viewer `tstack browse` is: one viewer over contents (a stack document, a JSON tree),
        // its keys, prompt, jobs and status line, and the rows it builds.
        .target(
            name: "DocumentViewer",
            dependencies: [
                "Platform", "StackEngine", "DocumentData", "TerminalUI", "Widgets",
                .product(name: "Algorithms", package: "swift-algorithms"),
                .product(name: "BitCollections", package: "swift-collections"),
            ],
            swiftSettings: internalChecks
        ),
        // The library in one import: re-exports the five modules above.
        .target(
            name: "TStack",
            dependencies: ["StackEngine", "DocumentData", "TerminalUI", "Widgets", "DocumentViewer"]
        ),
        // The light library in one import: re-exports the engine, the terminal and the widgets.
        .target(name: "TStackUI", dependencies: ["StackEngine", "TerminalUI", "Widgets"]),
        // The command-line interface (the `tstack` binary).
        .executableTarget(
            name: "TStackCLI",
            dependencies: ["Platform", "DocumentViewer"],
            path: "Sources/CLI",
            // The release link's order of functions (see the Makefile's LINK_ORDER).
            exclude: ["tstack.order"]
        ),
        // The colour-shades list of SwiftUI's documentation, on the library API alone (`make demo`).
        .executableTarget(
            name: "PinnedHeaders",
            dependencies: ["TStack"],
            path: "Examples/PinnedHeaders"
        ),
        // A log browser over a million lines, two lists on one screen, on `import TStack` alone
        // (`make logs`).
        .executableTarget(name: "LogBrowser", dependencies: ["TStack"], path: "Examples/LogBrowser"),
        // A live process list (`/proc`, refreshed every second, the selection kept by pid) on the
        // light `import TStackUI` alone (`make procs`).
        .executableTarget(name: "ProcessList", dependencies: ["TStackUI"], path: "Examples/ProcessList"),
        .executableTarget(name: "ChatTail", dependencies: ["TStackUI"], path: "Examples/ChatTail"),
        // Helpers shared by the test targets: a seeded generator, directory listing.
        .target(name: "TestSupport", dependencies: ["DocumentData"], path: "Tests/TestSupport"),
        .testTarget(name: "StackEngineTests", dependencies: ["StackEngine", "TestSupport"]),
        .testTarget(name: "DocumentDataTests", dependencies: ["DocumentData", "StackEngine", "TestSupport"]),
        .testTarget(name: "TerminalUITests", dependencies: ["TerminalUI", "TestSupport"]),
        .testTarget(name: "WidgetsTests", dependencies: ["Widgets", "TestSupport"]),
        // Every code sample of the documentation, compiled (and checked to be the documented text).
        .testTarget(name: "DocSamplesTests", dependencies: ["TStack", "TestSupport"]),
        .testTarget(
            name: "DocumentViewerTests",
            dependencies: [
                "DocumentViewer", "Widgets", "TestSupport", .product(name: "BitCollections", package: "swift-collections"),
            ],
            exclude: ["Snapshots"]),
        .testTarget(
            name: "EndToEndTests",
            dependencies: ["TStackCLI", "DocumentViewer", "PinnedHeaders", "LogBrowser", "ProcessList", "ChatTail", "TestSupport"],
            exclude: ["Scripts"]),
    ]
)
