/** The no-account report pages (/track: track-route.tsx, a module of its own). */
export {
  OrganizationIntakePage as OrganizationIntakeRoute,
  PlatformIntakePage as PlatformIntakeRoute,
} from '@/features/intake/pages/intake-report-page';
