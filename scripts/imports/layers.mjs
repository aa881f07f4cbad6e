/**
 * The layers of src/ and which may import which: one table, read by the lint rule
 * (eslint.config.js), by the layer test over the whole import graph (tests/unit/layers.test.ts)
 * and checked against the picture in docs/architecture.md. Plain JavaScript, so ESLint's config
 * can import it; types in layers.d.mts.
 *
 * A layer may import itself and the layers in its `mayImport`. The table lists layers bottom
 * first, and a layer names only layers listed before it, so imports run one way (the layer test
 * checks that too). Two more rules: from outside a layer with `faces`, only those files may be
 * imported (a layer's public face; the layers of one folder, such as engine/catalog and
 * engine/models, may reach each other's files); and a widget folder never imports another widget folder.
 * `runs` says what a layer's code may use beyond the table: 'pure' layers no React, no stores
 * and no DOM or WebGPU globals (plain TypeScript that runs anywhere); 'no-react' layers no React
 * and no stores; the rest anything. Test files (`*.test.ts(x)`, `*.gpu.test.ts`) and test helpers (`testing/` folders) are not part
 * of the layers: they may reach whatever they test.
 */

/** @type {import('./layers.d.mts').Layer[]} */
export const LAYERS = [
  {
    name: 'engine/catalog',
    runs: 'pure',
    path: 'src/engine/catalog',
    what: "sourced hardware figures: GPUs, CPUs, host links, interconnects, and the learner's own machine once entered",
    mayImport: [],
    faces: ['src/engine/catalog/index.ts'],
  },
  {
    name: 'engine/models',
    runs: 'pure',
    path: 'src/engine/models',
    what: 'the cost models: kernels, transfers, collectives, timelines, whole networks',
    mayImport: ['engine/catalog'],
    faces: ['src/engine/models/index.ts'],
  },
  {
    name: 'engine/calibration',
    runs: 'pure',
    path: 'src/engine/calibration',
    what: "published measurements and the engine's prediction of each",
    mayImport: ['engine/catalog', 'engine/models'],
    faces: ['src/engine/calibration/index.ts'],
  },
  {
    name: 'glossary',
    runs: 'pure',
    path: 'src/glossary',
    what: "the glossary's types and lookups",
    mayImport: [],
  },
  {
    name: 'lms-package',
    runs: 'pure',
    path: 'src/lms-package',
    what: 'course packages an LMS imports: the items, cmi5.xml, the SCORM 1.2 manifest and launch pages, the zip',
    mayImport: [],
    faces: ['src/lms-package/index.ts'],
  },
  {
    name: 'triton',
    runs: 'pure',
    path: 'src/triton',
    what: 'the Triton runtime: kernels parsed, lowered to a typed IR and interpreted',
    mayImport: [],
  },
  {
    name: 'format',
    runs: 'pure',
    path: 'src/format',
    what: 'units and figure titles as text',
    mayImport: ['engine/catalog'],
  },
  {
    name: 'torch',
    runs: 'pure',
    path: 'src/torch',
    what: 'the PyTorch-subset interpreter of the console',
    mayImport: ['engine/catalog', 'engine/models', 'format'],
  },
  {
    name: 'compute',
    runs: 'pure',
    path: 'src/compute',
    what: 'what kernels compute, without a GPU: inputs, CPU references, checks, timing harness',
    mayImport: ['engine/catalog', 'engine/models'],
  },
  {
    name: 'puzzles',
    runs: 'pure',
    path: 'src/puzzles',
    what: "the WGSL puzzles: statements, bindings, CPU references, loop instrumentation, the checker's comparisons",
    mayImport: ['compute', 'format', 'triton', 'engine/catalog', 'engine/models'],
  },
  {
    name: 'gpu',
    runs: 'no-react',
    path: 'src/gpu',
    what: 'the WebGPU runtime and its kernels',
    mayImport: ['compute', 'engine/catalog', 'engine/models', 'format', 'triton'],
    faces: ['src/gpu/index.ts'],
  },
  {
    name: 'machine-check',
    runs: 'no-react',
    path: 'src/machine-check',
    what: 'the lab-machine check: WebGPU and the adapter, the features and limits the course uses, a test kernel checked against the CPU, a verdict per part of the course',
    mayImport: ['gpu', 'compute', 'format', 'engine/catalog', 'engine/models'],
  },
  {
    name: 'cpu',
    runs: 'no-react',
    path: 'src/cpu',
    what: 'Web Worker pools that run the CPU side of measurements',
    mayImport: ['compute', 'engine/catalog', 'engine/models'],
  },
  {
    name: 'state',
    path: 'src/state',
    what: 'settings schemas, the URL: routes, query pairs, share links',
    mayImport: ['format'],
  },
  {
    name: 'network-step',
    runs: 'pure',
    path: 'src/network-step',
    what: 'a modeled network step, declared once: its settings fields and limits, the GPU field, the request built from them and the remembered engine calls',
    mayImport: ['state', 'torch', 'engine/catalog', 'engine/models'],
    faces: ['src/network-step/index.ts'],
  },
  {
    name: 'store',
    path: 'src/store',
    what: "zustand stores: progress, the learner's machine, the page's console session, widget controllers, measured runs",
    mayImport: ['state', 'torch', 'gpu', 'compute', 'format', 'engine/catalog', 'engine/models'],
  },
  {
    name: 'embed',
    path: 'src/embed',
    what: 'learning events, and speaking to a host page: size, xAPI, cmi5',
    mayImport: ['state', 'format'],
  },
  {
    name: 'class-report',
    runs: 'no-react',
    path: 'src/class-report',
    what: "the class report's reading and counting: progress files, zips and xAPI exports read within limits, the per-learner, per-question and per-lesson tables, CSV",
    mayImport: ['store', 'embed', 'state', 'cpu', 'puzzles', 'triton', 'format'],
  },
  {
    name: 'ui',
    path: 'src/ui',
    what: 'React pieces widgets share: the widget frame, Share, plots, fields, the console panel',
    mayImport: [
      'store',
      'state',
      'embed',
      'network-step',
      'torch',
      'format',
      'engine/catalog',
      'engine/models',
    ],
  },
  {
    name: 'experiments',
    path: 'src/experiments',
    what: "measured experiments that questions run on the learner's device",
    mayImport: ['gpu', 'cpu', 'compute', 'store', 'format', 'engine/catalog', 'engine/models'],
  },
  {
    name: 'puzzle-page',
    path: 'src/puzzle-page',
    what: "the puzzles' pages: the editor, running and checking on the learner's GPU, timings",
    mayImport: [
      'puzzles',
      'triton',
      'ui',
      'store',
      'state',
      'embed',
      'gpu',
      'compute',
      'format',
      'engine/catalog',
      'engine/models',
    ],
  },
  {
    name: 'triton-page',
    path: 'src/triton-page',
    what: "the Triton puzzles' pages: the editor with Python, checks on WebGPU or the interpreter, timings",
    mayImport: [
      'puzzle-page',
      'puzzles',
      'triton',
      'ui',
      'store',
      'state',
      'embed',
      'gpu',
      'format',
      'engine/catalog',
    ],
  },
  {
    name: 'widgets',
    path: 'src/widgets',
    what: 'one folder per widget, declared in its widget.ts and listed in registry.ts',
    mayImport: [
      'triton-page',
      'puzzle-page',
      'puzzles',
      'triton',
      'ui',
      'store',
      'state',
      'embed',
      'network-step',
      'gpu',
      'cpu',
      'compute',
      'torch',
      'format',
      'engine/catalog',
      'engine/models',
    ],
    faces: ['src/widgets/registry.ts'],
  },
  {
    name: 'lessons',
    path: 'src/lessons',
    what: 'the components map, building blocks, questions, lesson rendering',
    mayImport: [
      'widgets',
      'experiments',
      'ui',
      'store',
      'state',
      'embed',
      'glossary',
      'format',
      'engine/catalog',
      'engine/models',
    ],
  },
  {
    name: 'bench',
    path: 'src/bench',
    what: 'benchmark pages and their measurements',
    mayImport: ['gpu', 'compute', 'format', 'engine/catalog', 'engine/models'],
  },
  {
    name: 'embed-page',
    path: 'src/embed-page',
    what: 'a widget, a question, a lesson check or a puzzle alone, for an iframe',
    mayImport: [
      'puzzle-page',
      'triton-page',
      'puzzles',
      'lessons',
      'widgets',
      'ui',
      'store',
      'state',
      'embed',
      'glossary',
      'format',
      'engine/catalog',
      'engine/models',
    ],
  },
  {
    name: 'app',
    path: 'src/app',
    what: 'the site: routes, pages, progress and review',
    mayImport: [
      'embed-page',
      'class-report',
      'lms-package',
      'machine-check',
      'puzzle-page',
      'puzzles',
      'triton-page',
      'lessons',
      'widgets',
      'ui',
      'store',
      'state',
      'embed',
      'glossary',
      'format',
      'engine/catalog',
      'engine/models',
    ],
  },
  {
    name: 'main',
    path: 'src',
    what: 'the entry point and type declarations at the top of src/',
    mayImport: ['app', 'lessons'],
  },
];

