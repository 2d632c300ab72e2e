/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Origin of the API when it is not the app's own (default: same origin). */
  readonly VITE_API_BASE?: string;
}

/** The year the app was built (vite.config.ts): what pre-rendered pages print in the footer. */
declare const __BUILD_YEAR__: number;
