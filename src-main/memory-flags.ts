// Imported first by the apps' entry points (web.ts, electron/main.ts): a smaller young generation.
// V8 grows each semi-space up to 16 MB under bursts (a page of search results, an import's JSON)
// and keeps it; an app that sits idle most of the time is better served by scavenging a little
// more often, which keeps ~20 MB less resident. Worker threads inherit the flag.

import { setFlagsFromString } from 'node:v8';

setFlagsFromString('--max-semi-space-size=2');
