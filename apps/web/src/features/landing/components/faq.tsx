import { ChevronDown } from 'lucide-react';
import { paths } from '@/config/paths';
import { Link } from '@/lib/router';

/** As in the original product: five questions. */
export const faqEntries = [
  {
    question: 'Is my report really anonymous?',
    answer:
      'Yes, unless you choose otherwise. You need an account so you can follow up, but an anonymous report never shows your name, username or email to anyone. In our database it is linked to your account only through a keyed fingerprint, and we never record your IP address or device when you report or send a message. Photos lose their EXIF, GPS, XMP and other hidden details (location, camera, time, names), and videos keep only one picture and one sound track: location tags and tracks, subtitles, chapters, track names, device and encoder names and dates are removed.',
  },
  {
    question: 'Who can see my report?',
    answer:
      'Only the verified administrators it goes to, and the form tells you who they are before you send it. If you belong to an organisation on Candor, your report goes to that organisation’s administrators, even when it is anonymous, unless you choose Candor’s own administrators instead; then your organisation’s administrators never see it. If you belong to none, it goes to Candor’s administrators. Administrators are approved one by one. Nobody else can open your report, and internal notes between administrators are never mixed with your conversation.',
  },
  {
    question: 'What should I report?',
    answer:
      'Abuse, corruption, harassment, discrimination, safety hazards, fraud, or any misconduct or unethical behaviour in a school, workplace or community. Describe what happened, when and where, and who was involved, as far as you feel safe to say.',
  },
  {
    question: 'How do I follow up on my report?',
    answer:
      'Every report gets a unique reference number, such as CND-7K3Q-9XW2-M4TD. Sign in and open My Reports to see its status and to talk with the administrators reviewing it. Quote the reference number whenever you need to refer to your report.',
  },
  {
    question: 'What happens after I submit?',
    answer:
      'Your report is encrypted and stored, and the administrators responsible are notified. They review it, may ask you questions, and move it to under review, resolved or rejected. You get a notification at each step, and once it is resolved you can download a certificate of resolution.',
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
