// The latency bench's neutral xrun counter: preloaded (LD_PRELOAD) into each player it measures —
// bare fluidsynth and woodshed alike — it counts how often the player had to restart its output
// stream after it had started playing: each call to snd_pcm_prepare or snd_pcm_recover made after
// the first write (a recover's own prepare is not counted twice). Players find an underrun in
// different places (a write returning -EPIPE, an avail or wait call returning it), but every one
// of them has to prepare the stream again to go on. The count goes to the file named by
// XRUN_COUNTER_FILE when the player exits. Built by scripts/latency-bench.
#define _GNU_SOURCE
#include <alsa/asoundlib.h>
#include <dlfcn.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>

static atomic_long restarts;
static atomic_int playing;
static __thread int inside_recover;
static snd_pcm_sframes_t (*real_writei)(snd_pcm_t *, const void *, snd_pcm_uframes_t);
static snd_pcm_sframes_t (*real_writen)(snd_pcm_t *, void **, snd_pcm_uframes_t);
static int (*real_prepare)(snd_pcm_t *);
static int (*real_recover)(snd_pcm_t *, int, int);

__attribute__((constructor)) static void look_up(void) {
    real_writei = dlsym(RTLD_NEXT, "snd_pcm_writei");
    real_writen = dlsym(RTLD_NEXT, "snd_pcm_writen");
    real_prepare = dlsym(RTLD_NEXT, "snd_pcm_prepare");
    real_recover = dlsym(RTLD_NEXT, "snd_pcm_recover");
}

snd_pcm_sframes_t snd_pcm_writei(snd_pcm_t *pcm, const void *buffer, snd_pcm_uframes_t size) {
    snd_pcm_sframes_t result = real_writei(pcm, buffer, size);
    if (result > 0) atomic_store(&playing, 1);
    return result;
}

snd_pcm_sframes_t snd_pcm_writen(snd_pcm_t *pcm, void **buffers, snd_pcm_uframes_t size) {
    snd_pcm_sframes_t result = real_writen(pcm, buffers, size);
    if (result > 0) atomic_store(&playing, 1);
    return result;
}

int snd_pcm_prepare(snd_pcm_t *pcm) {
    if (atomic_load(&playing) && !inside_recover) atomic_fetch_add(&restarts, 1);
    return real_prepare(pcm);
}

int snd_pcm_recover(snd_pcm_t *pcm, int error, int silent) {
    if (atomic_load(&playing)) atomic_fetch_add(&restarts, 1);
    inside_recover = 1;
    int result = real_recover(pcm, error, silent);
    inside_recover = 0;
    return result;
}

__attribute__((destructor)) static void report(void) {
    const char *path = getenv("XRUN_COUNTER_FILE");
    if (!path) return;
    FILE *file = fopen(path, "w");
    if (!file) return;
    fprintf(file, "%ld\n", atomic_load(&restarts));
    fclose(file);
}
