/**
 * The environment a rendering worker process starts with, so that one render uses one core and N worker
 * processes on N cores render N ads at once (`npm run bench:render`: 2 workers against 1). All are read
 * once at process start, so a launcher sets them (the worker fleet and the benchmarks' workers do).
 * - UV_THREADPOOL_SIZE=1: sharp's pipelines and resvg's renderAsync run on libuv's pool; with one thread
 *   a render's decodes, bands and masks take turns instead of spreading over cores other workers own
 *   (the JavaScript thread lays the layers down in between, while no pool work of its render runs).
 * - VIPS_CONCURRENCY=1: libvips's own threads per pipeline (sharp.concurrency); sharp already uses one
 *   where glibc's allocator is used, this makes it so everywhere.
 * - MALLOC_ARENA_MAX=2: sharp and resvg allocate large image buffers from several threads, and glibc's
 *   default (eight arenas per core) lets the process keep far more memory than it uses (about 60 MB more
 *   at peak on the standard ad).
 */
export const RENDER_WORKER_ENV: Readonly<Record<string, string>> = {
  MALLOC_ARENA_MAX: '2',
  UV_THREADPOOL_SIZE: '1',
  VIPS_CONCURRENCY: '1',
};
