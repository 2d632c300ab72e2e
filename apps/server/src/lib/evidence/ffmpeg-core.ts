import { createRequire } from 'node:module';

/**
 * The FFmpeg 5.1 WebAssembly build of `@ffmpeg/core` (ffmpeg.wasm), loaded inside a worker
 * thread. Each file gets a new instance: no state of one upload survives into the next.
 */
export type FfmpegCore = {
  exec(...args: string[]): number;
  ffprobe(...args: string[]): number;
  setTimeout(ms: number): void;
  setLogger(logger: (entry: { type: string; message: string }) => void): void;
  reset(): void;
  FS: {
    writeFile(path: string, data: Uint8Array): void;
    readFile(path: string): Uint8Array;
    unlink(path: string): void;
  };
};

type CoreOptions = {
  instantiateWasm(
    imports: { a: Record<string, unknown> },
    done: (instance: WebAssembly.Instance, module: WebAssembly.Module) => void,
  ): object;
};

const require = createRequire(import.meta.url);

/** Where the compiled module comes from; the caller compiles it once and reuses it. */
export function ffmpegWasmPath(): string {
  return require.resolve('@ffmpeg/core/wasm');
}

/**
 * A new FFmpeg instance whose heap may not grow past `maxMemoryBytes`: past it, allocations
 * fail inside FFmpeg, which stops with an error instead of taking the machine's memory.
 */
export async function createFfmpegCore(
  module: WebAssembly.Module,
  maxMemoryBytes: number,
): Promise<FfmpegCore> {
  // The build targets browsers' workers: it reads its own address from `self.location`.
  const scope = globalThis as { self?: unknown };
  scope.self ??= { location: { href: `file://${ffmpegWasmPath()}` } };
  const create = require('@ffmpeg/core') as (options: CoreOptions) => Promise<FfmpegCore>;
  return create({
    instantiateWasm(imports, done) {
      capHeapGrowth(imports.a, maxMemoryBytes);
      void WebAssembly.instantiate(module, imports as WebAssembly.Imports).then((instance) =>
        done(instance, module),
      );
      return {};
    },
  });
}

/** Emscripten grows the heap through one imported function; refuse growth past the cap. */
function capHeapGrowth(imports: Record<string, unknown>, maxMemoryBytes: number) {
  for (const [name, value] of Object.entries(imports)) {
    if (typeof value === 'function' && value.name === '_emscripten_resize_heap') {
      const resize = value as (requested: number) => boolean;
      imports[name] = (requested: number) => requested >>> 0 <= maxMemoryBytes && resize(requested);
      return;
    }
  }
  throw new Error('The FFmpeg build has no heap growth hook to cap');
}
