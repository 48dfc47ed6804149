// Test helper: the tokens SQLite's FTS5 itself makes of texts, with the tokenizer the library's
// index uses (`unicode61 remove_diacritics 2`), read back through an fts5vocab table.

import Database from 'better-sqlite3';

/** The FTS5 tokens of each text, in order. */
export function sqliteTokens(texts: readonly string[]): string[][] {
  const db = new Database(':memory:');
  try {
    db.exec(`
      CREATE VIRTUAL TABLE docs USING fts5(body, tokenize = 'unicode61 remove_diacritics 2');
      CREATE VIRTUAL TABLE doc_terms USING fts5vocab(docs, 'instance');
    `);
    const insert = db.prepare('INSERT INTO docs(rowid, body) VALUES (?, ?)');
    db.transaction(() => texts.forEach((text, index) => insert.run(index + 1, text)))();
    const tokens = texts.map((): string[] => []);
    const rows = db.prepare('SELECT doc, term FROM doc_terms ORDER BY doc, offset').all() as { doc: number; term: string }[];
    for (const row of rows) tokens[row.doc - 1].push(row.term);
    return tokens;
  } finally {
    db.close();
  }
}
