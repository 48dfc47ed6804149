// Kills the real web host (out/main/web.js) with SIGKILL at random moments while it saves
// cards, imports, removes (to the trash) and restores a game; after every kill the next start must find an intact
// database, every card whose save was acknowledged, and games and their sets in agreement.
// Bounded: a fixed number of kills from a fixed seed.

import { describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { decodeWire, encodeWire, type Envelope } from '../../src-main/api/wire';
import type { JobStatus, SystemProblem, TrashList } from '../../src-main/api/contract';

const ROOT = resolve(import.meta.dirname, '../..');
const WEB = join(ROOT, 'out/main/web.js');
const BUNDLE = readFileSync(join(ROOT, 'docs/tutorial/lantern-watch.cardwright-system.json'), 'utf8');
const KILLS = 16;

interface Host {
  child: ChildProcess;
  call<T>(method: string, input: unknown): Promise<T>;
}

async function startHost(dataDir: string): Promise<Host> {
  const child = spawn(process.execPath, [WEB, '--port', '0', '--data-dir', dataDir], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const url = await new Promise<URL>((resolveUrl, reject) => {
    const timer = setTimeout(() => reject(new Error(`web host did not start in 60 s:\n${output}`)), 60_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Cardwright web UI: (\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolveUrl(new URL(match[1]));
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`web host exited with ${code}:\n${output}`)));
  });
  const token = new URLSearchParams(url.hash.slice(1)).get('token');
  return {
    child,
    async call<T>(method: string, input: unknown): Promise<T> {
      const response = await fetch(`${url.origin}/api/${method}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: encodeWire(input),
      });
      const envelope = decodeWire(await response.text()) as Envelope<T>;
      if (!envelope.ok) throw new Error(`${method}: ${envelope.error.message}`);
      return envelope.value;
    },
  };
}

function kill(host: Host): Promise<void> {
  return new Promise((done) => {
    if (host.child.exitCode !== null) return done();
    host.child.once('exit', () => done());
    host.child.kill('SIGKILL');
  });
}

/** A small deterministic generator (mulberry32), so a failure can be replayed. */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const creature = (name: string) => ({ type: 'creature', name, colors: ['red'], cost: 2, atk: 2, hp: 3, spd: 4, ap: 2 });

describe.runIf(existsSync(WEB))('killed at random moments (out/main/web.js)', () => {
  it(`keeps every acknowledged write and games in agreement with their sets across ${KILLS} kills`, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'cw-crash-'));
    const next = random(20261123);
    const acknowledged = new Map<string, string>();
    // Each round works on the host that checked the last kill: a start after a kill either way,
    // and half the start-ups.
    let host = await startHost(dataDir);
    try {
      for (let round = 0; round < KILLS; round++) {
        const setId = (await host.call<{ id: string; systemId: string }[]>('listSets', {})).find(
          (s) => s.systemId === 'osmcg',
        )!.id;
        const installed = (await host.call<{ id: string }[]>('listSystems', {})).some((s) => s.id === 'lantern-watch');
        // Work in flight when the kill lands: card saves, and installing or removing the game.
        const work: Promise<unknown>[] = [];
        // Calls cut off by the kill fail; only their absence of effect matters (checked below).
        const settle = (call: Promise<unknown>) => work.push(call.catch(() => undefined));
        const trashedGame = (await host.call<TrashList>('listTrash', {})).entries.find((entry) => entry.kind === 'game');
        settle(
          installed
            ? host.call('removeSystem', { systemId: 'lantern-watch' })
            : trashedGame && round % 2 === 1
              ? host.call('restoreFromTrash', { id: trashedGame.id })
              : host.call<JobStatus>('startJob', { job: { kind: 'importSystem', fileName: 'lw.json', text: BUNDLE } }),
        );
        for (let i = 0; i < 20; i++) {
          const name = `Crash ${round}-${i}`;
          settle(
            host.call<{ ok: boolean; card?: { id: string } }>('saveCard', { setId, doc: creature(name) }).then((saved) => {
              if (saved.ok && saved.card) acknowledged.set(saved.card.id, name);
            }),
          );
        }
        await new Promise((resolveDelay) => setTimeout(resolveDelay, next() * 400));
        await kill(host);
        await Promise.all(work);

        const db = new Database(join(dataDir, 'cardwright.sqlite'));
        try {
          expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
        } finally {
          db.close();
        }
        host = await startHost(dataDir);
        const after = host;
        const ids = [...acknowledged.keys()];
        const cards = await after.call<{ id: string; doc: { name: string } }[]>('getCards', { ids });
        expect(cards.map((card) => card.id).sort()).toEqual(ids.sort());
        const problems = await after.call<SystemProblem[]>('listSystemProblems', {});
        expect(problems.filter((problem) => problem.orphanedSystemId)).toEqual([]);
        const userSystems = join(dataDir, 'systems');
        const leftovers = existsSync(userSystems) ? readdirSync(userSystems).filter((name) => name.startsWith('.')) : [];
        expect(leftovers).toEqual([]);
        // Every trashed game has its folder in the trash, and no folder is there without one.
        const games = (await after.call<TrashList>('listTrash', {})).entries.filter((entry) => entry.kind === 'game');
        const trashDir = join(dataDir, 'trash');
        expect(existsSync(trashDir) ? readdirSync(trashDir).sort() : []).toEqual(games.map((entry) => entry.id).sort());
      }
    } finally {
      await kill(host);
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
