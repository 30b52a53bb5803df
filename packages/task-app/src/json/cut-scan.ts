/**
 * The long plain strings of a JSON document, found for parseJsonBytes
 * (parse-bytes.ts) in one pass by a WebAssembly SIMD scan: the same cuts as
 * the byte loop there (findCutsByIndexOf, which runs where WebAssembly SIMD
 * does not: `node --jitless`), for about four fifths of its time once both
 * are optimised (81 against 102 us on a 1.3 MB response of 64 images), and
 * about half over a process's first calls, where the JS loop has not been
 * optimised yet.
 *
 * The document is copied into the module's memory 64 KiB at a time (a
 * window) and scanned from string to string: a string's bytes 64 at a time
 * for the first that is a quote, a backslash, below 0x20 or above 0x7f (the
 * signed minimum of the 64 tells the last two at once; the first such byte
 * being its closing quote makes it plain); past that, for its closing
 * quote, escapes skipped, each checked for `\u0000`. A plain string of 512
 * bytes or more that is not a key (whitespace then a colon after it) is cut:
 * its [start, end) is written after the window. Where the window ends in the
 * middle of something (a string, the whitespace after one, an escape), the
 * scan stops with its state kept, and goes on from where it stopped once the
 * next window is copied. It gives up, as the byte loop does, once more than
 * 8 KiB, and more than was cut, stayed in the skeleton. (512 and 8 KiB are
 * MIN_CUT and GIVE_UP in parse-bytes.ts, written out in the WAT: the tests,
 * which hold the scan's cuts to the loop's, tell when they drift apart.)
 *
 * Its source, assembled with wabt's `wat2wasm` (test/json-cut-scan.test.ts
 * assembles it again and compares):
 *
 * (module
 *   (memory (export "memory") 2)                     ;; page 0: the window of the document; page 1: the cuts found
 *   (global $state (mut i32) (i32.const 0))          ;; 0 between strings, 1 in a plain string, 2 in another, 3 after a long plain one, 4 after any
 *   (global $p (mut i32) (i32.const 0))              ;; where the scan goes on (a position in the document)
 *   (global $open (mut i32) (i32.const 0))           ;; the current string's first byte
 *   (global $close (mut i32) (i32.const 0))          ;; and its closing quote
 *   (global $cutBytes (mut i32) (i32.const 0))
 *   (global $len (mut i32) (i32.const 0))
 *   (func (export "start") (param $len i32)
 *     (global.set $len (local.get $len))
 *     (global.set $state (i32.const 0))
 *     (global.set $p (i32.const 0))
 *     (global.set $cutBytes (i32.const 0)))
 *   (func (export "position") (result i32) (global.get $p))
 *   ;; Scans the document's bytes [$base, $limit), copied to 0; returns the cuts written at 65536 (times 4),
 *   ;; plus 0 (done), 1 (copy the bytes from `position` on and call again) or 2 (not worth cutting, or a \u0000 escape).
 *   (func (export "scan") (param $base i32) (param $limit i32) (result i32)
 *     (local $p i32) (local $end i32) (local $atEnd i32) (local $state i32) (local $open i32) (local $close i32)
 *     (local $n i32) (local $code i32) (local $b i32) (local $m i32) (local $t i32)
 *     (local $v0 v128) (local $v1 v128) (local $v2 v128) (local $v3 v128)
 *     (local $c32 v128) (local $cq v128) (local $cbs v128)
 *     (local.set $c32 (i8x16.splat (i32.const 32)))
 *     (local.set $cq (i8x16.splat (i32.const 34)))
 *     (local.set $cbs (i8x16.splat (i32.const 92)))
 *     (local.set $p (i32.sub (global.get $p) (local.get $base)))
 *     (local.set $end (i32.sub (local.get $limit) (local.get $base)))
 *     (local.set $atEnd (i32.eq (local.get $limit) (global.get $len)))
 *     (local.set $state (global.get $state))
 *     (local.set $open (global.get $open))
 *     (local.set $close (global.get $close))
 *     (block $exit
 *       (loop $dispatch
 *         (block $after (block $key (block $esc (block $plain (block $top
 *           (br_table $top $plain $esc $key $after (local.get $state)))
 *           ;; 0: on to the next quote, which opens a string
 *           (loop $next
 *             (if (i32.ge_u (local.get $p) (local.get $end))
 *               (then (local.set $code (i32.sub (i32.const 1) (local.get $atEnd))) (br $exit)))
 *             (local.set $b (i32.load8_u (local.get $p)))
 *             (local.set $p (i32.add (local.get $p) (i32.const 1)))
 *             (br_if $next (i32.ne (local.get $b) (i32.const 34))))
 *           (local.set $open (i32.add (local.get $p) (local.get $base)))
 *           (local.set $state (i32.const 1))
 *           (br $dispatch))
 *         ;; 1: printable ASCII so far; on to the first quote, backslash, or byte below 0x20 or above 0x7f
 *         (block $hit
 *           (block $tail
 *             (loop $simd
 *               (br_if $tail (i32.gt_u (i32.add (local.get $p) (i32.const 64)) (local.get $end)))
 *               (local.set $v0 (v128.load (local.get $p)))
 *               (local.set $v1 (v128.load offset=16 (local.get $p)))
 *               (local.set $v2 (v128.load offset=32 (local.get $p)))
 *               (local.set $v3 (v128.load offset=48 (local.get $p)))
 *               (if (v128.any_true (v128.or
 *                     (i8x16.lt_s (i8x16.min_s (i8x16.min_s (local.get $v0) (local.get $v1)) (i8x16.min_s (local.get $v2) (local.get $v3))) (local.get $c32))
 *                     (v128.or
 *                       (v128.or (v128.or (i8x16.eq (local.get $v0) (local.get $cq)) (i8x16.eq (local.get $v0) (local.get $cbs)))
 *                                (v128.or (i8x16.eq (local.get $v1) (local.get $cq)) (i8x16.eq (local.get $v1) (local.get $cbs))))
 *                       (v128.or (v128.or (i8x16.eq (local.get $v2) (local.get $cq)) (i8x16.eq (local.get $v2) (local.get $cbs)))
 *                                (v128.or (i8x16.eq (local.get $v3) (local.get $cq)) (i8x16.eq (local.get $v3) (local.get $cbs)))))))
 *                 (then
 *                   (local.set $v0 (v128.or (i8x16.lt_s (local.get $v0) (local.get $c32))
 *                     (v128.or (i8x16.eq (local.get $v0) (local.get $cq)) (i8x16.eq (local.get $v0) (local.get $cbs)))))
 *                   (local.set $v1 (v128.or (i8x16.lt_s (local.get $v1) (local.get $c32))
 *                     (v128.or (i8x16.eq (local.get $v1) (local.get $cq)) (i8x16.eq (local.get $v1) (local.get $cbs)))))
 *                   (local.set $v2 (v128.or (i8x16.lt_s (local.get $v2) (local.get $c32))
 *                     (v128.or (i8x16.eq (local.get $v2) (local.get $cq)) (i8x16.eq (local.get $v2) (local.get $cbs)))))
 *                   (local.set $v3 (v128.or (i8x16.lt_s (local.get $v3) (local.get $c32))
 *                     (v128.or (i8x16.eq (local.get $v3) (local.get $cq)) (i8x16.eq (local.get $v3) (local.get $cbs)))))
 *                   (local.set $m (i8x16.bitmask (local.get $v0)))
 *                   (if (local.get $m) (then (local.set $p (i32.add (local.get $p) (i32.ctz (local.get $m)))) (br $hit)))
 *                   (local.set $m (i8x16.bitmask (local.get $v1)))
 *                   (if (local.get $m) (then (local.set $p (i32.add (local.get $p) (i32.add (i32.const 16) (i32.ctz (local.get $m))))) (br $hit)))
 *                   (local.set $m (i8x16.bitmask (local.get $v2)))
 *                   (if (local.get $m) (then (local.set $p (i32.add (local.get $p) (i32.add (i32.const 32) (i32.ctz (local.get $m))))) (br $hit)))
 *                   (local.set $p (i32.add (local.get $p) (i32.add (i32.const 48) (i32.ctz (i8x16.bitmask (local.get $v3))))))
 *                   (br $hit)))
 *               (local.set $p (i32.add (local.get $p) (i32.const 64)))
 *               (br $simd)))
 *           (loop $bytes
 *             (if (i32.ge_u (local.get $p) (local.get $end))
 *               (then (local.set $code (i32.sub (i32.const 1) (local.get $atEnd))) (br $exit)))
 *             (local.set $b (i32.load8_u (local.get $p)))
 *             (br_if $hit (i32.ge_u (i32.sub (local.get $b) (i32.const 32)) (i32.const 96)))
 *             (br_if $hit (i32.eq (local.get $b) (i32.const 34)))
 *             (br_if $hit (i32.eq (local.get $b) (i32.const 92)))
 *             (local.set $p (i32.add (local.get $p) (i32.const 1)))
 *             (br $bytes)))
 *         (if (i32.eq (i32.load8_u (local.get $p)) (i32.const 34))
 *           (then
 *             (local.set $close (i32.add (local.get $p) (local.get $base)))
 *             (local.set $p (i32.add (local.get $p) (i32.const 1)))
 *             (local.set $state (select (i32.const 3) (i32.const 4) (i32.ge_s (i32.sub (local.get $close) (local.get $open)) (i32.const 512))))
 *             (br $dispatch)))
 *         (local.set $state (i32.const 2))
 *         (br $dispatch))
 *       ;; 2: not plain; on to the closing quote, escapes skipped
 *       (block $hit
 *         (block $tail
 *           (loop $simd
 *             (br_if $tail (i32.gt_u (i32.add (local.get $p) (i32.const 64)) (local.get $end)))
 *             (local.set $v0 (v128.load (local.get $p)))
 *             (local.set $v1 (v128.load offset=16 (local.get $p)))
 *             (local.set $v2 (v128.load offset=32 (local.get $p)))
 *             (local.set $v3 (v128.load offset=48 (local.get $p)))
 *             (local.set $v0 (v128.or (i8x16.eq (local.get $v0) (local.get $cq)) (i8x16.eq (local.get $v0) (local.get $cbs))))
 *             (local.set $v1 (v128.or (i8x16.eq (local.get $v1) (local.get $cq)) (i8x16.eq (local.get $v1) (local.get $cbs))))
 *             (local.set $v2 (v128.or (i8x16.eq (local.get $v2) (local.get $cq)) (i8x16.eq (local.get $v2) (local.get $cbs))))
 *             (local.set $v3 (v128.or (i8x16.eq (local.get $v3) (local.get $cq)) (i8x16.eq (local.get $v3) (local.get $cbs))))
 *             (if (v128.any_true (v128.or (v128.or (local.get $v0) (local.get $v1)) (v128.or (local.get $v2) (local.get $v3))))
 *               (then
 *                 (local.set $m (i8x16.bitmask (local.get $v0)))
 *                 (if (local.get $m) (then (local.set $p (i32.add (local.get $p) (i32.ctz (local.get $m)))) (br $hit)))
 *                 (local.set $m (i8x16.bitmask (local.get $v1)))
 *                 (if (local.get $m) (then (local.set $p (i32.add (local.get $p) (i32.add (i32.const 16) (i32.ctz (local.get $m))))) (br $hit)))
 *                 (local.set $m (i8x16.bitmask (local.get $v2)))
 *                 (if (local.get $m) (then (local.set $p (i32.add (local.get $p) (i32.add (i32.const 32) (i32.ctz (local.get $m))))) (br $hit)))
 *                 (local.set $p (i32.add (local.get $p) (i32.add (i32.const 48) (i32.ctz (i8x16.bitmask (local.get $v3))))))
 *                 (br $hit)))
 *             (local.set $p (i32.add (local.get $p) (i32.const 64)))
 *             (br $simd)))
 *         (loop $bytes
 *           (if (i32.ge_u (local.get $p) (local.get $end))
 *             (then (local.set $code (i32.sub (i32.const 1) (local.get $atEnd))) (br $exit)))
 *           (local.set $b (i32.load8_u (local.get $p)))
 *           (br_if $hit (i32.eq (local.get $b) (i32.const 34)))
 *           (br_if $hit (i32.eq (local.get $b) (i32.const 92)))
 *           (local.set $p (i32.add (local.get $p) (i32.const 1)))
 *           (br $bytes)))
 *       (if (i32.eq (i32.load8_u (local.get $p)) (i32.const 34))
 *         (then
 *           (local.set $close (i32.add (local.get $p) (local.get $base)))
 *           (local.set $p (i32.add (local.get $p) (i32.const 1)))
 *           (local.set $state (i32.const 4))
 *           (br $dispatch)))
 *       ;; a backslash: its escape is read whole, from this window or (at its end) the next
 *       (if (i32.lt_u (i32.add (local.get $p) (i32.const 5)) (local.get $end))
 *         (then
 *           (if (i32.and (i32.eq (i32.load8_u offset=1 (local.get $p)) (i32.const 117))
 *                        (i32.eq (i32.load offset=2 align=1 (local.get $p)) (i32.const 0x30303030)))
 *             (then (local.set $code (i32.const 2)) (br $exit))))
 *         (else
 *           (if (i32.eqz (local.get $atEnd)) (then (local.set $code (i32.const 1)) (br $exit)))))
 *       (local.set $p (i32.add (local.get $p) (i32.const 2)))
 *       (br $dispatch))
 *     ;; 3: a long plain string is cut unless whitespace and a colon after it make it a key
 *     (block $cut
 *       (loop $space
 *         (if (i32.ge_u (local.get $p) (local.get $end))
 *           (then
 *             (br_if $cut (local.get $atEnd))
 *             (local.set $code (i32.const 1))
 *             (br $exit)))
 *         (local.set $b (i32.load8_u (local.get $p)))
 *         (if (i32.eq (local.get $b) (i32.const 58)) (then (local.set $state (i32.const 4)) (br $dispatch)))
 *         (br_if $cut (i32.eqz (i32.or (i32.or (i32.eq (local.get $b) (i32.const 32)) (i32.eq (local.get $b) (i32.const 10)))
 *                                      (i32.or (i32.eq (local.get $b) (i32.const 13)) (i32.eq (local.get $b) (i32.const 9))))))
 *         (local.set $p (i32.add (local.get $p) (i32.const 1)))
 *         (br $space)))
 *     (i32.store offset=65536 (i32.shl (local.get $n) (i32.const 3)) (local.get $open))
 *     (i32.store offset=65540 (i32.shl (local.get $n) (i32.const 3)) (local.get $close))
 *     (local.set $n (i32.add (local.get $n) (i32.const 1)))
 *     (global.set $cutBytes (i32.add (global.get $cutBytes) (i32.sub (local.get $close) (local.get $open))))
 *     (local.set $state (i32.const 4))
 *     (br $dispatch))
 *   ;; 4: after a string, given up once more than 8 KiB, and more than was cut, stayed in the skeleton
 *   (local.set $t (i32.sub (i32.add (local.get $close) (i32.const 1)) (global.get $cutBytes)))
 *   (if (i32.and (i32.gt_s (local.get $t) (i32.const 8192)) (i32.gt_s (local.get $t) (global.get $cutBytes)))
 *     (then (local.set $code (i32.const 2)) (br $exit)))
 *   (local.set $state (i32.const 0))
 *   (br $dispatch)))
 *     (global.set $p (i32.add (local.get $p) (local.get $base)))
 *     (global.set $state (local.get $state))
 *     (global.set $open (local.get $open))
 *     (global.set $close (local.get $close))
 *     (i32.or (i32.shl (local.get $n) (i32.const 2)) (local.get $code))))
 */
