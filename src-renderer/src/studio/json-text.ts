// JSON typed by a designer in the studio's Advanced views: parsed, or refused in one sentence that
// says where (line and column) — never applied half.

export type Parsed = { value: unknown } | { problem: string };

const MAX_JSON_CHARS = 4_000_000;

export function parseJsonText(text: string, what: string): Parsed {
  if (text.length > MAX_JSON_CHARS)
    return { problem: `${what} is longer than ${MAX_JSON_CHARS.toLocaleString('en')} characters` };
  try {
    return { value: JSON.parse(text) as unknown };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const position = /position (\d+)/.exec(message)?.[1];
    if (position === undefined) return { problem: `${what} is not valid JSON: ${message}` };
    const before = text.slice(0, Number(position));
    const line = before.split('\n').length;
    const column = Number(position) - before.lastIndexOf('\n');
    return {
      problem: `${what} is not valid JSON at line ${line}, column ${column}: ${message.replace(/ in JSON at position \d+.*$/, '')}`,
    };
  }
}

export const jsonText = (value: unknown): string => JSON.stringify(value, null, 2);
