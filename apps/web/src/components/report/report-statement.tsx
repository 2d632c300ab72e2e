import type { Report } from '@candor/contract/reports';
import { VoicePlayer } from '@/components/voice/voice-player';

/** What the reporter said: the description as written, and the (disguised) voice message. */
export function ReportStatement({
  report,
  voiceLabel,
}: {
  report: Pick<Report, 'description' | 'voice' | 'token'>;
  voiceLabel: string;
}) {
  return (
    <>
      {report.description && (
        <p dir="auto" className="whitespace-pre-wrap wrap-anywhere text-ink">
          {report.description}
        </p>
      )}
      {report.voice && (
        <VoicePlayer
          voice={report.voice}
          label={voiceLabel}
          downloadName={`voice-message-${report.token}`}
        />
      )}
    </>
  );
}

/** The report's evidence file, opened in a new tab by its signed link. */
export function EvidenceLink({ href, children }: { href: string; children: string }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex min-h-11 min-w-11 items-center font-medium text-brand-700 underline underline-offset-2"
    >
      {children}
    </a>
  );
}
