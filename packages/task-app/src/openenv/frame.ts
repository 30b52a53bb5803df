/**
 * A reply written to an OpenEnv WebSocket as one unmasked text frame, in one
 * buffer and one socket write. ws's `send` writes a frame's header and its
 * text as two writes, corked into a writev, through its sender: about 1.5 µs
 * of CPU a step more than this, for the same bytes (bench:openenv-step). Used
 * only where ws's sender has nothing of its own in flight: no extension
 * negotiated (the server offers none, so no frame is compressed) and only
 * strings sent (ws queues frames only while it compresses or reads a Blob).
 * Frames written here and ws's own (pings, the close frame) go to the socket
 * whole and in the order they were made.
 */
import type { Duplex } from "node:stream";
import type { WebSocket } from "ws";

/** `text` as one final, unmasked text frame (RFC 6455 §5.2): a 2, 4 or 10 byte header, then the UTF-8 bytes. */
export function encodeTextFrame(text: string): Buffer {
  const length = Buffer.byteLength(text);
  const head = length < 126 ? 2 : length < 65_536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(head + length);
  frame[0] = 0x81; // FIN, opcode 1 (text)
  if (head === 2) frame[1] = length;
  else if (head === 4) {
    frame[1] = 126;
    frame.writeUInt16BE(length, 2);
  } else {
    frame[1] = 127;
    frame.writeUInt32BE(Math.floor(length / 2 ** 32), 2);
    frame.writeUInt32BE(length >>> 0, 6);
  }
  frame.write(text, head, "utf8");
  return frame;
}

/**
 * A sender of text frames on an open `ws` connection: straight to its socket when ws allows it
 * (see above), through `ws.send` otherwise (an extension negotiated, or a ws without the socket
 * field this reads). `done` is called once the frame is handed to the kernel, as ws's is.
 */
export function textSender(ws: WebSocket): (text: string, done?: () => void) => void {
  const socket = (ws as unknown as { _socket?: Duplex })._socket;
  if (!socket || typeof socket.write !== "function" || ws.extensions !== "") return (text, done) => ws.send(text, done);
  return (text, done) => {
    socket.write(encodeTextFrame(text), done);
  };
}
