#include <alsa/asoundlib.h>

/* alsa-lib prints its own errors to stderr ("ALSA lib seq_hw.c:466: ..."); Woodshed reports each
   failure once, in one line of its own. Swift cannot write a C variadic callback, hence this shim. */
static void woodshed_alsa_quiet_handler(const char *file, int line, const char *function, int err, const char *fmt, ...) {
    (void)file; (void)line; (void)function; (void)err; (void)fmt;
}

static inline void woodshed_silence_alsa_errors(void) {
    snd_lib_error_set_handler(woodshed_alsa_quiet_handler);
}
