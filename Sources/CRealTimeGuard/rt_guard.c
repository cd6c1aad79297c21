// The real-time guard's interposers. Defined in the executable, they take the place of the C
// library's malloc family and lock functions for the whole process (glibc allows this: its own
// internal calls go through the same symbols), forward to the real ones, and count the calls made
// on marked threads. Nothing here allocates or locks.
#define _GNU_SOURCE
#include "rt_guard.h"

#include <dlfcn.h>
#include <execinfo.h>
#include <pthread.h>
#include <semaphore.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <linux/futex.h>

extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void __libc_free(void *);
extern void *__libc_memalign(size_t, size_t);

static __thread int marked;
static __thread int inside;  // a violation being recorded: do not count what recording does
static atomic_long marked_threads, allocations, frees, locks;
static atomic_int first_taken;
static void *first_stack[48];
static int first_depth;
static const char *first_what = "";

static void violation(atomic_long *counter, const char *what) {
    if (!marked || inside) return;
    atomic_fetch_add_explicit(counter, 1, memory_order_relaxed);
    int expected = 0;
    if (atomic_compare_exchange_strong(&first_taken, &expected, 1)) {
        inside = 1;
        first_what = what;
        first_depth = backtrace(first_stack, 48);
        inside = 0;
    }
}

void rt_guard_mark_current_thread(void) {
    marked = 1;
    atomic_fetch_add_explicit(&marked_threads, 1, memory_order_relaxed);
}

void rt_guard_unmark_current_thread(void) { marked = 0; }

rt_guard_counts rt_guard_read(void) {
    rt_guard_counts counts = {
        atomic_load(&marked_threads), atomic_load(&allocations), atomic_load(&frees), atomic_load(&locks),
    };
    return counts;
}

void rt_guard_print_first_violation(void) {
    if (!atomic_load(&first_taken)) return;
    static const char header[] = "woodshed-rt-check: first violation on a real-time thread: ";
    write(STDERR_FILENO, header, sizeof header - 1);
    size_t n = 0;
    while (first_what[n]) n++;
    write(STDERR_FILENO, first_what, n);
    write(STDERR_FILENO, "\n", 1);
    backtrace_symbols_fd(first_stack, first_depth, STDERR_FILENO);
}

void rt_guard_allocate_once(void) {
    void *volatile p = malloc(24);
    free(p);
}

// glibc's backtrace loads libgcc_s (and allocates) on its first call: do that now, unwatched.
__attribute__((constructor)) static void warm_up(void) {
    void *frames[2];
    backtrace(frames, 2);
}

// MARK: The malloc family

void *malloc(size_t size) {
    violation(&allocations, "malloc");
    return __libc_malloc(size);
}

void *calloc(size_t count, size_t size) {
    violation(&allocations, "calloc");
    return __libc_calloc(count, size);
}

void *realloc(void *pointer, size_t size) {
    violation(&allocations, "realloc");
    return __libc_realloc(pointer, size);
}

void free(void *pointer) {
    if (pointer) violation(&frees, "free");
    __libc_free(pointer);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
    violation(&allocations, "posix_memalign");
    void *p = __libc_memalign(alignment, size);
    if (!p) return 12;  // ENOMEM
    *result = p;
    return 0;
}

void *aligned_alloc(size_t alignment, size_t size) {
    violation(&allocations, "aligned_alloc");
    return __libc_memalign(alignment, size);
}

void *memalign(size_t alignment, size_t size) {
    violation(&allocations, "memalign");
    return __libc_memalign(alignment, size);
}

void *valloc(size_t size) {
    violation(&allocations, "valloc");
    return __libc_memalign((size_t)sysconf(_SC_PAGESIZE), size);
}

// MARK: Locks (the real functions are looked up at start, unwatched: dlsym may allocate)

static int (*real_mutex_lock)(pthread_mutex_t *);
static int (*real_mutex_trylock)(pthread_mutex_t *);
static int (*real_rwlock_rdlock)(pthread_rwlock_t *);
static int (*real_rwlock_wrlock)(pthread_rwlock_t *);
static int (*real_cond_wait)(pthread_cond_t *, pthread_mutex_t *);
static int (*real_cond_timedwait)(pthread_cond_t *, pthread_mutex_t *, const struct timespec *);
static int (*real_sem_wait)(sem_t *);
static long (*real_syscall)(long, ...);

