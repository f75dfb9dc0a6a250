// swift-tools-version:6.0
// A package outside tstack's, as a Swift developer's would be: it depends on the `TStack`
// product alone and scrolls a million-row list to an id; another depends on the light `TStackUI`
// alone (a list refreshed by a timer); another on `StackEngine` alone. `make check-embedding`
// builds and runs them.
import Foundation
import PackageDescription

// A path dependency's identity is its folder's name, which differs between clones.
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

let package = Package(
    name: "Embedding",
    dependencies: [.package(path: root.path)],
    targets: [
        .executableTarget(
            name: "Embedding",
            dependencies: [.product(name: "TStack", package: root.lastPathComponent)]
        ),
        .executableTarget(
            name: "LightList",
            dependencies: [.product(name: "TStackUI", package: root.lastPathComponent)]
        ),
        .executableTarget(
            name: "FoldableTree",
            dependencies: [.product(name: "TStackUI", package: root.lastPathComponent)]
        ),
        .executableTarget(
            name: "EngineOnly",
            dependencies: [.product(name: "StackEngine", package: root.lastPathComponent)]
        ),
    ]
)
