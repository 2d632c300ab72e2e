import { Card } from '@/components/ui/card';
import { Page } from '@/components/ui/page';
import { ContactDetails } from '../components/contact-details';
import { ContactForm } from '../components/contact-form';

/** As in the original product (Contact): support details, business hours and the form. */
export function ContactPage() {
  return (
    <Page
      title="Contact Us"
      width="wide"
      lead="Questions about Candor or your report? Write to us; never include details that identify you unless you want to."
    >
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="lg:col-span-1">
          <ContactDetails />
        </div>
        <Card className="lg:col-span-2">
          <h2 className="mb-4 text-xl font-semibold text-brand-900">Send us a message</h2>
          <ContactForm />
        </Card>
      </div>
    </Page>
  );
}
