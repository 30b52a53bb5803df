/** Builds the viewer's browser app into dist/viewer (one script, one stylesheet; no CDN, works offline). */
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

export default defineConfig({
  root: fileURLToPath(new URL(".", import.meta.url)),
  base: "/",
  logLevel: "warn",
  build: {
    outDir: fileURLToPath(new URL("../dist/viewer", import.meta.url)),
    emptyOutDir: true,
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
    target: "es2022",
    reportCompressedSize: false,
  },
});
