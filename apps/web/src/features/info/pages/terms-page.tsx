import { Page } from '@/components/ui/page';
import { ProseSection } from '../components/prose-section';

export function TermsPage() {
  return (
    <Page title="Terms of Service" lead="The rules that keep Candor useful and safe for everyone.">
      <ProseSection title="Report in good faith">
        <p>
          Report what you believe to be true. Deliberately false reports harm the people they name
          and the people who need Candor; administrators may reject them.
        </p>
      </ProseSection>
      <ProseSection title="In an emergency">
        <p>
          Candor is not an emergency service. If someone is in immediate danger, contact your local
          emergency number first.
        </p>
      </ProseSection>
      <ProseSection title="Administrators">
        <p>
          Administrators are approved individually. They must use reports only to investigate and
          act on them, must never try to identify an anonymous reporter, and every action they take
          is recorded in an audit log that cannot be altered.
        </p>
      </ProseSection>
      <ProseSection title="Your account">
        <p>
          Keep your password to yourself. Anyone with it can read your reports and conversations.
        </p>
      </ProseSection>
    </Page>
  );
}
