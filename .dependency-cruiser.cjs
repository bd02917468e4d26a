/**
 * The import rules of both apps, checked on resolved paths by `npm run lint` (dependency-cruiser), so a
 * bare-folder import ('../site'), a relative path into another feature or a path alias is judged by the
 * file it reaches, not by how its string is written. The API's module order comes from module-order.json
 * (one list); the web client's layers are fixed here (docs/architecture.md "How it is enforced").
 */
const { api: API_MODULES } = require('./module-order.json');

const API = '^apps/api/src/';
const WEB = '^apps/web/src/';
const WEB_SHARED = ['lib', 'components', 'hooks', 'i18n'];
const any = (names) => `(${names.join('|')})`;

/** One rule per API module: it may not import a module after it in the order. */
const apiOrder = API_MODULES.slice(0, -1).map((module, i) => ({
  name: `api-${module}-imports-only-lower-modules`,
  comment: `${module} comes before ${API_MODULES.slice(i + 1).join(', ')} (module-order.json)`,
  severity: 'error',
  from: { path: `${API}${module}/` },
  to: { path: `${API}${any(API_MODULES.slice(i + 1))}/` },
}));

module.exports = {
  forbidden: [
    ...apiOrder,
    {
      name: 'api-folder-in-the-module-order',
      comment: 'every folder of apps/api/src is a module of module-order.json: a new module is placed in it',
      severity: 'error',
      from: { path: API },
      to: { path: API, pathNot: `${API}${any(API_MODULES)}/` },
    },
    {
      name: 'api-module-in-the-module-order',
      comment: 'every folder of apps/api/src is a module of module-order.json: a new module is placed in it',
      severity: 'error',
      from: { path: API, pathNot: `${API}${any(API_MODULES)}/` },
      to: {},
    },
    {
      name: 'api-panel-client-only-below-the-port',
      comment:
        'only the panel module (panel/port.ts), platform (the context type) and app (composition) see the panel client package: nothing above panel knows which panel it is',
      severity: 'error',
      from: { path: API, pathNot: `${API}(panel|platform|app)/` },
      to: { path: '^packages/pterodactyl/' },
    },
    {
      name: 'apps-apart',
      comment: 'the API and the web client share code only through packages/',
      severity: 'error',
      from: { path: '^apps/(api|web)/' },
      to: { path: '^apps/(api|web)/', pathNot: '^apps/$1/' },
    },
    {
      name: 'packages-below-apps',
      comment: 'packages and emulators are below both apps',
      severity: 'error',
      from: { path: '^(packages|emulators)/' },
      to: { path: '^apps/' },
    },
    {
      name: 'web-shared-imports-no-feature',
      comment: `shared code (${WEB_SHARED.join(', ')}) imports no feature and not the app`,
      severity: 'error',
      from: { path: `${WEB}${any(WEB_SHARED)}/` },
      to: { path: `${WEB}(features|app)/` },
    },
    {
      name: 'web-feature-imports-no-other-feature',
      comment: 'a feature imports shared code and itself; the app composes features',
      severity: 'error',
      from: { path: `${WEB}features/([^/]+)/` },
      to: { path: `${WEB}features/`, pathNot: `${WEB}features/$1/` },
    },
    {
      name: 'web-feature-imports-no-app',
      comment: 'features are below the app layer (router, providers, layouts)',
      severity: 'error',
      from: { path: `${WEB}features/` },
      to: { path: `${WEB}app/` },
    },
    {
      name: 'no-circular',
      comment: 'no import cycles, type-only imports included',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|test|tests)/|\\.(test|spec)\\.tsx?$' },
    tsPreCompilationDeps: true,
    // Absolute: the web client's '@/' alias; TypeScript resolves the file's `extends` from its folder.
    tsConfig: { fileName: require('node:path').join(__dirname, 'apps/web/tsconfig.json') },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
  },
};
