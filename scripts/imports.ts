/**
 * `npm run -s imports`: the source tree's import graph against the layer table. Prints the import
 * circles, the imports the table does not allow, and for each file named on the command line
 * what it loads with it (static value imports, followed: what lands in its chunk), by folder.
 * `--table` prints the layer table as docs/architecture.md shows it. Exits 1 on any circle or
 * problem.
 */
import {
  buildImportGraph,
  importCircles,
  isTestFile,
  listSourceFiles,
  staticReach,
} from './imports/graph.ts';
import { importProblem } from './imports/layers.mjs';
import { layerTableMarkdown } from './imports/table.ts';

const args = process.argv.slice(2);
if (args.includes('--table')) {
  console.log(layerTableMarkdown());
  process.exit(0);
}
const root = process.cwd();
const all = listSourceFiles(root);
const graph = buildImportGraph(root, all);
const source = buildImportGraph(
  root,
  all.filter((f) => !isTestFile(f)),
);
const circles = importCircles(source);
const problems = graph.edges
  .map((edge) => ({ edge, problem: importProblem(edge.from, edge.to) }))
  .filter((p) => p.problem !== null);
console.log(`${source.files.length} source files, ${source.edges.length} imports`);
console.log(`import circles: ${circles.length}`);
for (const circle of circles) console.log(`  ${circle.length} files: ${circle.join(', ')}`);
console.log(`imports the layer table does not allow: ${problems.length}`);
for (const { edge, problem } of problems) console.log(`  ${edge.from}:${edge.line}: ${problem}`);
for (const file of args.filter((a) => !a.startsWith('--'))) {
  const reach = staticReach(source, file);
  const byFolder = new Map<string, number>();
  for (const f of reach) {
    const folder = f
      .split('/')
      .slice(0, f.startsWith('src/engine/') ? 3 : 2)
      .join('/');
    byFolder.set(folder, (byFolder.get(folder) ?? 0) + 1);
  }
  const folders = [...byFolder].sort((a, b) => b[1] - a[1]).map(([f, n]) => `${f} ${n}`);
  console.log(`${file} loads ${reach.length} modules with it: ${folders.join(', ')}`);
}
process.exit(circles.length > 0 || problems.length > 0 ? 1 : 0);
