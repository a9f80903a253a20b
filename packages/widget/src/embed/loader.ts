/**
 * The loading screen, `GET /v1/public/loader.js` (spec 4.10): what the embed script shows in the
 * widget's box until the frame says it is ready. widget-v2.js loads it beside itself; it draws into
 * the boxes marked `data-kyc-loading`, now and whenever the embed script announces a new one. No
 * global, no stylesheet: the CSSOM and the Web Animations API only, which a strict host CSP allows.
 */
(() => {
  /** The host page's language picks the words (the session's language is the frame's to know). */
  const WORDS: Record<string, string> = {
    en: 'Loading the verification…',
    de: 'Die Verifizierung wird geladen…',
    uk: 'Завантаження верифікації…',
  };

  const draw = (box: Element) => {
    if (!(box instanceof HTMLElement) || box.childElementCount > 0) return;
    const language = (document.documentElement.lang || 'de').slice(0, 2).toLowerCase();
    box.setAttribute('role', 'status');
    box.setAttribute('aria-live', 'polite');
    const spinner = document.createElement('div');
    spinner.setAttribute('aria-hidden', 'true');
    Object.assign(spinner.style, {
      width: '40px',
      height: '40px',
      border: '4px solid #d0d5dd',
      borderTopColor: '#1f4fd1',
      borderRadius: '50%',
      marginRight: '12px',
    });
    spinner.animate?.([{ transform: 'rotate(0deg)' }, { transform: 'rotate(360deg)' }], { duration: 900, iterations: Infinity });
    const words = document.createElement('span');
    words.textContent = WORDS[language] ?? WORDS.de;
    Object.assign(words.style, { font: '16px system-ui, sans-serif', color: '#1d2433' });
    box.append(spinner, words);
  };

  document.querySelectorAll('[data-kyc-loading]').forEach(draw);
  document.addEventListener('kyc-widget:loading', (event) => draw((event as CustomEvent<Element>).detail));
})();
