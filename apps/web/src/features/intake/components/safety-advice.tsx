import { paths } from '@/config/paths';
import { Link } from '@/lib/router';

/**
 * Short advice for staying safe while reporting, as SecureDrop and good hotlines give it, shown
 * before the form and with the receipt. It claims no more than is true: the server keeps nothing
 * about the device or network, but a network that watches its users still sees the visit.
 */
export function SafetyAdvice({ headingLevel: Heading = 'h2' }: { headingLevel?: 'h2' | 'h3' }) {
  return (
    <section
      aria-labelledby="safety-advice"
      className="rounded-xl border border-slate-200 bg-white px-4 py-3 text-sm text-ink"
    >
      <Heading id="safety-advice" className="font-semibold text-brand-900">
        Staying safe
      </Heading>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        <li>
          Use a personal phone or computer, on a network that is not your employer's (not the work
          Wi-Fi or VPN).
        </li>
        <li>If you want to stay anonymous, leave out details that only you could know.</li>
        <li>Your receipt is the only way back to your report: keep it somewhere private.</li>
      </ul>
      <p className="mt-2 text-muted">
        Candor's server keeps nothing about your device or network, but it cannot hide your visit
        from a network that watches it.
      </p>
      {/* A line of its own: a 44 px target inside the sentence would open a gap in its lines. */}
      <Link
        to={`${paths.security}#staying-safe`}
        className="flex min-h-11 w-fit items-center font-semibold text-brand-800 underline"
      >
        More on staying safe
      </Link>
    </section>
  );
}
