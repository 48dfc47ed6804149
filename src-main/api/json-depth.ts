// How deeply a JSON value nests, measured without recursion: a file or request nested 100,000
// levels deep must be refused with a sentence, not crash whatever walks it next (JSON.stringify,
// ajv and zod recurse, and overflow the stack long before V8's iterative JSON.parse does).

/** Deepest nesting the app accepts in a file or an API request. */
export const MAX_JSON_DEPTH = 64;

interface Frame {
  value: unknown;
  depth: number;
  key: PropertyKey;
  parent: Frame | undefined;
}

/**
 * The path (keys from the top) to the first object or list nested deeper than `max` levels,
 * or undefined when the value stays within it. The top-level object is level 1.
 */
export function tooDeepPath(value: unknown, max = MAX_JSON_DEPTH): PropertyKey[] | undefined {
  // Most values are within the limit: say so by a walk that allocates nothing (an import's 100,000
  // cards took 170 ms with frames, about half without); only a value too deep is walked for its path.
  if (max <= MAX_RECURSIVE_CHECK && !deeperThan(value, 1, max)) return undefined;
  const stack: Frame[] = [{ value, depth: 1, key: '', parent: undefined }];
  while (stack.length) {
    const frame = stack.pop()!;
    if (frame.value === null || typeof frame.value !== 'object') continue;
    if (frame.depth > max) return pathOf(frame);
    if (frame.value instanceof Uint8Array) continue;
    const container = frame.value as Record<string, unknown>;
    if (Array.isArray(container)) {
      for (let i = 0; i < container.length; i++) push(stack, container[i], i, frame);
    } else {
      for (const key of Object.keys(container)) push(stack, container[key], key, frame);
    }
  }
  return undefined;
}

/**
 * Up to this limit the quick check recurses: it never goes more than `max + 1` calls deep, which
 * stays far from the stack's end; a larger limit is checked by the walk with frames alone.
 */
const MAX_RECURSIVE_CHECK = 1000;

/** Whether `value`, at `depth`, holds an object or list deeper than `max`. */
function deeperThan(value: unknown, depth: number, max: number): boolean {
  if (value === null || typeof value !== 'object') return false;
  if (depth > max) return true;
  if (value instanceof Uint8Array) return false;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) if (deeperThan(value[i], depth + 1, max)) return true;
  } else {
    const container = value as Record<string, unknown>;
    for (const key of Object.keys(container)) if (deeperThan(container[key], depth + 1, max)) return true;
  }
  return false;
}

function push(stack: Frame[], value: unknown, key: PropertyKey, parent: Frame): void {
  if (value !== null && typeof value === 'object') stack.push({ value, depth: parent.depth + 1, key, parent });
}

function pathOf(frame: Frame): PropertyKey[] {
  const path: PropertyKey[] = [];
  for (let at: Frame | undefined = frame; at?.parent; at = at.parent) path.unshift(at.key);
  return path;
}

export type JsonTextProblem = { kind: 'depth'; at: number } | { kind: 'structure'; at: number };

/**
 * One pass over JSON text before it is parsed (strings skipped): the character position where it
 * opens its `maxDepth + 1`th nested level, or where its characters outside strings pass
 * `maxStructure`. The second bounds what JSON.parse would build: an import's request may be
 * 144 MiB because its file travels as one string, but 144 MiB of `[],` is 48 million lists (the
 * web host died out of memory at 4 GB on it).
 */
export function jsonTextProblem(text: string, maxDepth = MAX_JSON_DEPTH, maxStructure = Infinity): JsonTextProblem | undefined {
  let depth = 0;
  let inString = false;
  let structure = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
      continue;
    }
    if (++structure > maxStructure) return { kind: 'structure', at: i };
    if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > maxDepth) return { kind: 'depth', at: i };
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return undefined;
}

/** The character position where JSON text opens its `max + 1`th nested level, or undefined. */
export function tooDeepPosition(text: string, max = MAX_JSON_DEPTH): number | undefined {
  const problem = jsonTextProblem(text, max);
  return problem?.kind === 'depth' ? problem.at : undefined;
}
