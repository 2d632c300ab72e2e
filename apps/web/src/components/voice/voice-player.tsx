import type { VoiceMessage } from '@candor/contract/reports';
import { Download } from 'lucide-react';
import { useId, useState } from 'react';
import { T, useLocale, useT } from '@/lib/i18n';
import { clockOf, spokenLength } from './voice-format';

const SPEEDS = [0.75, 1, 1.25, 1.5, 2];

type VoicePlayerProps = {
  voice: VoiceMessage;
  /** What the recording is, for the player's name: "Voice message from the reporter". */
  label: string;
  /** The downloaded file's name, without extension. */
  downloadName: string;
};

/**
 * The player's name inside a sentence ("Download voice message from…"): lower case where the
 * language writes its nouns so (German keeps its capitals).
 */
function inSentence(label: string, locale: string): string {
  return locale === 'de' ? label : label.toLocaleLowerCase(locale);
}

/**
 * A stored voice message: the browser's own player (keyboard operable, announced by screen
 * readers), its length, a speed control and a download, all through the recording's signed link.
 */
export function VoicePlayer({ voice, label, downloadName }: VoicePlayerProps) {
  const t = useT();
  const locale = useLocale();
  const id = useId();
  const [speed, setSpeed] = useState(1);
  const setPlayer = (element: HTMLAudioElement | null) => {
    if (element) element.playbackRate = speed;
  };
  return (
    <figure className="space-y-2">
      <figcaption className="text-sm text-ink">
        {label} (<span aria-hidden="true">{clockOf(voice.duration_ms)}</span>
        <span className="sr-only">{spokenLength(voice.duration_ms)}</span>)
      </figcaption>
      {/* biome-ignore lint/a11y/useMediaCaption: a spoken message; its sender wrote no text to caption it with */}
      <audio
        ref={setPlayer}
        controls
        preload="metadata"
        src={voice.url}
        aria-label={label}
        className="w-full"
      />
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
        <label htmlFor={`${id}-speed`} className="inline-flex items-center gap-2 text-ink">
          {t('voice.player.speed')}
          <select
            id={`${id}-speed`}
            value={speed}
            onChange={(event) => setSpeed(Number(event.target.value))}
            className="min-h-11 rounded-lg border border-slate-400 bg-white px-2 py-1 text-ink sm:min-h-0"
          >
            {SPEEDS.map((value) => (
              <option key={value} value={value}>
                {value}×
              </option>
            ))}
          </select>
        </label>
        <a
          href={voice.url}
          download={`${downloadName}.webm`}
          className="inline-flex min-h-11 items-center gap-1 font-semibold text-brand-800 underline sm:min-h-0"
        >
          <Download aria-hidden="true" className="size-4" />
          <T
            id="voice.player.download"
            values={{ label: inSentence(label, locale) }}
            components={[<span key="0" className="sr-only" />]}
          />
        </a>
      </div>
    </figure>
  );
}
