/**
 * Import boundaries (docs/style.md "Server"), checked by `npm run lint`:
 * - a web feature never imports another feature: pages and app/ compose them;
 * - the server's lib/ and db/ are plain helpers below every module and plugin;
 * - modules never import plugins (plugins may use modules' services), so the two never import
 *   each other both ways;
 * - the contract depends on zod alone, and the two apps never import each other;
 * - no import cycles;
 * - a server module's `*.repository.ts` is imported from its own module only: other modules and
 *   the code around them call its service;
 * - no cycles between server modules: if a module imports another, nothing in that other module
 *   imports it back, directly or through a third;
 * - on the web, shared code (components/, lib/, config/) imports no feature and no app/ file, and
 *   a feature imports no app/ file, so features and app/ cannot form a cycle.
 *
 * This file checks the running code; the tests are read apart, by .dependency-cruiser.tests.cjs,
 * with the same rules bar the one between modules (a test may set up its data through another
 * module's service).
 */
const path = require('node:path');

/** Test files and the helpers only tests use. */
const TESTS = '(\\.test\\.tsx?$|\\.spec\\.ts$|^apps/server/test/|^apps/web/src/test/|^e2e/)';

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
      name: 'server-repository-own-module',
      comment:
        "A module's repository is its own: another module calls that module's service instead.",
      severity: 'error',
      from: { path: '^apps/server/src/modules/([^/]+)/' },
      to: {
        path: '^apps/server/src/modules/[^/]+/[^/]+\\.repository\\.ts$',
        pathNot: '^apps/server/src/modules/$1/',
      },
    },
    {
      name: 'server-repository-in-modules',
      comment:
        "Plugins, operations and the app's set-up reach a module's data through its service.",
      severity: 'error',
      from: { pathNot: '^apps/server/src/modules/' },
      to: { path: '^apps/server/src/modules/[^/]+/[^/]+\\.repository\\.ts$' },
    },
    {
      name: 'server-module-cycles',
      comment: 'Two modules cannot depend on each other, directly or through others.',
      severity: 'error',
      scope: 'folder',
      from: { path: '^apps/server/src/modules/[^/]+$' },
      to: { path: '^apps/server/src/modules/[^/]+$', circular: true },
    },
    {
      name: 'web-shared-below-features',
      comment:
        "The web's components/, lib/ and config/ are used by features and app/, never the reverse.",
      severity: 'error',
      from: { path: '^apps/web/src/(components|lib|config)/' },
      to: { path: '^apps/web/src/(features|app)/' },
    },
    {
      name: 'web-features-below-app',
      comment:
        'app/ composes the features; a feature reaches what it needs from lib/ or components/.',
      severity: 'error',
      from: { path: '^apps/web/src/features/' },
      to: { path: '^apps/web/src/app/' },
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
    // The tests are checked by .dependency-cruiser.tests.cjs.
    exclude: { path: ['(^|/)(dist|\\.ssr|node_modules)/', TESTS] },
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
