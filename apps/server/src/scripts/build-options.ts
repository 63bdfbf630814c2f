import type { BuildOptions, Plugin } from 'esbuild';

const npmPackagesExternal: Plugin = {
  name: 'npm-packages-external',
  setup(b) {
    // Any bare specifier that is not one of ours (node: builtins included) is left to Node.
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@cacifo/') ? undefined : { path: args.path, external: true },
    );
  },
};

/**
 * How the server is compiled (`npm run build`, and the tests that kill a real server process): one
 * definition, so what the tests run is what `npm start` runs. `outdir` must sit inside the repository
 * (npm packages stay external and resolve from its node_modules).
 */
export function serverBuildOptions(serverDir: string, outdir: string): BuildOptions & { metafile: true } {
  return {
    absWorkingDir: serverDir,
    entryPoints: ['src/server.ts'],
    outdir,
    bundle: true,
    // Lazily imported modules (spreadsheet readers, the MQTT driver) become chunks of their own, so
    // they are neither parsed nor loaded until first used.
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    // On disk, not inline, so they cost nothing unless asked for (`node --enable-source-maps`).
    sourcemap: 'linked',
    // Kept readable: stack traces and logs name real functions even without source maps.
    minify: false,
    plugins: [npmPackagesExternal],
    logLevel: 'warning',
    metafile: true,
  };
}
