/**
 * Whether a string is printable ASCII with no quote or backslash: the test
 * a long string passes to be copied into a reply as it is (serialize.ts).
 *
 * The string is UTF-8-encoded into a small scratch memory, a chunk at a
 * time, and a WebAssembly SIMD loop looks at 16 bytes a step for anything
 * below 0x20, above 0x7e, a quote or a backslash (any character past ASCII
 * encodes to bytes above 0x7f, a lone surrogate too). About three times
 * cheaper than the 35 `indexOf` passes that are used where WebAssembly SIMD
 * is not available (`node --jitless`, say). Its source:
 *
 * (module
 *   (memory (export "memory") 1)
 *   (func (export "needsEscape") (param $len i32) (result i32)   ;; $len: a multiple of 16
 *     (local $i i32) (local $v v128) (local $acc v128)
 *     (block $done
 *       (loop $next
 *         (br_if $done (i32.ge_u (local.get $i) (local.get $len)))
 *         (local.set $v (v128.load (local.get $i)))
 *         (local.set $acc (v128.or (local.get $acc)
 *           (v128.or (v128.or (i8x16.lt_u (local.get $v) (v128.const i8x16 32 x16)) (i8x16.gt_u (local.get $v) (v128.const i8x16 126 x16)))
 *                    (v128.or (i8x16.eq (local.get $v) (v128.const i8x16 34 x16)) (i8x16.eq (local.get $v) (v128.const i8x16 92 x16))))))
 *         (local.set $i (i32.add (local.get $i) (i32.const 16)))
 *         (br $next)))
 *     (v128.any_true (local.get $acc))))
 *
 * assembled with wabt's `wat2wasm` (the constants written out 16 times).
 */

import { loadScratchModule } from "../wasm/scratch-module.js";

const WASM = "AGFzbQEAAAABBgFgAX8BfwMCAQAFAwEAAQcYAgZtZW1vcnkCAAtuZWVkc0VzY2FwZQAACo8BAYwBAgF/AnsCQANAIAEgAE8NASAB/QAEACECIAMgAv0MICAgICAgICAgICAgICAgIP0mIAL9DH5+fn5+fn5+fn5+fn5+fn79KP1QIAL9DCIiIiIiIiIiIiIiIiIiIiL9IyAC/QxcXFxcXFxcXFxcXFxcXFxc/SP9UP1Q/VAhAyABQRBqIQEMAAsLIAP9Uws=";
/** Characters encoded into the scratch memory at a time: their UTF-8 (at most 3 bytes each) always fits its 64 KiB, padding included. */
const CHUNK = 16 * 1024;

/** The ASCII characters the fallback looks for, the likeliest first: those JSON escapes, and DEL as the SIMD scan does. */
const ESCAPED = ["\n", '"', "\\", "\t", "\r", "\u007f", ...Array.from({ length: 32 }, (_, code) => String.fromCharCode(code)).filter((c) => !"\n\t\r".includes(c))];

type Scan = (text: string) => boolean;

function createSimdScan(): Scan | undefined {
  const module = loadScratchModule(WASM, "needsEscape");
  if (!module) return undefined;
  const { scratch, run: needsEscape } = module;
  return (text) => {
    for (let at = 0; at < text.length; at += CHUNK) {
      const part = at === 0 && text.length <= CHUNK ? text : text.slice(at, at + CHUNK);
      const written = scratch.write(part, 0, "utf8");
      // Fewer bytes than characters cannot happen for ASCII; more would show as bytes above 0x7e.
      if (written !== part.length) return false;
      const padded = (written + 15) & ~15;
      scratch.fill(0x41, written, padded);
      if (needsEscape(padded) !== 0) return false;
    }
    return true;
  };
}

/** The same test with `Buffer.byteLength` (ASCII) and one `indexOf` per character it refuses. */
export function isPrintableAsciiByIndexOf(text: string): boolean {
  if (Buffer.byteLength(text, "utf8") !== text.length) return false;
  for (const c of ESCAPED) if (text.indexOf(c) !== -1) return false;
  return true;
}

const simd = createSimdScan();

/** True when every character of `text` is ASCII from 0x20 to 0x7e and none is a quote or a backslash: its JSON is itself between quotes. */
export const isPrintableAscii: Scan = simd ?? isPrintableAsciiByIndexOf;

/** Whether the WebAssembly SIMD scan is in use (for tests). */
export const usesSimdScan = simd !== undefined;