import { loadWasmModule } from "../wasm/scratch-module.js";

const WASM =
  "AGFzbQEAAAABDwNgAX8AYAABf2ACf38BfwMEAwABAgUDAQACBh8GfwFBAAt/AUEAC38BQQALfwFBAAt/AUEAC38BQQALByQEBm1lbW9yeQIABXN0YXJ0AAAIcG9zaXRpb24AAQRzY2FuAAIKmAkDEgAgACQFQQAkAEEAJAFBACQECwQAIwEL/QgCC38He0Eg/Q8hEUEi/Q8hEkHcAP0PIRMjASAAayECIAEgAGshAyABIwVGIQQjACEFIwIhBiMDIQcCQANAAkACQAJAAkACQCAFDgQAAQIDBAsDQCACIANPBEBBASAEayEJDAcLIAItAAAhCiACQQFqIQIgCkEiRw0ACyACIABqIQZBASEFDAQLAkACQANAIAJBwABqIANLDQEgAv0ABAAhDSAC/QAEECEOIAL9AAQgIQ8gAv0ABDAhECANIA79diAPIBD9dv12IBH9JSANIBL9IyANIBP9I/1QIA4gEv0jIA4gE/0j/VD9UCAPIBL9IyAPIBP9I/1QIBAgEv0jIBAgE/0j/VD9UP1Q/VD9UwRAIA0gEf0lIA0gEv0jIA0gE/0j/VD9UCENIA4gEf0lIA4gEv0jIA4gE/0j/VD9UCEOIA8gEf0lIA8gEv0jIA8gE/0j/VD9UCEPIBAgEf0lIBAgEv0jIBAgE/0j/VD9UCEQIA39ZCELIAsEQCACIAtoaiECDAQLIA79ZCELIAsEQCACQRAgC2hqaiECDAQLIA/9ZCELIAsEQCACQSAgC2hqaiECDAQLIAJBMCAQ/WRoamohAgwDCyACQcAAaiECDAALCwNAIAIgA08EQEEBIARrIQkMBwsgAi0AACEKIApBIGtB4ABPDQEgCkEiRg0BIApB3ABGDQEgAkEBaiECDAALCyACLQAAQSJGBEAgAiAAaiEHIAJBAWohAkEDQQQgByAGa0GABE4bIQUMBAtBAiEFDAMLAkACQANAIAJBwABqIANLDQEgAv0ABAAhDSAC/QAEECEOIAL9AAQgIQ8gAv0ABDAhECANIBL9IyANIBP9I/1QIQ0gDiAS/SMgDiAT/SP9UCEOIA8gEv0jIA8gE/0j/VAhDyAQIBL9IyAQIBP9I/1QIRAgDSAO/VAgDyAQ/VD9UP1TBEAgDf1kIQsgCwRAIAIgC2hqIQIMBAsgDv1kIQsgCwRAIAJBECALaGpqIQIMBAsgD/1kIQsgCwRAIAJBICALaGpqIQIMBAsgAkEwIBD9ZGhqaiECDAMLIAJBwABqIQIMAAsLA0AgAiADTwRAQQEgBGshCQwGCyACLQAAIQogCkEiRg0BIApB3ABGDQEgAkEBaiECDAALCyACLQAAQSJGBEAgAiAAaiEHIAJBAWohAkEEIQUMAwsgAkEFaiADSQRAIAItAAFB9QBGIAIoAAJBsODAgQNGcQRAQQIhCQwFCwUgBEUEQEEBIQkMBQsLIAJBAmohAgwCCwJAA0AgAiADTwRAIAQNAkEBIQkMBQsgAi0AACEKIApBOkYEQEEEIQUMBAsgCkEgRiAKQQpGciAKQQ1GIApBCUZyckUNASACQQFqIQIMAAsLIAhBA3QgBjYCgIAEIAhBA3QgBzYChIAEIAhBAWohCCMEIAcgBmtqJARBBCEFDAELIAdBAWojBGshDCAMQYDAAEogDCMESnEEQEECIQkMAgtBACEFDAALCyACIABqJAEgBSQAIAYkAiAHJAMgCEECdCAJcgs=";
