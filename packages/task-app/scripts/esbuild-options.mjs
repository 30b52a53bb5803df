// The esbuild options every bundle of the build shares (scripts/bundle-cli.mjs, scripts/bundle-vendor.mjs).
export const BUNDLE_OPTIONS = {
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  logLevel: "warning",
  legalComments: "none",
  minifySyntax: true,
  minifyWhitespace: true,
};
