/** As in the original product: 'Our Why' (#about). Also the heart of the About page. */
export function OurWhyContent() {
  return (
    <div className="grid gap-8 md:grid-cols-3">
      <div>
        <h3 className="text-lg font-semibold text-brand-900">Speaking up is hard</h3>
        <p className="mt-2 text-muted">
          People who see abuse or wrongdoing often stay silent because they fear losing their job,
          their place at school or their safety. Silence lets harm continue.
        </p>
      </div>
      <div>
        <h3 className="text-lg font-semibold text-brand-900">Protection comes first</h3>
        <p className="mt-2 text-muted">
          Candor is built so that a report can be made without exposing the person who makes it:
          anonymity by default, encryption at rest, and no tracking of who you are or where you are.
        </p>
      </div>
      <div>
        <h3 className="text-lg font-semibold text-brand-900">Reports that lead to action</h3>
        <p className="mt-2 text-muted">
          Verified administrators from schools, companies, public bodies and non-profits review each
          report, ask questions when they need to, and tell you what happened.
        </p>
      </div>
    </div>
  );
}

export function OurWhy() {
  return (
    <section
      id="about"
      tabIndex={-1}
      aria-labelledby="about-title"
      className="mx-auto max-w-7xl px-4 py-16 outline-none sm:px-6"
    >
      <h2 id="about-title" className="text-3xl font-bold text-brand-900">
        Our Why
      </h2>
      <p className="mt-3 max-w-3xl text-lg text-muted">
        Everyone deserves a safe way to report what is wrong, without risking what matters to them.
      </p>
      <div className="mt-10">
        <OurWhyContent />
      </div>
    </section>
  );
}
