/**
 * A WebAssembly module of the project's SIMD scanners (src/server/escape-scan.ts,
 * src/json/plain-ascii.ts): built from its base64 bytes, with a Buffer over the
 * memory it exports, into which a caller copies what the module's function
 * scans. Undefined where the module cannot be built (no WebAssembly SIMD:
 * `node --jitless`, say): the caller falls back to its plain-JS test.
 */
export function loadScratchModule(base64: string, fn: string): { scratch: Buffer; run: (length: number) => number } | undefined {
  let exports: WebAssembly.Exports;
  try {
    exports = new WebAssembly.Instance(new WebAssembly.Module(Buffer.from(base64, "base64"))).exports;
  } catch {
    return undefined;
  }
  return { scratch: Buffer.from((exports.memory as WebAssembly.Memory).buffer), run: exports[fn] as (length: number) => number };
}
