// woodshed-rt-check: runs one woodshed command in this process, with the real-time guard watching
// the timing and audio threads, and fails if either allocated, freed or locked after it started.
//
//   woodshed-rt-check monitor --input events:FIFO --output null …
//
// Prints one line to standard error ("real-time check: 2 real-time threads, 0 allocations, 0 frees,
// 0 locks") and, on a violation, the call stack of the first one; exits with the command's status,
// or 3 when the guard saw anything. `WOODSHED_RT_CHECK_SELFTEST=1` makes the first real-time thread
// allocate once, to show that the guard catches it.
import CRealTimeGuard
import Foundation
import WoodshedCLI
import WoodshedEngine

if ProcessInfo.processInfo.environment["WOODSHED_RT_CHECK_SELFTEST"] == "1" {
    RealTimeThread.willRun = {
        rt_guard_mark_current_thread()
        rt_guard_allocate_once()
    }
} else {
    RealTimeThread.willRun = { rt_guard_mark_current_thread() }
}
RealTimeThread.didRun = { rt_guard_unmark_current_thread() }
let status = WoodshedMain.run(Array(CommandLine.arguments.dropFirst()))
let counts = rt_guard_read()
FileHandle.standardError.write(Data(("real-time check: \(counts.marked_threads) real-time threads, "
    + "\(counts.allocations) allocations, \(counts.frees) frees, \(counts.locks) locks\n").utf8))
rt_guard_print_first_violation()
let clean = counts.allocations == 0 && counts.frees == 0 && counts.locks == 0
exit(clean ? status : 3)
