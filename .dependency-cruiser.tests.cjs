/**
 * The tests and their helpers, read with the rules of .dependency-cruiser.cjs that hold for
 * them too. A test may set up its data through any module's repository or service, so the rules
 * on repositories and on cycles between modules are left to the running code.
 */
const main = require('./.dependency-cruiser.cjs');

const RUNNING_CODE_ONLY = new Set([
  'server-repository-own-module',
  'server-repository-in-modules',
  'server-module-cycles',
]);

module.exports = {
  forbidden: main.forbidden.filter((rule) => !RUNNING_CODE_ONLY.has(rule.name)),
  options: { ...main.options, exclude: { path: '(^|/)(dist|\\.ssr|node_modules)/' } },
};
