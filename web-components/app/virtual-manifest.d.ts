// The package's Custom Elements Manifest, provided at build time by scripts/vite-manifest-plugin.ts.
declare module 'virtual:va-manifest' {
  const manifest: unknown;
  export default manifest;
}
