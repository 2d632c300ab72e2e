// Builds the server to JavaScript for production (`npm run build`): one ES module bundle per
// entry in dist/, with the contract's TypeScript bundled in and every npm package left to
// node_modules; the SQL migrations are copied beside them.
import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = import.meta.dirname;
const outdir = path.join(root, 'dist');

/** npm packages stay external (native code, WebAssembly, data files); workspace code is bundled. */
const externalPackages = {
  name: 'external-packages',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@candor/') ? undefined : { path: args.path, external: true },
    );
  },
};

rmSync(outdir, { recursive: true, force: true });
await build({
  // dist/ sits as deep as src/, so paths built from import.meta.dirname (config.ts) still hold.
  entryPoints: {
    main: 'src/main.ts',
    'create-superuser': 'src/cli/create-superuser.ts',
    migrate: 'src/cli/migrate.ts',
    backup: 'src/cli/backup.ts',
    restore: 'src/cli/restore.ts',
    'audit-verify': 'src/cli/audit-verify.ts',
    'rotate-keys': 'src/cli/rotate-keys.ts',
    // Started by lib/evidence/media-jobs.ts in a worker thread, from beside the main bundle.
    'media-worker': 'src/lib/evidence/media-worker.ts',
  },
  absWorkingDir: root,
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22.12',
  sourcemap: true,
  plugins: [externalPackages],
  logLevel: 'warning',
});
// db/client.ts reads the migrations from `migrations` beside the module that runs it.
cpSync(path.join(root, 'src/db/migrations'), path.join(outdir, 'migrations'), { recursive: true });
console.log(`Server built into ${path.relative(process.cwd(), outdir) || '.'}`);
