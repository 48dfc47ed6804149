// Types for electron-binary.mjs (plain ESM so `node scripts/ensure-electron.mjs` runs without a build).

export interface InstallerRun {
  status: number;
  errorOutput: string;
}

export type EnsureElectronResult = { ok: true; binary: string; downloaded: boolean } | { ok: false; message: string };

export interface EnsureElectronOptions {
  /** The electron package folder (node_modules/electron). */
  electronDir: string;
  env?: NodeJS.ProcessEnv;
  runInstaller?: (installScript: string) => InstallerRun;
  /** Called just before the download starts. */
  onDownload?: () => void;
}

export function installedElectronBinary(electronDir: string, env?: NodeJS.ProcessEnv): string | null;
export function runElectronInstaller(installScript: string): InstallerRun;
export function failureReason(errorOutput: string): string;
export function missingBinaryMessage(reason: string): string;
export function ensureElectron(options: EnsureElectronOptions): EnsureElectronResult;
