/**
 * Run inside a network namespace (`ip netns exec <host> node --import tsx
 * test/helpers/netns-postgres.ts <address>`): starts PostgreSQL (./postgres.ts,
 * on that namespace's 127.0.0.1) and forwards <address>:5432 to it, so hosts
 * on the test network reach it (PostgreSQL's default pg_hba admits loopback
 * only). Prints the URL as one JSON line; SIGTERM stops both.
 */
import { createServer, connect } from "node:net";
import { startPostgres } from "./postgres.js";

const address = process.argv[2] ?? "0.0.0.0";
const pg = await startPostgres();
if (!pg.ok) {
  process.stdout.write(`${JSON.stringify({ error: pg.reason })}\n`);
  process.exit(1);
}
const forwarder = createServer((socket) => {
  const upstream = connect(pg.port, "127.0.0.1");
  socket.pipe(upstream).pipe(socket);
  const end = () => {
    socket.destroy();
    upstream.destroy();
  };
  socket.on("error", end);
  upstream.on("error", end);
});
forwarder.listen(5432, address, () => {
  process.stdout.write(`${JSON.stringify({ url: pg.url.replace(`127.0.0.1:${pg.port}`, `${address}:5432`) })}\n`);
});
const stop = async () => {
  forwarder.close();
  await pg.stop();
  process.exit(0);
};
process.on("SIGTERM", () => void stop());
process.on("SIGINT", () => void stop());