/** Packages a layer that `runs` this way may not import. */
export const FORBIDDEN_PACKAGES = {
  pure: ['react', 'react-dom', 'zustand', '@mdx-js/react'],
  'no-react': ['react', 'react-dom', 'zustand', '@mdx-js/react'],
};

/** Globals a 'pure' layer may not touch: the DOM and WebGPU. */
export const FORBIDDEN_PURE_GLOBALS = [
  'window',
  'document',
  'navigator',
  'location',
  'history',
  'localStorage',
  'sessionStorage',
  'requestAnimationFrame',
  'HTMLElement',
  'GPUBufferUsage',
  'GPUMapMode',
  'GPUShaderStage',
];

const byName = new Map(LAYERS.map((layer) => [layer.name, layer]));

/** Whether a path (relative to the repository root, `/` separators) is a test or a test helper. */
export function isTestPath(path) {
  return /\.test\.tsx?$/.test(path) || /\.e2e\.ts$/.test(path) || /(^|\/)testing\//.test(path);
}

/** The layer a file under src/ belongs to (the longest matching path), or null. */
export function layerOf(path) {
  let best = null;
  for (const layer of LAYERS) {
    const inside =
      layer.path === 'src'
        ? /^src\/[^/]+$/.test(path)
        : path === layer.path || path.startsWith(`${layer.path}/`);
    if (inside && (!best || layer.path.length > best.path.length)) best = layer;
  }
  return best;
}

