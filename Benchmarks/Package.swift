// swift-tools-version:6.1
// The engine's benchmarks, in a package of their own so the benchmark harness and its
// dependencies are built only by `make bench`, never by `make build` or `make test`.
import Foundation
import PackageDescription

// A path dependency's identity is its folder's name, which differs between clones.
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()

let package = Package(
    name: "tstack-benchmarks",
    dependencies: [
        .package(path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.0", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "StackEngineBenchmarks",
            dependencies: [
                .product(name: "StackEngine", package: root.lastPathComponent),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/StackEngineBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "WholeFileBenchmarks",
            dependencies: [
                .product(name: "TStack", package: root.lastPathComponent),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/WholeFileBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)
