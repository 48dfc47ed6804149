// Turns what a user typed into an FTS5 MATCH expression that can never be a syntax error:
// every whitespace-separated token becomes a quoted string (FTS5 has no escapes inside
// strings except a doubled quote) with a prefix star, and tokens are ANDed by juxtaposition.
// Operators the user types (AND, OR, NOT, NEAR, -, ^, *, parentheses, column filters) are
// therefore searched for as plain text, never interpreted.

/** Control characters end FTS5's string parsing early ("unterminated string"), so they separate tokens. */
const SEPARATORS = /[\s\p{Cc}]+/u;

export function toFtsQuery(userText: string): string | null {
  const tokens = userText.split(SEPARATORS).filter((token) => token.length > 0);
  if (tokens.length === 0) return null;
  return tokens.map((token) => `"${token.replaceAll('"', '""')}"*`).join(' ');
}
