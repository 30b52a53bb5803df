/**
 * The OpenEnv WebSocket's replies are written as whole text frames (src/openenv/frame.ts): each
 * frame is read back by ws's own receiver (a client's: unmasked frames) at every header-size
 * boundary and with multi-byte text; a client that offers per-message compression gets plain
 * frames it reads (no extension negotiated); a reply bigger than one TCP write and a ping the
 * server sends between replies arrive whole and in order.
 */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import type { EventEmitter } from "node:events";
import * as wsModule from "ws";
import { defineEnvironment, z } from "../src/index.js";
import { encodeTextFrame, textSender } from "../src/openenv/frame.js";
import { serve, type ServingTaskApp } from "../src/server/index.js";

const { WebSocket, WebSocketServer } = wsModule;
type WebSocket = wsModule.WebSocket;
/** ws's frame reader (its types leave it out). */
const { Receiver } = wsModule as unknown as { Receiver: new (options: { isServer: boolean; maxPayload: number }) => EventEmitter & { write(bytes: Buffer): void } };

/** The texts ws's receiver reads from `bytes`, fed in `chunk`-byte pieces. */
function readFrames(bytes: Buffer, chunk = bytes.length): string[] {
  const receiver = new Receiver({ isServer: false, maxPayload: 0 });
  const texts: string[] = [];
  receiver.on("message", (data: Buffer, isBinary: boolean) => {
    assert.equal(isBinary, false);
    texts.push(data.toString("utf8"));
  });
  receiver.on("error", (error: Error) => assert.fail(`ws's receiver refused the frame: ${error.message}`));
  for (let at = 0; at < bytes.length; at += chunk) receiver.write(bytes.subarray(at, at + chunk));
  return texts;
}

describe("encodeTextFrame", () => {
  it("makes frames ws's receiver reads back, at every header size and its edges", () => {
    for (const length of [0, 1, 125, 126, 127, 65_535, 65_536, 200_000]) {
      const text = "x".repeat(length);
      const frame = encodeTextFrame(text);
      const head = length < 126 ? 2 : length < 65_536 ? 4 : 10;
      assert.equal(frame.length, head + length, `${length} bytes: a ${head}-byte header`);
      assert.deepEqual(readFrames(frame), [text], `${length} bytes`);
    }
  });

  it("counts UTF-8 bytes, not characters, and frames read back in pieces and back to back", () => {
    // 42 characters, 125 bytes as UTF-8 (the last short header), then one more character: 126 bytes.
    const short = "é".repeat(41) + "€".repeat(1) + "x".repeat(40);
    assert.equal(Buffer.byteLength(short), 125);
    const texts = [short, short + "y", "🙂 snowman ☃ " + "ü".repeat(40_000), ""];
    const joined = Buffer.concat(texts.map(encodeTextFrame));
    assert.equal(encodeTextFrame(short)[1], 125);
    assert.equal(encodeTextFrame(short + "y")[1], 126);
    assert.deepEqual(readFrames(joined), texts);
    assert.deepEqual(readFrames(joined, 7), texts);
  });
});

describe("textSender", () => {
  it("leaves a connection that negotiated compression to ws.send, which compresses (frames written around it would not be)", async () => {
    // A ws server that offers per-message compression (OpenEnv's does not): the sender must not write around it.
    const server = new WebSocketServer({ port: 0, host: "127.0.0.1", perMessageDeflate: { threshold: 0 } });
    await new Promise<void>((resolve) => server.once("listening", () => resolve()));
    let client: WebSocket | undefined;
    try {
      const text = "x".repeat(50_000);
      const served = new Promise<void>((resolve) => server.once("connection", (ws: WebSocket) => (assert.notEqual(ws.extensions, ""), textSender(ws)(text), resolve())));
      client = new WebSocket(`ws://127.0.0.1:${(server.address() as { port: number }).port}`, { perMessageDeflate: true });
      const received = new Promise<string>((resolve) => client!.once("message", (data: Buffer) => resolve(data.toString("utf8"))));
      await served;
      assert.equal(await received, text);
      // 50,000 bytes of text arrived in far fewer: compressed, as ws.send makes it.
      const read = (client as unknown as { _socket: { bytesRead: number } })._socket.bytesRead;
      assert.ok(read < 5_000, `${read} bytes read for 50,000 of text`);
    } finally {
      // Ended here whatever happened: the server's close waits for its connections.
      client?.terminate();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

const echo = defineEnvironment({
  appId: "echo",
  name: "Echo",
  system: "Say something.",
  reset: () => ({ said: "" }),
  observe: (state) => state.said,
  tools: {
    say: {
      description: "Say text, repeated.",
      args: z.object({ text: z.string(), times: z.number().int().min(1).max(1_000_000) }),
      run: ({ text, times }) => ({ state: { said: text.repeat(times) }, result: null }),
    },
  },
});

describe("the /openenv/ws replies over loopback", () => {
  let running: ServingTaskApp;
  before(async () => {
    // Pinged often enough to see pings between replies, not so often that a busy event loop (this process
    // is the client too) misses a pong and the server ends the connection.
    running = await serve(echo, { port: 0, env: { ENVIRONMENT_API_KEY: "k" }, logLevel: "silent", handleSignals: false, handleProcessErrors: false, openenv: { pingIntervalMs: 250 } });
  });
  after(() => running.close());

  it("reach a client that offered compression as plain frames, big and small, in order, with pings between", async () => {
    const ws = new WebSocket(`${running.url.replace("http", "ws")}/openenv/ws`, { headers: { "x-api-key": "k" }, perMessageDeflate: true });
    const inbox: unknown[] = [];
    let pings = 0;
    ws.on("ping", () => pings++);
    await new Promise<void>((resolve, reject) => ws.once("open", () => resolve()).once("error", reject));
    assert.equal(ws.extensions, "", "no extension negotiated");
    // Settled by the n-th message, or failed if the connection ends first (never a wait without end).
    const answered = (n: number) => new Promise<void>((resolve, reject) => {
      const closed = (code: number) => reject(new Error(`the connection closed (${code}) after ${inbox.length} of ${n} messages`));
      const on = (data: Buffer) => {
        inbox.push(JSON.parse(data.toString("utf8")));
        if (inbox.length === n) {
          ws.off("message", on).off("close", closed);
          resolve();
        }
      };
      ws.on("message", on).once("close", closed);
    });
    const sizes = [1, 125, 126, 65_536, 300_000, 2];
    const all = answered(sizes.length + 1);
    ws.send(JSON.stringify({ type: "reset", data: {} }));
    for (const times of sizes) ws.send(JSON.stringify({ type: "step", data: { tool: "say", args: { text: "ä", times } } }));
    await all;
    for (const m of inbox) assert.equal((m as { type: string }).type, "observation", JSON.stringify(m).slice(0, 300));
    const observed = inbox.slice(1).map((m) => (m as { data: { observation: { observation: string } } }).data.observation.observation);
    assert.deepEqual(observed.map((o) => o.length), sizes);
    assert.ok(observed.every((o) => /^ä+$/.test(o)));
    // Pings come between replies (ws's own frames and these share the socket).
    for (const until = Date.now() + 10_000; pings === 0 && Date.now() < until; ) await new Promise((r) => setTimeout(r, 50));
    assert.ok(pings > 0, "the server's pings arrive");
    ws.send(JSON.stringify({ type: "state" }));
    await answered(sizes.length + 2);
    assert.deepEqual(inbox.at(-1), { type: "state", data: { episode_id: (inbox.at(-1) as { data: { episode_id: string } }).data.episode_id, step_count: sizes.length, done: false } });
    ws.close();
  });
});
