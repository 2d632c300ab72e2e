import { LinkButton } from '@/components/ui/link-button';
import { Page } from '@/components/ui/page';
import { paths } from '@/config/paths';

export function NotFoundPage() {
  return (
    <Page
      title="Page not found"
      lead="There is no page at this address. It may have moved, or the link may be mistyped."
    >
      <div className="flex flex-wrap gap-3">
        <LinkButton to={paths.home}>Go to the home page</LinkButton>
        <LinkButton to={paths.contact} variant="secondary">
          Contact support
        </LinkButton>
      </div>
    </Page>
  );
}
