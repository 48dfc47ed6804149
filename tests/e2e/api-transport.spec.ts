// The page's two ways to the web host (src-renderer/src/api/client.ts): small calls go as
// messages on the host's WebSocket once it is open, and over HTTP while it is not.

import { expect, test } from './fixtures';

test('a typed search goes over the WebSocket, and over HTTP when the socket is closed', async ({ page }) => {
  const sent: string[] = [];
  page.on('websocket', (socket) => socket.on('framesent', (frame) => sent.push(String(frame.payload))));
  const overHttp: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/')) overHttp.push(new URL(request.url()).pathname);
  });
  await page.reload();
  await expect(page.getByTestId('card-row').first()).toBeVisible();
  // The socket opens as the page starts; a search typed after that takes it.
  await expect.poll(() => sent.length).toBeGreaterThan(0);
  overHttp.length = 0;
  await page.getByTestId('library-search').fill('ember');
  await expect(page.getByTestId('card-row').first()).toContainText(/ember/i);
  expect(sent.some((frame) => frame.includes('"method":"searchCards"') && frame.includes('"query":"ember"'))).toBe(true);
  expect(overHttp).not.toContain('/api/searchCards');

  // The host's socket refused: the same search still answers, over HTTP.
  await page.routeWebSocket(/\/api-socket$/, (socket) => socket.close());
  await page.reload();
  overHttp.length = 0;
  await page.getByTestId('library-search').fill('tide');
  await expect(page.getByTestId('card-row').first()).toContainText(/tide/i);
  expect(overHttp).toContain('/api/searchCards');
});
