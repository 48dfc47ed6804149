// XML text and attribute escaping for the .cod format, and reading it back: the five named
// entities plus numeric character references (&#233; &#x1F0A1;), so any name survives.

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => XML_ESCAPES[ch]);
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Replaces entities; an unknown one is refused with its text so a broken file is named. */
export function unescapeXml(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-zA-Z]+);/g, (whole, body: string) => {
    if (body.startsWith('#x')) return safeCodePoint(parseInt(body.slice(2), 16), whole);
    if (body.startsWith('#')) return safeCodePoint(parseInt(body.slice(1), 10), whole);
    const named = NAMED[body];
    if (named === undefined) throw new Error(`unknown XML entity ${whole}`);
    return named;
  });
}

function safeCodePoint(code: number, whole: string): string {
  if (!Number.isInteger(code) || code < 0 || code > 0x10ffff) throw new Error(`invalid character reference ${whole}`);
  return String.fromCodePoint(code);
}
