/* global document */
// Runs before the app bundle so a reload never flashes the wrong theme or direction. A separate
// file, not an inline script, so the server's Content-Security-Policy can stay strict.
(function () {
  try {
    var c = JSON.parse(localStorage.getItem('customizer') || '{}');
    var l = JSON.parse(localStorage.getItem('i18n') || '{}');
    var h = document.documentElement;
    if (c.direction === 'rtl') h.dir = 'rtl';
    if (c.theme) h.dataset.theme = c.theme;
    if (l.language === 'en') h.lang = 'en';
  } catch {
    // Unreadable preferences: the app falls back to its defaults.
  }
})();
