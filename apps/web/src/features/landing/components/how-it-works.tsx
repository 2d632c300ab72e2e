import { ClipboardCheck, FileText, Gavel, Lock } from 'lucide-react';

/** As in the original product: four steps. */
const steps = [
  {
    icon: FileText,
    title: 'Submit Report',
    text: 'Describe what happened, choose a category and attach photos or videos if you have them. With an account or without one: reports are anonymous unless you choose otherwise, and a report without an account always is.',
  },
  {
    icon: Lock,
    title: 'Encryption & Processing',
    text: 'Photos are redrawn without their hidden details (location, camera, time, names; iPhone HEIC photos become JPEG) and videos keep only their picture and sound, so location tracks, names, chapters and dates are dropped. Then your description and evidence are encrypted and stored.',
  },
  {
    icon: ClipboardCheck,
    title: 'Admin Review',
    text: 'A verified administrator reviews the report and can ask you questions in a private conversation on the report.',
  },
  {
    icon: Gavel,
    title: 'Action Taken',
    text: 'The report is resolved or closed with an explanation. You follow its progress in My Reports, or without an account at Track a report with your 16-digit receipt, and can download a certificate of resolution.',
  },
];

export function HowItWorks() {
  return (
    <section
      id="how-it-works"
      tabIndex={-1}
      aria-labelledby="how-title"
      className="bg-white py-16 outline-none"
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <h2 id="how-title" className="text-3xl font-bold text-brand-900">
          How It Works
        </h2>
        <ol className="mt-10 grid gap-6 md:grid-cols-2 lg:grid-cols-4">
          {steps.map((step, index) => (
            <li key={step.title} className="rounded-2xl border border-slate-200 bg-paper p-6">
              <div className="flex items-center gap-3">
                <span className="flex size-10 items-center justify-center rounded-full bg-brand-700 text-white">
                  <step.icon aria-hidden="true" className="size-5" />
                </span>
                <span className="text-sm font-semibold text-muted">Step {index + 1}</span>
              </div>
              <h3 className="mt-4 text-lg font-semibold text-brand-900">{step.title}</h3>
              <p className="mt-2 text-muted">{step.text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
