import { Page } from '@/components/ui/page';
import { ProseSection } from '../components/prose-section';

export function CookiesPage() {
  return (
    <Page title="Cookie Policy" lead="Candor sets no cookies.">
      <ProseSection title="What your browser keeps">
        <p>
          When you sign in, your browser stores your session tokens in its local storage for this
          site only (names: accessToken, refreshToken, isSuperuser). They are removed when you log
          out. They are never shared with anyone else.
        </p>
      </ProseSection>
      <ProseSection title="No tracking">
        <p>
          There are no analytics, advertising or third-party scripts, and no requests to other
          sites.
        </p>
      </ProseSection>
      <ProseSection title="On a shared device">
        <p>
          Log out when you are done, and consider a private browsing window so nothing stays behind.
        </p>
      </ProseSection>
    </Page>
  );
}
