// Image metadata: what the image library knows about each stored picture. The bytes live in
// files (src-main/images/image-files.ts); a row exists only once its file is in place.

import { nowIso, type SqliteDatabase } from './sqlite';

export type StoredImageMime = 'image/png' | 'image/jpeg' | 'image/webp';

export interface ImageRow {
  id: string;
  mime: StoredImageMime;
  width: number;
  height: number;
  bytes: number;
  createdAt: string;
  /** When it was last added (a re-add refreshes it, so cleanup's grace period starts again). */
  addedAt: string;
}

interface SqlRow {
  id: string;
  mime: StoredImageMime;
  width: number;
  height: number;
  bytes: number;
  created_at: string;
  added_at: string;
}

const toRow = (row: SqlRow): ImageRow => ({
  id: row.id,
  mime: row.mime,
  width: row.width,
  height: row.height,
  bytes: row.bytes,
  createdAt: row.created_at,
  addedAt: row.added_at,
});

/** How many ids one `IN (…)` lookup takes (SQLite allows 32,766 parameters). */
const LOOKUP_CHUNK = 500;

export class ImagesRepo {
  private readonly upsert;
  private readonly selectOne;
  private readonly selectAddedBefore;
  private readonly deleteOne;

  constructor(private readonly db: SqliteDatabase) {
    this.upsert = db.prepare<[string, string, number, number, number, string, string]>(
      `INSERT INTO images (id, mime, width, height, bytes, created_at, added_at) VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET added_at = excluded.added_at`,
    );
    this.selectOne = db.prepare<[string], SqlRow>('SELECT * FROM images WHERE id = ?');
    this.selectAddedBefore = db.prepare<[string], SqlRow>('SELECT * FROM images WHERE added_at < ? ORDER BY added_at');
    this.deleteOne = db.prepare<[string]>('DELETE FROM images WHERE id = ?');
  }

  /** Records an image whose file is in place; an image stored before only gets a new added_at. */
  save(image: Omit<ImageRow, 'createdAt' | 'addedAt'>, now = nowIso()): ImageRow {
    this.upsert.run(image.id, image.mime, image.width, image.height, image.bytes, now, now);
    return this.get(image.id)!;
  }

  get(id: string): ImageRow | undefined {
    const row = this.selectOne.get(id);
    return row ? toRow(row) : undefined;
  }

  /** The images among `ids` that are stored, in the order of `ids` (unknown ids are left out). */
  getMany(ids: readonly string[]): ImageRow[] {
    const found = new Map<string, ImageRow>();
    const unique = [...new Set(ids)];
    for (let start = 0; start < unique.length; start += LOOKUP_CHUNK) {
      const chunk = unique.slice(start, start + LOOKUP_CHUNK);
      const rows = this.db
        .prepare<string[], SqlRow>(`SELECT * FROM images WHERE id IN (${chunk.map(() => '?').join(', ')})`)
        .all(...chunk);
      for (const row of rows) found.set(row.id, toRow(row));
    }
    return unique.flatMap((id) => found.get(id) ?? []);
  }

  addedBefore(iso: string): ImageRow[] {
    return this.selectAddedBefore.all(iso).map(toRow);
  }

  delete(id: string): void {
    this.deleteOne.run(id);
  }

  /** Every card document, in the library and in the trash: what may reference images. */
  *cardDocuments(): Generator<string> {
    const docs = this.db.prepare<[], { doc: string }>('SELECT doc FROM cards UNION ALL SELECT doc FROM trash_cards');
    for (const row of docs.iterate()) yield row.doc;
  }
}
