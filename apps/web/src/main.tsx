import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { activateLocale, markDocumentLanguage } from '@/lib/i18n';
import { settleLocale } from '@/lib/i18n/language-choice';
import { listenForLeavingQuickly } from '@/lib/leave-quickly';
import '@/index.css';

// Leave quickly works before anything is drawn (a pre-rendered page's own script may have put it in
// place already).
listenForLeavingQuickly();

const root = document.getElementById('root');
if (!root) throw new Error('No #root element');
const app = (hydrating: boolean) => (
  <StrictMode>
    <App hydrating={hydrating} />
  </StrictMode>
);
// The page's language (its address, or the visitor's choice) is loaded before anything is drawn
// or taken over, so the app's words match the ones already on screen.
const locale = settleLocale();
void activateLocale(locale).then(() => {
  markDocumentLanguage(locale);
  // A page drawn at build time (scripts/prerender.mjs) is taken over as it is; the empty shell
  // other routes get is drawn here. Taking over is a transition, so React does it in short slices
  // and a tap or a key press on the page already on screen is not kept waiting behind it.
  if (root.firstElementChild) {
    startTransition(() => {
      hydrateRoot(root, app(true));
    });
  } else {
    createRoot(root).render(app(false));
  }
});
