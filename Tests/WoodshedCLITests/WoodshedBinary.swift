import Foundation

/// Runs the built `woodshed` executable, as a user would.
enum WoodshedBinary {
    /// `$WOODSHED_BIN` when set (`scripts/test` points it at the release build), else the `woodshed`
    /// built beside the test bundle. Never a guess: a missing binary stops the tests rather than
    /// running an old one from somewhere else.
    static let url: URL = {
        if let path = ProcessInfo.processInfo.environment["WOODSHED_BIN"], !path.isEmpty {
            guard FileManager.default.isExecutableFile(atPath: path) else {
                fatalError("WOODSHED_BIN=\(path) is not an executable; build it or unset WOODSHED_BIN")
            }
            return URL(fileURLWithPath: path)
        }
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("woodshed"),
            Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("woodshed"),
        ]
        guard let built = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
            fatalError("no woodshed executable beside the tests (looked at \(candidates.map(\.path))); run `swift build` first")
        }
        return built
    }()

    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
        var lines: [String] { stdout.split(separator: "\n").map(String.init) }
    }

    static func run(_ arguments: [String], environment: [String: String] = [:]) throws -> Result {
        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env["NO_COLOR"] = "1"
        for (k, v) in environment { env[k] = v }
        process.environment = env
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                      stderr: String(decoding: stderr, as: UTF8.self))
    }

    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("woodshed-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
