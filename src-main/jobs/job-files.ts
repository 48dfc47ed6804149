// The files a finished job wrote, as its result lists them: the main file, the separate-backs
// file and, for a PDF split every N pages, each part. They all lie in the output's folder.

import { dirname, join } from 'node:path';
import type { JobFile, JobStatus } from '../api/contract';

interface FileResult {
  file?: JobFile;
  backsFile?: JobFile;
  parts?: JobFile[];
  backsParts?: JobFile[];
}

/** Every file of a job's result, the main one first, each once. */
export function jobFiles(result: JobStatus['result'] | undefined): JobFile[] {
  if (!result || typeof result !== 'object' || !('file' in result)) return [];
  const { file, backsFile, parts, backsParts } = result as FileResult;
  const all = [...(parts ?? (file ? [file] : [])), ...(backsParts ?? (backsFile ? [backsFile] : []))];
  return all.filter((one, index) => all.findIndex((other) => other.fileName === one.fileName) === index);
}

/** Where `file` lies: beside `outputPath`, the path the job was given. */
export function jobFilePath(outputPath: string, file: JobFile): string {
  return join(dirname(outputPath), file.fileName);
}

/** Marks each of the result's files as saved where the user chose ("Save as"). */
export function markSaved(result: JobStatus['result'] | undefined, outputPath: string): void {
  if (!result || typeof result !== 'object' || !('file' in result)) return;
  const { file, backsFile, parts, backsParts } = result as FileResult;
  for (const one of [file, backsFile, ...(parts ?? []), ...(backsParts ?? [])])
    if (one) one.savedTo = jobFilePath(outputPath, one);
}
