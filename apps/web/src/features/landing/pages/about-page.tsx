import { LinkButton } from '@/components/ui/link-button';
import { Page } from '@/components/ui/page';
import { paths } from '@/config/paths';
import { OurWhyContent } from '../components/our-why';

export function AboutPage() {
  return (
    <Page
      title="About Candor"
      lead="Everyone deserves a safe way to report what is wrong."
      width="wide"
    >
      {/* Its three points are h3s, as under the landing page's "Our Why" (heading order). */}
      <h2 className="sr-only">Our Why</h2>
      <OurWhyContent />
      <div className="mt-12 max-w-3xl space-y-4 text-ink">
        <h2 className="text-2xl font-semibold text-brand-900">
          How we protect the people who speak up
        </h2>
        <ul className="list-disc space-y-2 pl-6 text-muted">
          <li>
            Reports are anonymous by default; administrators see “Anonymous reporter”, never a name.
          </li>
          <li>
            Descriptions, messages and evidence are encrypted at rest with keys kept apart from the
            data.
          </li>
          <li>We do not record IP addresses or devices when you report or send a message.</li>
          <li>
            Photos are stored without location, camera, time or names, and videos with only their
            picture and sound: no location tracks, subtitles, chapters, names or dates.
          </li>
          <li>Every administrator action is written to an audit log that cannot be altered.</li>
        </ul>
      </div>
      <div className="mt-10 flex flex-wrap gap-3">
        <LinkButton to={paths.submitReport} variant="accent">
          Submit Report
        </LinkButton>
        <LinkButton to={paths.becomeAdmin} variant="secondary">
          Become Admin/Org
        </LinkButton>
      </div>
    </Page>
  );
}
