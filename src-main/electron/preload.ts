// Sandboxed preload (bundled to one CommonJS file): exposes only the typed API bridge,
// never ipcRenderer itself.

import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { isAppCommand } from '../api/commands';
import { API_CHANNEL, COMMAND_CHANNEL, type CardwrightBridge } from './bridge';

const bridge: CardwrightBridge = {
  call: (method, input) => {
    if (typeof method !== 'string') return Promise.reject(new TypeError('method must be a string'));
    return ipcRenderer.invoke(API_CHANNEL, method, input);
  },
  onCommand: (listener) => {
    if (typeof listener !== 'function') throw new TypeError('listener must be a function');
    const forward = (_event: IpcRendererEvent, command: unknown) => {
      if (isAppCommand(command)) listener(command);
    };
    ipcRenderer.on(COMMAND_CHANNEL, forward);
    return () => ipcRenderer.off(COMMAND_CHANNEL, forward);
  },
};

contextBridge.exposeInMainWorld('cardwright', bridge);
