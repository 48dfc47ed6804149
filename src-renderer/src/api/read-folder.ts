// Reads a folder the user picked in an <input type="file" webkitdirectory> for readSetFolder:
// each file's path inside the folder (the picked folder's own name dropped) and its bytes in
// base64. Hidden files travel too; the backend skips them (".git", ".DS_Store").

export interface PickedFolderFile {
  path: string;
  data: string;
}

export async function readPickedFolder(files: FileList | readonly File[]): Promise<PickedFolderFile[]> {
  const read: PickedFolderFile[] = [];
  for (const file of Array.from(files)) {
    const relative = file.webkitRelativePath || file.name;
    const path = relative.split('/').slice(1).join('/') || relative;
    read.push({ path, data: base64Of(new Uint8Array(await file.arrayBuffer())) });
  }
  return read;
}

/** base64 of bytes, in chunks so a large picture does not overflow the call stack. */
function base64Of(bytes: Uint8Array): string {
  let binary = '';
  for (let at = 0; at < bytes.length; at += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(at, Math.min(at + 0x8000, bytes.length)));
  return btoa(binary);
}
