import { ChevronDown } from 'lucide-react';
import { paths } from '@/config/paths';
import { Link } from '@/lib/router';

/** As in the original product: five questions. */
export const faqEntries = [
  {
    question: 'Is my report really anonymous?',
    answer:
      'Yes, unless you choose otherwise, and you do not need an account. Without one (Report without an account), the report is tied to nobody: you get a 16-digit receipt, and nothing else links it to you. With an account, an anonymous report never shows your name, username or email to anyone, administrators included; in our database it is linked to your account only through a keyed fingerprint. Either way, Candor’s server does not record your IP address or device when you report or send a message. Photos lose their EXIF, GPS, XMP and other hidden details (location, camera, time, names), and videos keep only one picture and one sound track: location tags and tracks, subtitles, chapters, track names, device and encoder names and dates are removed.',
  },
  {
    question: 'Who can see my report?',
    answer:
      'Only the verified administrators it goes to, and the form tells you who they are before you send it. If you belong to an organisation on Candor, your report goes to that organisation’s administrators, even when it is anonymous, unless you choose Candor’s own administrators instead; then your organisation’s administrators never see it. If you belong to none, it goes to Candor’s administrators. Without an account, the link you use decides: an organisation’s link goes to its administrators, /report to Candor’s. Administrators are approved one by one. They see “Anonymous reporter” for an anonymous report, and a report sent without an account is tagged “No account”. Nobody else can open your report, and internal notes between administrators are never mixed with your conversation. Their replies are signed “Administrator”, without their names.',
  },
  {
    question: 'What should I report?',
    answer:
      'Abuse, corruption, harassment, discrimination, safety hazards, fraud, or any misconduct or unethical behaviour in a school, workplace or community. Describe what happened, when and where, and who was involved, as far as you feel safe to say.',
  },
  {
    question: 'How do I follow up on my report?',
    answer:
      'With an account, sign in and open My Reports to see its status and talk with the administrators. Without an account, open Track a report and enter the 16-digit receipt you were given: it is the only way back, and nobody can look it up for you. Every report also gets a unique reference number, such as CND-7K3Q-9XW2-M4TD, to quote when you refer to it; the reference alone does not open the report.',
  },
  {
    question: 'What happens after I submit?',
    answer:
      'Your report is encrypted and stored, and the administrators responsible are notified. They confirm they received it within 7 days at most and tell you what is being done within 3 months at most, may ask you questions, and move it to under review, resolved or rejected. With an account you get a notification at each step; without one, Track a report shows what changed since your last visit. Once it is resolved you can download a certificate of resolution. A closed report is deleted for good after a while; the report’s page shows the day.',
  },
];

export function Faq() {
  return (
    <section
      id="faq"
      tabIndex={-1}
      aria-labelledby="faq-title"
      className="mx-auto max-w-3xl px-4 py-16 outline-none sm:px-6"
    >
      <h2 id="faq-title" className="text-3xl font-bold text-brand-900">
        Frequently Asked Questions
      </h2>
      <div className="mt-8 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
        {faqEntries.map((entry) => (
          <details key={entry.question} className="group">
            {/* The whole row opens the answer, not only the words of the question. */}
            <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-4 px-6 py-4 font-semibold text-ink">
              {entry.question}
              <ChevronDown
                aria-hidden="true"
                className="size-5 shrink-0 transition-transform group-open:rotate-180"
              />
            </summary>
            <p className="px-6 pb-4 text-muted">{entry.answer}</p>
          </details>
        ))}
      </div>
      <p className="mt-8 text-center text-muted">
        Still have questions?{' '}
        <Link
          to={paths.contact}
          className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline underline-offset-4"
        >
          Contact Support
        </Link>
      </p>
    </section>
  );
}