__attribute__((constructor)) static void look_up(void) {
    real_mutex_lock = dlsym(RTLD_NEXT, "pthread_mutex_lock");
    real_mutex_trylock = dlsym(RTLD_NEXT, "pthread_mutex_trylock");
    real_rwlock_rdlock = dlsym(RTLD_NEXT, "pthread_rwlock_rdlock");
    real_rwlock_wrlock = dlsym(RTLD_NEXT, "pthread_rwlock_wrlock");
    real_cond_wait = dlsym(RTLD_NEXT, "pthread_cond_wait");
    real_cond_timedwait = dlsym(RTLD_NEXT, "pthread_cond_timedwait");
    real_sem_wait = dlsym(RTLD_NEXT, "sem_wait");
    real_syscall = dlsym(RTLD_NEXT, "syscall");
}

int pthread_mutex_lock(pthread_mutex_t *m) {
    violation(&locks, "pthread_mutex_lock");
    if (!real_mutex_lock) real_mutex_lock = dlsym(RTLD_NEXT, "pthread_mutex_lock");  // called before the constructor ran
    return real_mutex_lock(m);
}

int pthread_mutex_trylock(pthread_mutex_t *m) {
    violation(&locks, "pthread_mutex_trylock");
    if (!real_mutex_trylock) real_mutex_trylock = dlsym(RTLD_NEXT, "pthread_mutex_trylock");  // called before the constructor ran
    return real_mutex_trylock(m);
}

int pthread_rwlock_rdlock(pthread_rwlock_t *l) {
    violation(&locks, "pthread_rwlock_rdlock");
    if (!real_rwlock_rdlock) real_rwlock_rdlock = dlsym(RTLD_NEXT, "pthread_rwlock_rdlock");  // called before the constructor ran
    return real_rwlock_rdlock(l);
}

int pthread_rwlock_wrlock(pthread_rwlock_t *l) {
    violation(&locks, "pthread_rwlock_wrlock");
    if (!real_rwlock_wrlock) real_rwlock_wrlock = dlsym(RTLD_NEXT, "pthread_rwlock_wrlock");  // called before the constructor ran
    return real_rwlock_wrlock(l);
}

int pthread_cond_wait(pthread_cond_t *c, pthread_mutex_t *m) {
    violation(&locks, "pthread_cond_wait");
    if (!real_cond_wait) real_cond_wait = dlsym(RTLD_NEXT, "pthread_cond_wait");  // called before the constructor ran
    return real_cond_wait(c, m);
}

int pthread_cond_timedwait(pthread_cond_t *c, pthread_mutex_t *m, const struct timespec *t) {
    violation(&locks, "pthread_cond_timedwait");
    if (!real_cond_timedwait) real_cond_timedwait = dlsym(RTLD_NEXT, "pthread_cond_timedwait");  // called before the constructor ran
    return real_cond_timedwait(c, m, t);
}

int sem_wait(sem_t *s) {
    violation(&locks, "sem_wait");
    if (!real_sem_wait) real_sem_wait = dlsym(RTLD_NEXT, "sem_wait");  // called before the constructor ran
    return real_sem_wait(s);
}

// Swift's Synchronization.Mutex locks with a futex through syscall(2): a futex wait or lock counts.
long syscall(long number, ...) {
    va_list list;
    va_start(list, number);
    long a = va_arg(list, long), b = va_arg(list, long), c = va_arg(list, long);
    long d = va_arg(list, long), e = va_arg(list, long), f = va_arg(list, long);
    va_end(list);
    if (number == SYS_futex) {
        int op = (int)b & FUTEX_CMD_MASK;
        if (op == FUTEX_WAIT || op == FUTEX_LOCK_PI || op == FUTEX_WAIT_BITSET || op == FUTEX_LOCK_PI2)
            violation(&locks, "futex");
    }
    if (!real_syscall) real_syscall = dlsym(RTLD_NEXT, "syscall");  // called before the constructor ran
    return real_syscall(number, a, b, c, d, e, f);
}
