#if canImport(Glibc)
import Glibc
#endif

/// GLib's logging, reached through the dynamic linker: libfluidsynth brings GLib (and libinstpatch)
/// into the process, and Woodshed needs exactly one call of it, so it is not linked directly.
enum GLibLog {
    // GLib's types as C sees them: GLogFunc and g_log_set_handler / g_log_default_handler.
    private typealias LogFunction = @convention(c) (UnsafePointer<CChar>?, Int32, UnsafePointer<CChar>?, UnsafeMutableRawPointer?) -> Void
    private typealias SetHandler = @convention(c) (UnsafePointer<CChar>?, Int32, LogFunction, UnsafeMutableRawPointer?) -> UInt32

    /// G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING.
    private static let levels: Int32 = (1 << 3) | (1 << 4)

    nonisolated(unsafe) private static var defaultHandler: LogFunction?

    /// Drops libinstpatch's assertion messages (text starting `ipatch_`), from any log domain it uses.
    static func dropLibInstPatchNoise() {
        guard let process = dlopen(nil, RTLD_NOW),
              let set = dlsym(process, "g_log_set_handler"),
              let fallback = dlsym(process, "g_log_default_handler") else { return }
        defaultHandler = unsafeBitCast(fallback, to: LogFunction.self)
        let setHandler = unsafeBitCast(set, to: SetHandler.self)
        let filter: LogFunction = { domain, level, message, data in
            if let message, strncmp(message, "ipatch_", 7) == 0 { return }
            GLibLog.defaultHandler?(domain, level, message, data)
        }
        // The messages come with no domain ("** (process:PID): CRITICAL **") or libinstpatch's own.
        _ = setHandler(nil, levels, filter, nil)
        _ = "libInstPatch".withCString { setHandler($0, levels, filter, nil) }
    }
}
