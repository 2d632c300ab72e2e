import { Page } from '@/components/ui/page';
import { paths } from '@/config/paths';
import { T, useT } from '@/lib/i18n';
import { Link } from '@/lib/router';
import { ProseSection } from '../components/prose-section';

const linkClass =
  'inline-flex min-h-11 items-center font-semibold text-brand-700 underline underline-offset-4';

/** The advice for staying safe, one item each, its first sentence in bold. */
const SAFETY_ADVICE = [
  'info.security.safeDevice',
  'info.security.safeDetails',
  'info.security.safeReceipt',
  'info.security.safeTraces',
] as const;

export function SecurityPage() {
  const t = useT();
  return (
    <Page title={t('info.security.title')} lead={t('info.security.lead')}>
      <ProseSection title={t('info.security.safeTitle')} id="staying-safe">
        <p>{t('info.security.safe')}</p>
        <ul className="list-disc space-y-2 ps-5">
          {SAFETY_ADVICE.map((id) => (
            <li key={id}>
              <T id={id} components={[<strong key="lead" />]} />
            </li>
          ))}
        </ul>
      </ProseSection>
      <ProseSection title={t('info.security.encryptionTitle')}>
        <p>{t('info.security.encryption')}</p>
      </ProseSection>
      <ProseSection title={t('info.security.accountsTitle')}>
        <p>{t('info.security.accounts')}</p>
      </ProseSection>
      <ProseSection title={t('info.security.filesTitle')}>
        <p>{t('info.security.files')}</p>
      </ProseSection>
      <ProseSection title={t('info.security.vulnerabilityTitle')}>
        <p>
          <T
            id="info.security.vulnerability"
            components={[<Link key="contact" to={paths.contact} className={linkClass} />]}
          />
        </p>
      </ProseSection>
    </Page>
  );
}
