// How deep a parsed JSON value nests, found without recursion so a hostile 10,000-level
// document cannot overflow the stack while being measured.

/** JSON pointer of the first object or array nested deeper than `maxDepth` levels, if any. */
export function pointerBeyondDepth(value: unknown, maxDepth: number): string | undefined {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value, path: '', depth: 1 }];
  while (stack.length > 0) {
    const { value: current, path, depth } = stack.pop()!;
    if (current === null || typeof current !== 'object') continue;
    if (depth > maxDepth) return path;
    for (const [key, child] of Object.entries(current))
      stack.push({ value: child, path: `${path}/${escapePointer(key)}`, depth: depth + 1 });
  }
  return undefined;
}

export function escapePointer(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}