/** The bytes copied into the module's memory at a time (its first page). */
const WINDOW = 64 * 1024;
/** Where the module writes the cuts it found, after the window. */
const CUTS_AT = 64 * 1024;
/** What `scan` returns in its two low bits (the cuts found are the rest). */
const DONE = 0;
const MORE = 1;

/** The [start, end) byte ranges of the long plain strings' contents, flat; null where cutting is not worth it or not safe. */
export type CutScan = (buf: Buffer) => number[] | null;

/** The scan, or undefined where WebAssembly SIMD does not run. */
export function createCutScan(): CutScan | undefined {
  const module = loadWasmModule(WASM);
  if (!module) return undefined;
  const { scratch } = module;
  const cutsFound = new Int32Array(scratch.buffer, scratch.byteOffset + CUTS_AT, (scratch.length - CUTS_AT) >> 2);
  const start = module.exports.start as (length: number) => void;
  const scan = module.exports.scan as (base: number, limit: number) => number;
  const position = module.exports.position as () => number;
  return (buf) => {
    const length = buf.length;
    const cuts: number[] = [];
    start(length);
    for (let base = 0; ; base = position()) {
      const limit = Math.min(length, base + WINDOW);
      buf.copy(scratch, 0, base, limit);
      const result = scan(base, limit);
      for (let i = 0, n = (result >>> 2) * 2; i < n; i++) cuts.push(cutsFound[i]!);
      const code = result & 3;
      if (code === DONE) return cuts;
      if (code !== MORE) return null;
    }
  };
}
