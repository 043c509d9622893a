// @ts-check
/**
 * The house's layers, checked by `npm run lint`. From the bottom: policy/ (the permission engine,
 * which imports nothing of Bosun's), src/ (code shared by the contexts, which may use the policy),
 * then the contexts (background, content, sidebar, abp-app, offscreen, bridge), each of which may use src/ and
 * policy/ but never another context. No import circle anywhere, types included.
 */
const CONTEXTS = '(background|content|sidebar|abp-app|offscreen|bridge)';
/** Folders above the product: nothing of the product may import them. */
const ABOVE = '^(tests|bench|scripts|manifests)/|^build\\.mjs$';

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Files that import each other cannot be understood, tested or moved one at a time.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'policy-is-a-leaf',
      severity: 'error',
      comment: "policy/ is pure and imports nothing of Bosun's: the others import its vocabulary.",
      from: { path: '^policy/' },
      to: { pathNot: ['^policy/', 'node_modules'], dependencyTypesNot: ['core'] },
    },
    {
      name: 'src-is-shared',
      severity: 'error',
      comment: 'src/ is shared by every context and may use only itself and policy/.',
      from: { path: '^src/' },
      // _locales/ holds the texts a person sees: data, read through src/i18n.ts.
      to: { pathNot: ['^src/', '^policy/', '^_locales/', 'node_modules'], dependencyTypesNot: ['core'] },
    },
    {
      name: 'no-context-imports-another',
      severity: 'error',
      comment: 'A context may use src/ and policy/; code two contexts need moves to src/.',
      from: { path: `^${CONTEXTS}/` },
      to: { path: `^${CONTEXTS}/`, pathNot: '^$1/' },
    },
    {
      name: 'crawl-uses-no-library',
      severity: 'error',
      comment:
        'The Library shows and steers crawls, so it may use crawl/; a crawl stores pages through storage/ and never needs the Library.',
      from: { path: '^background/crawl/' },
      to: { path: '^background/library/' },
    },
    {
      name: 'product-imports-no-tooling',
      severity: 'error',
      comment: 'Tests, benchmarks and scripts stand above the product; the product never imports them.',
      from: { path: `^(policy|src|${CONTEXTS.slice(1, -1)})/` },
      to: { path: ABOVE },
    },
    {
      name: 'heavy-libraries-load-late',
      severity: 'error',
      comment:
        "Libraries that take long to evaluate load where they are first needed, not as their context starts: the bridge's browser drivers with the first browser (an MCP client lists the tools without waiting for them), JSZip with the first export (evaluating it took most of the background's start).",
      from: { path: '^(bridge|background|sidebar)/' },
      to: {
        path: 'node_modules/(playwright-core|puppeteer-core|jszip)/',
        dependencyTypesNot: ['type-only', 'dynamic-import'],
      },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment: 'An import that resolves to nothing is a typo or a missing dependency.',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    // The PDF reader chunk, imported by its address in the built extension (src/pdf/reader-chunk.ts).
    exclude: { path: '^/pdf-reader\\.js$' },
    // npm run lint names the product's folders; what they import from elsewhere is read, not followed.
    doNotFollow: { path: ['node_modules', '^(tests|bench|scripts|manifests)/'] },
    // Type-only imports tie files together as much as any other: count them.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
    },
  },
};
