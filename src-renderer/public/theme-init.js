// Sets <html data-theme> before the first paint, so a dark-mode user never sees a white flash.
// A separate file because the CSP forbids inline scripts; src/lib/theme.ts holds the same rules.
(function () {
  var stored = null;
  try {
    stored = localStorage.getItem('cardwright.theme');
  } catch (error) {
    // storage disabled: follow the system
  }
  var dark = stored === 'dark' || (stored !== 'light' && window.matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.dataset.theme = dark ? 'dark' : 'light';
})();
