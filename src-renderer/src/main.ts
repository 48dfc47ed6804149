// Renderer entry: global styles, the card font, then the app.

import { mount } from 'svelte';
import './app.css';
// After app.css: its font stacks end in the bundled CJK and emoji fonts.
import './ui-fonts.css';
import App from './App.svelte';
import { loadCardFonts } from './lib/fonts';
import { loadTextShaper } from './lib/text-shaper';
import { showError } from './lib/toast.svelte';

// A failure we did not anticipate still reaches the user instead of vanishing in the console.
window.addEventListener('unhandledrejection', (event) => showError(event.reason));
window.addEventListener('error', (event) => showError(event.error ?? event.message));

loadCardFonts().catch((error: unknown) => showError(error));
// Before the first card is laid out: Arabic, Hebrew, Devanagari and Thai are measured shaped.
await loadTextShaper().catch((error: unknown) => showError(error));

const target = document.getElementById('app');
if (!target) throw new Error('index.html has no #app element');

export default mount(App, { target });
