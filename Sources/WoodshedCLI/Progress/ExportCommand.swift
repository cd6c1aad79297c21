import ArgumentParser
import Foundation
import WoodshedCore
import WoodshedStore

extension Exporter.Format: ExpressibleByArgument {}

/// `woodshed export`: every session and event as CSV or JSON.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write every session and every note or answer as CSV or JSON, for spreadsheets.")

    @Option(help: "csv (one row per event, session columns repeated) or json (sessions with their events).")
    var format: Exporter.Format = .csv

    @Option(help: "Write to this file instead of standard output.")
    var out: String?

    func run() throws {
        let stored = try ProgressStore.open()
        if stored == nil { FileHandle.standardError.write(Data((ProgressMessages.noSessionsYet + "\n").utf8)) }
        let store = stored ?? Store()
        let handle: FileHandle
        if let out {
            guard FileManager.default.createFile(atPath: out, contents: nil), let file = FileHandle(forWritingAtPath: out) else {
                throw WoodshedError("cannot write \(out); check the folder exists and is writable")
            }
            handle = file
        } else {
            handle = FileHandle.standardOutput
        }
        defer { if out != nil { try? handle.close() } }
        do {
            try Exporter.export(store, format: format) { try handle.write(contentsOf: Data($0.utf8)) }
        } catch let error as UserFacingError {
            throw error
        } catch {
            throw WoodshedError("cannot write \(out ?? "the export"): \(error.localizedDescription)")
        }
    }
}
