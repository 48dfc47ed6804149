// What only the desktop shell can do for the services: native save dialogs and handing files
// to the operating system. The Electron shell implements it; the loopback web host has none
// (the browser downloads files instead).

export interface SaveFileFilter {
  name: string;
  extensions: string[];
}

export interface DesktopIntegration {
  /** Native "Save as" dialog; the chosen path, or null when the user cancels. */
  chooseSavePath(defaultFileName: string, filter: SaveFileFilter): Promise<string | null>;
  /** Opens a file with its default application; rejects with the system's reason. */
  openPath(path: string): Promise<void>;
  /** Shows the file selected in the system's file manager. */
  showInFolder(path: string): void;
}
