import { Clock, Mail, Phone } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { useSiteSettings } from '@/lib/site-settings';

/** As in the original product: business hours. */
export const BUSINESS_HOURS = 'Mon-Fri 9 AM - 5 PM';

const linkClass =
  'inline-flex min-h-11 items-center font-medium text-brand-700 underline underline-offset-4';

function Item({ icon, term, children }: { icon: ReactNode; term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="flex items-center gap-2 text-sm font-semibold text-muted">
        {icon}
        {term}
      </dt>
      <dd className="ml-7">{children}</dd>
    </div>
  );
}

const iconClass = 'size-5 text-brand-700';

/** A detail still loading, as tall as the link that replaces it. */
function Pending() {
  return <span className="inline-flex min-h-11 items-center text-muted">Loading...</span>;
}

/** As in the original product (Contact): support details, from the server's configuration. */
export function ContactDetails() {
  const settings = useSiteSettings();
  const data = settings.data;
  return (
    <Card>
      <h2 className="text-xl font-semibold text-brand-900">Support</h2>
      {settings.isError && (
        <p className="mt-4 text-muted">Contact details are unavailable right now.</p>
      )}
      <dl className="mt-4 space-y-4" aria-busy={settings.isPending}>
        {/* While the details load, their rows hold their place, so nothing below them moves. */}
        {settings.isPending && (
          <>
            <Item icon={<Phone aria-hidden="true" className={iconClass} />} term="Phone">
              <Pending />
            </Item>
            <Item icon={<Mail aria-hidden="true" className={iconClass} />} term="Email">
              <Pending />
            </Item>
          </>
        )}
        {data && (
          <>
            <Item icon={<Phone aria-hidden="true" className={iconClass} />} term="Phone">
              <a href={`tel:${data.support_phone.replace(/[^\d+]/g, '')}`} className={linkClass}>
                {data.support_phone}
              </a>
            </Item>
            <Item icon={<Mail aria-hidden="true" className={iconClass} />} term="Email">
              <a href={`mailto:${data.support_email}`} className={linkClass}>
                {data.support_email}
              </a>
            </Item>
          </>
        )}
        <Item icon={<Clock aria-hidden="true" className={iconClass} />} term="Business hours">
          {data?.business_hours ?? BUSINESS_HOURS}
        </Item>
      </dl>
    </Card>
  );
}
