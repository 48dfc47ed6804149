// Sandboxed preload (bundled to one CommonJS file): exposes only the typed API bridge,
// never ipcRenderer itself.

import { contextBridge, ipcRenderer } from 'electron';
import { API_CHANNEL, type CardwrightBridge } from './bridge';

const bridge: CardwrightBridge = {
  call: (method, input) => {
    if (typeof method !== 'string') return Promise.reject(new TypeError('method must be a string'));
    return ipcRenderer.invoke(API_CHANNEL, method, input);
  },
};

contextBridge.exposeInMainWorld('cardwright', bridge);
