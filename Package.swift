// swift-tools-version:6.1
//
// Woodshed — a practice instrument for Linux.
//
// Layering (each arrow is "may import"):
//   woodshed (executable) → WoodshedCLI → engine modules → WoodshedCore
//   WoodshedCore and WoodshedSound are pure Swift: they import no C library, so the music logic
//   (theory, charts, judging, scoring, stats) and the DSP are testable anywhere.
//   CALSA, CFluidSynth, CSndFile, CRubberBand, CSampleRate are thin system-library modules; each is
//   wrapped once, in WoodshedALSA, WoodshedFluidSynth, WoodshedSndFile, WoodshedRubberBand and
//   WoodshedSampleRate, where C return codes become Swift errors. WoodshedSong streams a song
//   through them into the mixer.
import PackageDescription

let package = Package(
    name: "Woodshed",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "woodshed", targets: ["woodshed"]),
        .executable(name: "make-soundfont", targets: ["make-soundfont"]),
        .executable(name: "make-examples", targets: ["make-examples"]),
        .executable(name: "woodshed-rt-check", targets: ["woodshed-rt-check"]),
        // For the separate benchmark package in Benchmarks/ (kept apart so that builds and CI do not
        // compile the benchmark harness).
        .library(name: "WoodshedKit", targets: [
            "WoodshedCore", "WoodshedSound", "WoodshedEngine", "WoodshedALSA", "WoodshedFluidSynth",
            "WoodshedSndFile", "WoodshedRubberBand", "WoodshedSampleRate", "WoodshedSong", "WoodshedConfig", "WoodshedStore",
        ]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.0.0"),
        .package(url: "https://github.com/apple/swift-atomics", from: "1.2.0"),
    ],
    targets: [
        // MARK: Pure Swift
        // libm: `rounded()` and friends call into the C math library even without an import.
        .target(name: "WoodshedCore", linkerSettings: [.linkedLibrary("m")]),
        .target(name: "WoodshedSound", dependencies: ["WoodshedCore"]),

        // MARK: System libraries (one module each, nothing but the C headers)
        .systemLibrary(name: "CALSA", pkgConfig: "alsa", providers: [.apt(["libasound2-dev"])]),
        .systemLibrary(name: "CFluidSynth", pkgConfig: "fluidsynth", providers: [.apt(["libfluidsynth-dev"])]),
        .systemLibrary(name: "CSndFile", pkgConfig: "sndfile", providers: [.apt(["libsndfile1-dev"])]),
        .systemLibrary(name: "CRubberBand", pkgConfig: "rubberband", providers: [.apt(["librubberband-dev"])]),
        .systemLibrary(name: "CSampleRate", pkgConfig: "samplerate", providers: [.apt(["libsamplerate0-dev"])]),

        // MARK: Engine
        .target(name: "WoodshedEngine", dependencies: ["WoodshedCore", "WoodshedSound", .product(name: "Atomics", package: "swift-atomics")]),
        .target(name: "WoodshedALSA", dependencies: ["CALSA", "WoodshedEngine"]),
        .target(name: "WoodshedFluidSynth", dependencies: ["CFluidSynth", "WoodshedEngine"]),
        .target(name: "WoodshedSndFile", dependencies: ["CSndFile", "WoodshedEngine"]),
        .target(name: "WoodshedRubberBand", dependencies: ["CRubberBand", "WoodshedCore"]),
        .target(name: "WoodshedSampleRate", dependencies: ["CSampleRate", "WoodshedCore"]),
        // The song: audio files decoded, stretched and resampled ahead of the audio thread.
        .target(name: "WoodshedSong", dependencies: ["WoodshedEngine", "WoodshedSndFile", "WoodshedRubberBand", "WoodshedSampleRate"]),
        .target(name: "WoodshedConfig", dependencies: ["WoodshedCore", .product(name: "TOMLKit", package: "TOMLKit")]),
        .target(name: "WoodshedStore", dependencies: ["WoodshedCore", .product(name: "GRDB", package: "GRDB.swift")]),

        // MARK: Command line
        .target(
            name: "WoodshedCLI",
            dependencies: [
                "WoodshedCore", "WoodshedSound", "WoodshedEngine", "WoodshedALSA", "WoodshedFluidSynth",
                "WoodshedSndFile", "WoodshedSong", "WoodshedConfig", "WoodshedStore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(name: "woodshed", dependencies: ["WoodshedCLI"]),
        .executableTarget(name: "make-soundfont", dependencies: ["WoodshedSound", "WoodshedSndFile"]),
        .executableTarget(name: "make-examples", dependencies: ["WoodshedCore", "WoodshedFluidSynth", "WoodshedSndFile"]),
        // The real-time guard: woodshed's commands run in-process with malloc, free and the lock
        // functions counted on the timing and audio threads (tests only; see docs/architecture.md).
        .target(name: "CRealTimeGuard", linkerSettings: [.linkedLibrary("dl")]),
        .executableTarget(name: "woodshed-rt-check", dependencies: ["WoodshedCLI", "WoodshedEngine", "CRealTimeGuard"]),

        // MARK: Tests (mirror Sources)
        .testTarget(name: "WoodshedCoreTests", dependencies: ["WoodshedCore"], exclude: ["MIDIFile/Fixtures"]),
        .testTarget(name: "WoodshedSoundTests", dependencies: ["WoodshedSound"]),
        .testTarget(name: "WoodshedEngineTests", dependencies: ["WoodshedEngine"]),
        .testTarget(name: "WoodshedFluidSynthTests", dependencies: ["WoodshedFluidSynth"]),
        .testTarget(name: "WoodshedSndFileTests", dependencies: ["WoodshedSndFile", "CSndFile"]),
        .testTarget(name: "WoodshedSongTests", dependencies: ["WoodshedSong", "WoodshedSndFile"]),
        .testTarget(name: "WoodshedConfigTests", dependencies: ["WoodshedConfig"]),
        .testTarget(name: "WoodshedStoreTests", dependencies: ["WoodshedStore"]),
        .testTarget(name: "WoodshedCLITests", dependencies: ["WoodshedCLI"]),
    ],
    swiftLanguageModes: [.v6]
)
