/**
 * Memory for long reply bodies, reused from one reply to the next.
 *
 * A fresh megabyte costs the kernel a page fault and a zeroed page for every
 * 4 KiB the first time it is written (about as much CPU as serialising an
 * image-heavy reply), and Node frees it only at the next garbage
 * collection. Replies from `POOLED_FROM` bytes on are written into buffers
 * taken from here; the writer gives a buffer back once the socket is done
 * with it (`releaseReplyBytes` after the response's `finish`), and one that
 * is never given back (a reply turned into a Fetch Response, a connection
 * that died) is simply collected. A buffer is in the pool at most once, and
 * only buffers the pool made are taken back.
 */

/** Replies from this size on are written into pooled memory; smaller ones use Node's own allocator. */
export const POOLED_FROM = 64 * 1024;
/** At most this much memory waits in the pool between replies. */
const KEEP_BYTES = 32 * 1024 * 1024;
/** At most this many buffers wait in the pool. */
const KEEP_COUNT = 16;

const free: ArrayBuffer[] = [];
let freeBytes = 0;
/** Every buffer the pool made; a released view of anything else is left to the garbage collector. */
const made = new WeakSet<ArrayBuffer>();
/** The buffers in `free`, so a buffer released twice is pooled once. */
const pooled = new WeakSet<ArrayBuffer>();

/** `size` writable bytes, uninitialised: pooled memory from `POOLED_FROM` bytes on. */
export function takeReplyBytes(size: number): Buffer {
  if (size < POOLED_FROM) return Buffer.allocUnsafe(size);
  for (let i = free.length - 1; i >= 0; i--) {
    const memory = free[i]!;
    if (memory.byteLength < size) continue;
    free.splice(i, 1);
    freeBytes -= memory.byteLength;
    pooled.delete(memory);
    return Buffer.from(memory, 0, size);
  }
  // A power of two, so replies of about the same size share buffers; the pages past `size` are never touched.
  const memory = Buffer.allocUnsafeSlow(2 ** Math.ceil(Math.log2(size))).buffer as ArrayBuffer;
  made.add(memory);
  return Buffer.from(memory, 0, size);
}

/** Gives back the memory of bytes from `takeReplyBytes` once nothing reads them any more (the socket wrote them). */
export function releaseReplyBytes(bytes: Uint8Array): void {
  const memory = bytes.buffer as ArrayBuffer;
  if (!made.has(memory) || pooled.has(memory)) return;
  if (free.length >= KEEP_COUNT || freeBytes + memory.byteLength > KEEP_BYTES) return;
  free.push(memory);
  freeBytes += memory.byteLength;
  pooled.add(memory);
}
