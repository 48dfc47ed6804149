// The picture folder of a CSV import (docs/csv.md, "Pictures by file name"), picked with a folder
// picker (<input webkitdirectory>, in the desktop app and the browser alike). Each picture is
// sent on its own through addImage, the editor's upload path (checked for type, size and pixels
// there, and stored once by its content), so a large folder never travels as one request; the
// import job then gets only file names and image ids.

import type { CsvPicturesInput, ImageInfo } from '../../../../src-main/api/contract';
import { imageTooLargeMessage, MAX_CSV_PICTURES, MAX_IMAGE_BYTES } from '../../../../src-main/api/image-limits';
import { userMessage } from '../../lib/user-message';

/** What a folder picker gives: a File (its path inside the folder in webkitRelativePath). */
export interface PickedPicture {
  name: string;
  size: number;
  webkitRelativePath?: string;
  arrayBuffer(): Promise<ArrayBuffer>;
}

export interface PictureFolder extends Required<CsvPicturesInput> {
  /** The picked folder's name, to show. */
  folderName: string;
}

/** The file names a picture folder reads (the backend's picture-folder.ts reads the same). */
const PICTURE_NAME = /\.(png|jpe?g|webp|svg)$/i;

/** The path inside the picked folder ("heroes/Foo.png"), the folder's own name dropped. */
function pathInFolder(file: PickedPicture): string {
  const relative = file.webkitRelativePath || file.name;
  return relative.split('/').slice(1).join('/') || relative;
}

/** A refusal without the file name it starts with: the report names the file beside it. */
const withoutName = (name: string, message: string) =>
  message.startsWith(`${name}: `) ? message.slice(name.length + 2) : message;

export async function readPictureFolder(
  picked: readonly PickedPicture[],
  addImage: (input: { fileName: string; bytes: Uint8Array }) => ImageInfo | Promise<ImageInfo>,
  onprogress: (done: number, total: number) => void = () => {},
): Promise<PictureFolder> {
  const folderName = (picked[0]?.webkitRelativePath ?? '').split('/')[0] || 'Pictures';
  const hidden = (path: string) => path.split('/').some((part) => part.startsWith('.'));
  const pictures = picked
    .filter((file) => !hidden(pathInFolder(file)))
    .filter((file) => PICTURE_NAME.test(file.name))
    .sort((a, b) => (pathInFolder(a) < pathInFolder(b) ? -1 : 1));
  const read = pictures.slice(0, MAX_CSV_PICTURES);
  const skipped = picked.filter((file) => !hidden(pathInFolder(file))).length - read.length;
  const files: CsvPicturesInput['files'] = [];
  for (const [index, file] of read.entries()) {
    onprogress(index, read.length);
    const name = pathInFolder(file);
    if (file.size > MAX_IMAGE_BYTES) {
      files.push({ name, problem: withoutName(name, imageTooLargeMessage(name, file.size)) });
      continue;
    }
    try {
      const image = await addImage({ fileName: name, bytes: new Uint8Array(await file.arrayBuffer()) });
      files.push({ name, imageId: image.id });
    } catch (error) {
      files.push({ name, problem: withoutName(name, userMessage(error)) });
    }
  }
  onprogress(read.length, read.length);
  return { folderName, files, skipped };
}
