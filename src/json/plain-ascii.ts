/**
 * Whether a span of bytes is what a JSON string's content must be to be its
 * characters one for one: ASCII from 0x20 to 0x7f with no backslash (the
 * caller knows there is no quote in it).
 *
 * The span is copied into a small WebAssembly memory a chunk at a time, and a
 * SIMD loop takes, 64 bytes a step, the signed minimum of the bytes (one at or
 * above 0x80 is negative as a signed byte) and whether any is a backslash;
 * then compares the minimum with 0x20. Where WebAssembly SIMD is not
 * available (`node --jitless`), `isAscii` and one `indexOf` per byte refused
 * do it. Its source (each constant written out 16 times), assembled with
 * wabt's `wat2wasm` as src/server/escape-scan.ts is:
 *
 * (module
 *   (memory (export "memory") 1)
 *   (func (export "plain") (param $len i32) (result i32)   ;; $len: a multiple of 64
 *     (local $i i32) (local $min v128) (local $bs v128) (local $a v128) (local $b v128) (local $c v128) (local $d v128)
 *     (local.set $min (v128.const i8x16 127 x16))
 *     (block $done
 *       (loop $next
 *         (br_if $done (i32.ge_u (local.get $i) (local.get $len)))
 *         (local.set $a (v128.load (local.get $i)))
 *         (local.set $b (v128.load offset=16 (local.get $i)))
 *         (local.set $c (v128.load offset=32 (local.get $i)))
 *         (local.set $d (v128.load offset=48 (local.get $i)))
 *         (local.set $min (i8x16.min_s (local.get $min)
 *           (i8x16.min_s (i8x16.min_s (local.get $a) (local.get $b)) (i8x16.min_s (local.get $c) (local.get $d)))))
 *         (local.set $bs (v128.or (local.get $bs)
 *           (v128.or
 *             (v128.or (i8x16.eq (local.get $a) (v128.const i8x16 92 x16)) (i8x16.eq (local.get $b) (v128.const i8x16 92 x16)))
 *             (v128.or (i8x16.eq (local.get $c) (v128.const i8x16 92 x16)) (i8x16.eq (local.get $d) (v128.const i8x16 92 x16))))))
 *         (local.set $i (i32.add (local.get $i) (i32.const 64)))
 *         (br $next)))
 *     (i32.eqz (v128.any_true (v128.or (local.get $bs) (i8x16.lt_s (local.get $min) (v128.const i8x16 32 x16)))))))
 */
import { isAscii } from "node:buffer";
import { loadScratchModule } from "../wasm/scratch-module.js";

const WASM =
  "AGFzbQEAAAABBgFgAX8BfwMCAQAFAwEAAQcSAgZtZW1vcnkCAAVwbGFpbgAACukBAeYBAgF/Bnv9DH9/f39/f39/f39/f39/f38hAgJAA0AgASAATw0BIAH9AAQAIQQgAf0ABBAhBSAB/QAEICEGIAH9AAQwIQcgAiAEIAX9diAGIAf9dv12/XYhAiADIAT9DFxcXFxcXFxcXFxcXFxcXFz9IyAF/QxcXFxcXFxcXFxcXFxcXFxc/SP9UCAG/QxcXFxcXFxcXFxcXFxcXFxc/SMgB/0MXFxcXFxcXFxcXFxcXFxcXP0j/VD9UP1QIQMgAUHAAGohAQwACwsgAyAC/QwgICAgICAgICAgICAgICAg/SX9UP1TRQs=";
/** Bytes copied into the 64 KiB memory at a time (a multiple of 64). */
const CHUNK = 64 * 1024;

/** Tests `buf[start..end)`. */
export type PlainCheck = (buf: Buffer, start: number, end: number) => boolean;

function createSimdCheck(): PlainCheck | undefined {
  const module = loadScratchModule(WASM, "plain");
  if (!module) return undefined;
  const { scratch, run: plain } = module;
  return (buf, start, end) => {
    for (let at = start; at < end; at += CHUNK) {
      const written = buf.copy(scratch, 0, at, Math.min(end, at + CHUNK));
      const padded = (written + 63) & ~63;
      scratch.fill(0x41, written, padded);
      if (plain(padded) === 0) return false;
    }
    return true;
  };
}

/** The same test without WebAssembly: `isAscii`, then no byte below 0x20 and no backslash. */
export function isPlainAsciiByIndexOf(buf: Buffer, start: number, end: number): boolean {
  const span = buf.subarray(start, end);
  if (!isAscii(span) || span.indexOf(0x5c) !== -1) return false;
  for (let byte = 0; byte < 0x20; byte++) if (span.indexOf(byte) !== -1) return false;
  return true;
}

let check: PlainCheck | undefined;

/** Whether the WebAssembly SIMD check is in use (for tests). */
export function usesSimdPlainCheck(): boolean {
  return plainAsciiChecker() !== isPlainAsciiByIndexOf;
}

/** The check in use: the SIMD one where WebAssembly SIMD runs, made at the first call. */
export function plainAsciiChecker(): PlainCheck {
  return (check ??= createSimdCheck() ?? isPlainAsciiByIndexOf);
}
