import { Clock, Mail, Phone } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { useT } from '@/lib/i18n';
import { useSiteSettings } from '@/lib/site-settings';

const linkClass =
  'inline-flex min-h-11 items-center font-medium text-brand-700 underline underline-offset-4';

function Item({ icon, term, children }: { icon: ReactNode; term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="flex items-center gap-2 text-sm font-semibold text-muted">
        {icon}
        {term}
      </dt>
      <dd className="ms-7">{children}</dd>
    </div>
  );
}

const iconClass = 'size-5 text-brand-700';

/** A detail still loading, as tall as the link that replaces it. */
function Pending() {
  const t = useT();
  return (
    <span className="inline-flex min-h-11 items-center text-muted">
      {t('contact.details.loading')}
    </span>
  );
}

/** As in the original product (Contact): support details, from the server's configuration. */
export function ContactDetails() {
  const t = useT();
  const settings = useSiteSettings();
  const data = settings.data;
  return (
    <Card>
      <h2 className="text-xl font-semibold text-brand-900">{t('contact.details.heading')}</h2>
      {settings.isError && <p className="mt-4 text-muted">{t('contact.details.unavailable')}</p>}
      <dl className="mt-4 space-y-4" aria-busy={settings.isPending}>
        {/* While the details load, their rows hold their place, so nothing below them moves. */}
        {settings.isPending && (
          <>
            <Item
              icon={<Phone aria-hidden="true" className={iconClass} />}
              term={t('contact.details.phone')}
            >
              <Pending />
            </Item>
            <Item
              icon={<Mail aria-hidden="true" className={iconClass} />}
              term={t('contact.details.email')}
            >
              <Pending />
            </Item>
          </>
        )}
        {data && (
          <>
            <Item
              icon={<Phone aria-hidden="true" className={iconClass} />}
              term={t('contact.details.phone')}
            >
              <a
                href={`tel:${data.support_phone.replace(/[^\d+]/g, '')}`}
                dir="ltr"
                className={linkClass}
              >
                {data.support_phone}
              </a>
            </Item>
            <Item
              icon={<Mail aria-hidden="true" className={iconClass} />}
              term={t('contact.details.email')}
            >
              <a href={`mailto:${data.support_email}`} dir="ltr" className={linkClass}>
                {data.support_email}
              </a>
            </Item>
          </>
        )}
        <Item
          icon={<Clock aria-hidden="true" className={iconClass} />}
          term={t('contact.details.hours')}
        >
          {/* As in the original product: the configured hours, or these. */}
          {data?.business_hours ?? t('contact.details.defaultHours')}
        </Item>
      </dl>
    </Card>
  );
}
