// `npm run lint`'s import check (docs/architecture.md, "Dependencies between files"): the rules of
// .dependency-cruiser.cjs over card-schema, src-main and src-renderer, and circles closed by the
// `import type` lines of .svelte files. dependency-cruiser reads a component as the Svelte
// compiler outputs it, with those lines gone; they are read here from the component's <script>.

import { readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { cruise, format } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';

const ROOTS = ['card-schema', 'src-main', 'src-renderer/src'];
const CONFIG = './.dependency-cruiser.cjs';

const options = await extractDepcruiseOptions(CONFIG);
const tsConfig = extractTSConfig(options.tsConfig.fileName);
const { output } = await cruise(ROOTS, options, undefined, { tsConfig });

/** @type {Map<string, Set<string>>} each file and the files it imports */
const graph = new Map(
  output.modules.map((module) => [
    module.source,
    new Set(module.dependencies.filter((dep) => !dep.coreModule).map((dep) => dep.resolved)),
  ]),
);

/** The file a relative import in `from` names, as the graph spells it; undefined when it names none. */
function resolveRelative(from, specifier) {
  const base = normalize(join(dirname(from), specifier));
  return [base, `${base}.ts`, `${base}.js`, join(base, 'index.ts')].find((candidate) => graph.has(candidate));
}

const SCRIPT = /<script\b[^>]*>([\s\S]*?)<\/script>/g;
const IMPORT_FROM =
  /\bimport\s+type\b[^'"]*?\bfrom\s*['"]([^'"]+)['"]|\bimport\s*\{[^}]*\btype\s[^}]*\}\s*from\s*['"]([^'"]+)['"]/g;

/** @type {[string, string][]} type-only imports of components that dependency-cruiser did not see */
const typeEdges = [];
for (const file of graph.keys()) {
  if (!file.endsWith('.svelte')) continue;
  for (const [, script] of readFileSync(file, 'utf8').matchAll(SCRIPT)) {
    for (const match of script.matchAll(IMPORT_FROM)) {
      const specifier = match[1] ?? match[2];
      const target = specifier.startsWith('.') ? resolveRelative(file, specifier) : undefined;
      if (target && !graph.get(file).has(target)) typeEdges.push([file, target]);
    }
  }
}
for (const [from, to] of typeEdges) graph.get(from).add(to);

/** The shortest import path from `start` to `goal`, or undefined. */
function pathBetween(start, goal) {
  const previous = new Map([[start, null]]);
  const queue = [start];
  for (let i = 0; i < queue.length; i++) {
    const file = queue[i];
    if (file === goal) {
      const path = [];
      for (let at = goal; at !== null; at = previous.get(at)) path.unshift(at);
      return path;
    }
    for (const next of graph.get(file) ?? []) {
      if (!previous.has(next)) {
        previous.set(next, file);
        queue.push(next);
      }
    }
  }
  return undefined;
}

const circular = options.ruleSet.forbidden.find((rule) => rule.name === 'no-circular');
const allowed = new RegExp(circular.to.via.pathNot);
const circles = [];
for (const [from, to] of typeEdges) {
  const back = pathBetween(to, from);
  if (back && ![from, ...back].every((file) => allowed.test(file))) circles.push([from, ...back]);
}

const report = await format(output, { outputType: 'err' });
const broken = output.summary.violations.length > 0 || circles.length > 0;
if (output.summary.violations.length > 0) process.stdout.write(report.output);
for (const circle of circles) {
  console.log(`  error no-circular (import type in a component): ${circle.join(' →\n      ')}`);
}
if (broken) {
  console.log('\nImports break the rules of docs/architecture.md ("Dependencies between files"; .dependency-cruiser.cjs).');
  process.exit(1);
}
const files = [...graph.keys()].filter((file) => ROOTS.some((root) => file.startsWith(`${root}/`))).length;
console.log(
  `Imports: no circles, no arrow against the architecture (${files} files; ${typeEdges.length} type imports in components read apart).`,
);
