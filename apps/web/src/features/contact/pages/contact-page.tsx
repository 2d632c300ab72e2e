import { Card } from '@/components/ui/card';
import { Page } from '@/components/ui/page';
import { useT } from '@/lib/i18n';
import { ContactDetails } from '../components/contact-details';
import { ContactForm } from '../components/contact-form';

/** As in the original product (Contact): support details, business hours and the form. */
export function ContactPage() {
  const t = useT();
  return (
    <Page title={t('contact.page.title')} width="wide" lead={t('contact.page.lead')}>
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="lg:col-span-1">
          <ContactDetails />
        </div>
        <Card className="lg:col-span-2">
          <h2 className="mb-4 text-xl font-semibold text-brand-900">
            {t('contact.page.formHeading')}
          </h2>
          <ContactForm />
        </Card>
      </div>
    </Page>
  );
}
