import Foundation
import WoodshedCore

/// Finds the folders Woodshed ships with (`mappings/`, `soundfonts/`, `charts/`) at run time.
///
/// Places are tried in order, and each folder is looked up on its own (your soundfonts may be
/// installed while the mappings come from a checkout):
/// 1. `$WOODSHED_HOME`, if set;
/// 2. the folder of the running executable and each of its ancestors — a binary built in a
///    checkout lives in `.build/<configuration>/woodshed`, so this finds the checkout;
/// 3. `$XDG_DATA_HOME/woodshed` (`~/.local/share/woodshed`);
/// 4. `/usr/local/share/woodshed`, then `/usr/share/woodshed` (installed copies).
public struct ResourceLocator: Sendable {
    /// A folder Woodshed ships.
    public enum Resource: String, CaseIterable, Sendable {
        case mappings
        case soundfonts
        case charts
    }

    /// The places searched, in order.
    public var searchRoots: [String]

    /// Builds the search order from the environment and the executable's path (this process's by
    /// default).
    public init(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        executablePath: String? = ResourceLocator.currentExecutablePath,
        xdg: XDGDirectories? = nil
    ) {
        var roots: [String] = []
        if let home = environment["WOODSHED_HOME"], !home.isEmpty { roots.append(home) }
        if let executablePath {
            var folder = ((executablePath as NSString).resolvingSymlinksInPath as NSString).deletingLastPathComponent
            while !folder.isEmpty {
                roots.append(folder)
                let parent = (folder as NSString).deletingLastPathComponent
                if parent == folder { break }
                folder = parent
            }
        }
        roots.append((xdg ?? XDGDirectories(environment: environment)).woodshedData)
        roots.append("/usr/local/share/woodshed")
        roots.append("/usr/share/woodshed")
        self.searchRoots = roots
    }

    /// Searches exactly `roots`, in order.
    public init(searchRoots: [String]) { self.searchRoots = searchRoots }

    /// The running executable, from the kernel's own record of it.
    public static var currentExecutablePath: String? {
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") { return path }
        return Bundle.main.executablePath ?? CommandLine.arguments.first
    }

    /// The first `<root>/<resource>` folder that exists, or nil.
    public func locate(_ resource: Resource) -> String? {
        for root in searchRoots {
            let candidate = (root as NSString).appendingPathComponent(resource.rawValue)
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate, isDirectory: &isDirectory), isDirectory.boolValue {
                return candidate
            }
        }
        return nil
    }

    /// Like `locate`, but a missing folder is an error that says where Woodshed looked.
    public func require(_ resource: Resource) throws -> String {
        if let found = locate(resource) { return found }
        throw WoodshedError(
            "cannot find the \(resource.rawValue)/ folder; set WOODSHED_HOME to the Woodshed checkout or install folder (looked in the executable's folders, \(searchRoots.suffix(3).joined(separator: ", ")))")
    }
}
