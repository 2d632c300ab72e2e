/** Where the login page sends people back to, and why they were sent there (app/route-guard.tsx). */
export type LoginState = { from?: string; reason?: string };
