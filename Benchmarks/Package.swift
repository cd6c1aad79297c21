// swift-tools-version:6.1
//
// Woodshed's benchmarks (ordo-one/package-benchmark). A package of its own so that building and
// testing Woodshed never compiles the harness. Run from this folder:
//
//     swift package --disable-sandbox benchmark
//
import PackageDescription

let package = Package(
    name: "WoodshedBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "Woodshed", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "EngineBenchmarks",
            dependencies: [
                .product(name: "WoodshedKit", package: "Woodshed"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/EngineBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // The drum judge: hits judged per second, alone and through the timing-thread mode.
        .executableTarget(
            name: "JudgeBenchmarks",
            dependencies: [
                .product(name: "WoodshedKit", package: "Woodshed"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/JudgeBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // A plain timing run of the store (insert a 10,000-event session; stats over 1M events):
        //     swift run -c release store-bench
        .executableTarget(
            name: "store-bench",
            dependencies: [.product(name: "WoodshedKit", package: "Woodshed")],
            path: "Benchmarks/store-bench"
        ),
        // The song's engine: stretch throughput against the rubberband tool, seek-to-sound, memory
        // for a long file. scripts/song-bench runs it.
        .executableTarget(
            name: "song-bench",
            dependencies: [.product(name: "WoodshedKit", package: "Woodshed")],
            path: "Benchmarks/song-bench"
        ),
    ],
    swiftLanguageModes: [.v6]
)
