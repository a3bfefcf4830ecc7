/**
 * The environment a rendering worker process starts with. Both are read once at process start, so a
 * launcher sets them (the benchmark's workers do; so must the generation worker's launcher).
 * - MALLOC_ARENA_MAX=2: sharp and resvg allocate large image buffers from several threads, and glibc's
 *   default (eight arenas per core) lets the process keep far more memory than it uses (about 60 MB more
 *   at peak on the standard ad).
 * - UV_THREADPOOL_SIZE=2: one render at a time needs no more than the machine's two cores; four threads
 *   only hold more image buffers at once.
 */
export const RENDER_WORKER_ENV: Readonly<Record<string, string>> = {
  MALLOC_ARENA_MAX: '2',
  UV_THREADPOOL_SIZE: '2',
};
