/**
 * Import boundaries (docs/style.md "Server"), checked by `npm run lint`:
 * - a web feature never imports another feature: pages and app/ compose them;
 * - the server's lib/ and db/ are plain helpers below every module and plugin;
 * - modules never import plugins (plugins may use modules' services), so the two never import
 *   each other both ways;
 * - the contract depends on zod alone, and the two apps never import each other;
 * - no import cycles.
 */
const path = require('node:path');

module.exports = {
  forbidden: [
    {
      name: 'web-feature-to-feature',
      comment: 'A web feature cannot import another feature: compose them in a page or in app/.',
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'server-lib-db-below-modules',
      comment: "The server's lib/ and db/ cannot import modules/ or plugins/.",
      severity: 'error',
      from: { path: '^apps/server/src/(lib|db)/' },
      to: { path: '^apps/server/src/(modules|plugins)/' },
    },
    {
      name: 'server-modules-not-plugins',
      comment: 'Modules cannot import plugins: a plugin may call a module, never the reverse.',
      severity: 'error',
      from: { path: '^apps/server/src/modules/' },
      to: { path: '^apps/server/src/plugins/' },
    },
    {
      name: 'contract-zod-only',
      comment: 'The contract runs in Node and the browser and depends on zod only.',
      severity: 'error',
      from: { path: '^packages/contract/src/', pathNot: '\\.test\\.ts$' },
      to: { pathNot: '^(packages/contract/src/|node_modules/zod/)' },
    },
    {
      name: 'apps-apart',
      comment: 'The server and the web app share code through packages/contract only.',
      severity: 'error',
      from: { path: '^apps/(server|web)/' },
      to: { path: '^apps/', pathNot: '^apps/$1/' },
    },
    {
      name: 'no-cycles',
      comment: 'Import cycles make the order of initialisation matter.',
      severity: 'error',
      from: { path: '^(apps|packages)/' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|\\.ssr|node_modules)/' },
    tsPreCompilationDeps: true,
    // Resolves the web app's `@/` alias.
    tsConfig: { fileName: path.join(__dirname, 'apps/web/tsconfig.json') },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
  },
};
