import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './global.css';
import { WatchApp } from './watch-app';
import { activityIdOf, ditchOf, invitedByOf } from './watch-rules';

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <WatchApp
        activityId={activityIdOf(window.location.pathname)}
        ditch={ditchOf(window.location.search)}
        invitedBy={invitedByOf(window.location.search)}
      />
    </StrictMode>,
  );
}
