import { tokenStorage } from './token-storage';
import { REFRESH_CHECK_INTERVAL_MS, shouldRefresh } from './tokens';

/**
 * As in the original product: every 30 s, when the access token expires in under 60 s or cannot be decoded,
 * a refresh is attempted. Answers the function that stops the timer.
 */
export function startSessionTimer(refresh: () => Promise<unknown>, now: () => number = Date.now) {
  const timer = setInterval(() => {
    if (!tokenStorage.getRefresh()) return;
    if (shouldRefresh(tokenStorage.getAccess(), now())) void refresh();
  }, REFRESH_CHECK_INTERVAL_MS);
  return () => clearInterval(timer);
}