/** The top folder of src/ a path lies in: layers in one package (engine/*) share their insides. */
function packageOf(path) {
  return path.split('/').slice(0, 2).join('/');
}

/** The widget folder a path lies in (`race` for src/widgets/race/…), or null. */
function widgetFolderOf(path) {
  const match = /^src\/widgets\/([^/]+)\//.exec(path);
  return match ? match[1] : null;
}

/**
 * Why `from` may not import `to` (both paths relative to the repository root), or null when it
 * may. Imports from or to tests, and to files outside src/, are always allowed.
 */
export function importProblem(from, to) {
  if (isTestPath(from) || isTestPath(to) || !to.startsWith('src/')) return null;
  const source = layerOf(from);
  const target = layerOf(to);
  if (!source || !target) return null;
  if (source === target) {
    const a = widgetFolderOf(from);
    const b = widgetFolderOf(to);
    if (a && b && a !== b) {
      return `a widget never imports another widget (${a} -> ${b}): move what both need to a shared layer (ui, store, state, format)`;
    }
    return null;
  }
  if (!source.mayImport.includes(target.name)) {
    const allowed = source.mayImport.length > 0 ? source.mayImport.join(', ') : 'nothing else';
    return `${source.name} may not import ${target.name} (it may import ${allowed}; see scripts/imports/layers.mjs)`;
  }
  if (target.faces && !target.faces.includes(to) && packageOf(from) !== packageOf(to)) {
    return `outside ${target.path}, import ${target.name} through ${target.faces.join(' or ')}, not ${to}`;
  }
  return null;
}

/** The layer named `name` (for the docs check). */
export function layerNamed(name) {
  return byName.get(name) ?? null;
}
