import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from '@/app/app';
import '@/index.css';

const root = document.getElementById('root');
if (!root) throw new Error('No #root element');
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
// A page drawn at build time (scripts/prerender.mjs) is taken over as it is; the empty shell
// other routes get is drawn here.
if (root.firstElementChild) hydrateRoot(root, app);
else createRoot(root).render(app);
