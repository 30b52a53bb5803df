/**
 * A WebAssembly module of the project's SIMD scanners (src/server/escape-scan.ts,
 * src/json/cut-scan.ts): built from its base64 bytes, with a Buffer over the
 * memory it exports, into which a caller copies what the module's functions
 * scan. Undefined where the module cannot be built (no WebAssembly SIMD:
 * `node --jitless`, say): the caller falls back to its plain-JS code.
 */
export function loadWasmModule(base64: string): { scratch: Buffer; exports: WebAssembly.Exports } | undefined {
  let exports: WebAssembly.Exports;
  try {
    exports = new WebAssembly.Instance(new WebAssembly.Module(Buffer.from(base64, "base64"))).exports;
  } catch {
    return undefined;
  }
  return { scratch: Buffer.from((exports.memory as WebAssembly.Memory).buffer), exports };
}

/** A module of one scanning function, `fn`, given the length of what was copied. */
export function loadScratchModule(base64: string, fn: string): { scratch: Buffer; run: (length: number) => number } | undefined {
  const module = loadWasmModule(base64);
  return module && { scratch: module.scratch, run: module.exports[fn] as (length: number) => number };
}
