#ifndef WOODSHED_RT_GUARD_H
#define WOODSHED_RT_GUARD_H

/// The real-time guard: counts heap allocations, frees and lock operations made on threads marked
/// real-time, so that a run of the real commands proves the timing and audio threads do none of them
/// after start. Linked only into `woodshed-rt-check`, whose malloc, free, pthread_mutex_lock and
/// syscall (Swift's Mutex is a futex through syscall) it replaces for the whole process.

/// Marks the calling thread: from now on it is watched.
void rt_guard_mark_current_thread(void);

/// Stops watching the calling thread (its work is done; it is about to end).
void rt_guard_unmark_current_thread(void);

/// Counts since start, over every marked thread.
typedef struct {
    long marked_threads;
    long allocations;
    long frees;
    long locks;
} rt_guard_counts;

rt_guard_counts rt_guard_read(void);

/// Writes, to standard error, the call stack of the first violation seen (if any).
void rt_guard_print_first_violation(void);

/// Allocates once on the calling thread, through malloc (for the guard's own self-test).
void rt_guard_allocate_once(void);

#endif
