// The latency bench's neutral xrun counter: preloaded (LD_PRELOAD) into each player it measures —
// bare fluidsynth and woodshed alike — it counts the underruns ALSA reports to the player's writes
// (-EPIPE, and -ESTRPIPE for a suspend), without changing what the player does, and writes the count
// to the file named by XRUN_COUNTER_FILE when the player exits. Built by scripts/latency-bench.
#define _GNU_SOURCE
#include <alsa/asoundlib.h>
#include <dlfcn.h>
#include <errno.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>

static atomic_long xruns;
static snd_pcm_sframes_t (*real_writei)(snd_pcm_t *, const void *, snd_pcm_uframes_t);
static snd_pcm_sframes_t (*real_writen)(snd_pcm_t *, void **, snd_pcm_uframes_t);

static void count(snd_pcm_sframes_t result) {
    if (result == -EPIPE || result == -ESTRPIPE) atomic_fetch_add(&xruns, 1);
}

snd_pcm_sframes_t snd_pcm_writei(snd_pcm_t *pcm, const void *buffer, snd_pcm_uframes_t size) {
    if (!real_writei) real_writei = dlsym(RTLD_NEXT, "snd_pcm_writei");
    snd_pcm_sframes_t result = real_writei(pcm, buffer, size);
    count(result);
    return result;
}

snd_pcm_sframes_t snd_pcm_writen(snd_pcm_t *pcm, void **buffers, snd_pcm_uframes_t size) {
    if (!real_writen) real_writen = dlsym(RTLD_NEXT, "snd_pcm_writen");
    snd_pcm_sframes_t result = real_writen(pcm, buffers, size);
    count(result);
    return result;
}

__attribute__((constructor)) static void look_up(void) {
    real_writei = dlsym(RTLD_NEXT, "snd_pcm_writei");
    real_writen = dlsym(RTLD_NEXT, "snd_pcm_writen");
}

__attribute__((destructor)) static void report(void) {
    const char *path = getenv("XRUN_COUNTER_FILE");
    if (!path) return;
    FILE *file = fopen(path, "w");
    if (!file) return;
    fprintf(file, "%ld\n", atomic_load(&xruns));
    fclose(file);
}
