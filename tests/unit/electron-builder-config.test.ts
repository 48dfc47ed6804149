// The packaging config: installers per platform, the native module outside the asar, and the
// Electron fuses that close the ways to run code other than the packaged app.

import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import type { Configuration } from 'electron-builder';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const config = createRequire(import.meta.url)(join(ROOT, 'electron-builder.config.cjs')) as Configuration;

function targets(platform: Configuration['linux'] | Configuration['mac'] | Configuration['win']): unknown[] {
  const target = platform?.target;
  return Array.isArray(target) ? target : [target];
}

describe('electron-builder config', () => {
  it('names the app and builds AppImage + deb, dmg and NSIS installers', () => {
    expect(config.productName).toBe('Cardwright');
    expect(config.appId).toMatch(/^[a-z0-9.-]+$/);
    expect(targets(config.linux)).toEqual(['AppImage', 'deb']);
    expect(targets(config.mac)).toEqual(['dmg']);
    expect(targets(config.win)).toEqual(['nsis']);
  });

  it('sets every fuse', () => {
    expect(config.electronFuses).toMatchObject({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
    });
  });

  it("packs an asar and unpacks better-sqlite3's native binaries", () => {
    expect(config.asar).toBe(true);
    const unpack = [config.asarUnpack ?? []].flat();
    expect(unpack.some((pattern) => pattern.includes('better-sqlite3') && pattern.endsWith('*.node'))).toBe(true);
  });

  it('packs the folders the app reads at runtime', () => {
    const files = [config.files ?? []].flat().filter((pattern): pattern is string => typeof pattern === 'string');
    for (const folder of ['out/', 'card-schema/systems/', 'resources/']) {
      expect(
        files.some((pattern) => pattern.startsWith(folder)),
        folder,
      ).toBe(true);
    }
    expect(files).toContain('package.json');
    for (const folder of ['card-schema/systems', 'resources/samples', 'resources/fonts'])
      expect(existsSync(join(ROOT, folder))).toBe(true);
  });
});
