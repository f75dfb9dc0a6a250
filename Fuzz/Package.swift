// swift-tools-version:6.0
// libFuzzer targets, in a package of their own: they only build with
// `-sanitize=fuzzer,address` (libFuzzer supplies `main`). `make fuzz` builds and runs them.
import Foundation
import PackageDescription

// A path dependency's identity is its folder's name, which differs between clones.
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()

let package = Package(
    name: "tstack-fuzz",
    dependencies: [.package(path: "..")],
    targets: [
        .target(name: "CFuzzerDriver"),
        .target(name: "FuzzerEntry", dependencies: ["CFuzzerDriver"]),
        .executableTarget(
            name: "JSONLoaderFuzzer",
            dependencies: ["FuzzerEntry", .product(name: "TStack", package: root.lastPathComponent)]
        ),
        .executableTarget(
            name: "LazyLoaderFuzzer",
            dependencies: ["FuzzerEntry", .product(name: "TStack", package: root.lastPathComponent)]
        ),
        .executableTarget(
            name: "TextFuzzer",
            dependencies: ["FuzzerEntry", .product(name: "TStack", package: root.lastPathComponent)]
        ),
        .executableTarget(
            name: "EngineFuzzer",
            dependencies: ["FuzzerEntry", .product(name: "StackEngine", package: root.lastPathComponent)]
        ),
    ]
)
