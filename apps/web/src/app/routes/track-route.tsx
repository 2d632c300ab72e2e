/**
 * `/track`: a module of its own, so the report pages do not load its conversation parts, nor
 * this page the report form (build/page-budget.test.ts).
 */
export { TrackPage as TrackRoute } from '@/features/intake/pages/track-page';
