import { VOICE_MAX_SECONDS } from '@candor/contract/voice';
import { Mic, RotateCcw, Square, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { T, t, useT } from '@/lib/i18n';
import { type DisguisedVoice, previewVoice } from './preview-voice';
import { clockOf, spokenLength } from './voice-format';

/** What MediaRecorder writes differs by browser: Opus in WebM or Ogg, AAC in MP4 on Safari. */
const RECORDING_TYPES = [
  'audio/webm;codecs=opus',
  'audio/ogg;codecs=opus',
  'audio/mp4;codecs=mp4a.40.2',
  'audio/mp4',
];

const noMicrophone = () => t('voice.recorder.noMicrophone');
const cannotRecord = () => t('voice.recorder.cannotRecord');
const previewFailed = () => t('voice.recorder.previewFailed');
const limitReached = () => t('voice.recorder.limitReached', { minutes: VOICE_MAX_SECONDS / 60 });

type Phase = 'idle' | 'starting' | 'recording' | 'disguising';

function pickType(): string | undefined {
  if (typeof MediaRecorder === 'undefined') return undefined;
  return RECORDING_TYPES.find((type) => MediaRecorder.isTypeSupported(type));
}

function problemOf(error: unknown): string {
  if (error instanceof ApiError) {
    const detail = (error.body as { detail?: unknown } | null)?.detail;
    return typeof detail === 'string' ? detail : previewFailed();
  }
  const name = (error as { name?: string } | null)?.name;
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'NotFoundError') {
    return noMicrophone();
  }
  return cannotRecord();
}

/** The microphone, the recorder and the level meter of one recording; `stop` ends them all. */
type Session = { recorder: MediaRecorder; stop(): void };

type VoiceRecorderProps = {
  /** The disguised recording, once there is one. */
  value: DisguisedVoice | null;
  onChange(voice: DisguisedVoice | null): void;
  /** What the recording is for, as its heading says; "Record a voice message" unless given. */
  label?: string;
  disabled?: boolean;
};

/**
 * Records a voice message in the browser, shows its level and length (and the 10-minute limit)
 * while recording, sends it to the server to be disguised, and plays back the disguised version:
 * what is heard here is what the administrator will hear. The original never stays in the page.
 */
export function VoiceRecorder({ value, onChange, label, disabled = false }: VoiceRecorderProps) {
  const t = useT();
  const title = label ?? t('voice.recorder.label');
  const id = useId();
  const [phase, setPhase] = useState<Phase>('idle');
  const [elapsed, setElapsed] = useState(0);
  const [level, setLevel] = useState(0);
  const [problem, setProblem] = useState('');
  const [note, setNote] = useState('');
  const session = useRef<Session | null>(null);
  const audioUrl = useObjectUrl(value?.audio ?? null);
  const recordButton = useRef<HTMLButtonElement>(null);
  const stopButton = useRef<HTMLButtonElement>(null);
  const player = useRef<HTMLAudioElement>(null);

  // Leaving the page mid-recording lets the microphone go.
  useEffect(() => () => session.current?.stop(), []);

  const start = async () => {
    setProblem('');
    setNote('');
    const type = pickType();
    if (!navigator.mediaDevices?.getUserMedia || type === undefined) {
      setProblem(cannotRecord());
      return;
    }
    // A new take starts its clock at zero: the last take's length must not show while the
    // microphone opens, nor be taken for this one's.
    setElapsed(0);
    setPhase('starting');
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({
        audio: { echoCancellation: true, noiseSuppression: true },
      });
    } catch (error) {
      setPhase('idle');
      setProblem(problemOf(error));
      return;
    }
    const recorder = new MediaRecorder(stream, { mimeType: type, audioBitsPerSecond: 48_000 });
    const chunks: Blob[] = [];
    const meter = startMeter(stream, setLevel);
    const startedAt = performance.now();
    const timer = window.setInterval(() => {
      const seconds = (performance.now() - startedAt) / 1000;
      setElapsed(seconds);
      if (seconds >= VOICE_MAX_SECONDS) {
        setNote(limitReached());
        finish();
      }
    }, 250);
    let stopped = false;
    const release = () => {
      if (stopped) return;
      stopped = true;
      window.clearInterval(timer);
      meter();
      for (const track of stream.getTracks()) track.stop();
      setLevel(0);
    };
    const finish = () => {
      if (recorder.state !== 'inactive') recorder.stop();
      release();
    };
    session.current = { recorder, stop: finish };
    recorder.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    };
    recorder.onstop = () => {
      release();
      session.current = null;
      const recording = new Blob(chunks, { type: recorder.mimeType || type });
      chunks.length = 0;
      void disguise(recording);
    };
    recorder.start(1000);
    setPhase('recording');
  };

  const disguise = async (recording: Blob) => {
    setPhase('disguising');
    try {
      onChange(await previewVoice(recording));
      setPhase('idle');
    } catch (error) {
      setPhase('idle');
      setProblem(problemOf(error));
      recordButton.current?.focus();
    }
  };

  const recordAgain = () => {
    onChange(null);
    void start();
  };

  const remove = () => {
    onChange(null);
    setNote('');
    recordButton.current?.focus();
  };

  // Focus follows the control that replaced the one pressed.
  useEffect(() => {
    if (phase === 'recording') stopButton.current?.focus();
  }, [phase]);
  useEffect(() => {
    if (value) player.current?.focus();
  }, [value]);

  const disclosureId = `${id}-disclosure`;
  const levelPercent = Math.round(Math.min(1, level) * 100);
  return (
    <fieldset
      aria-describedby={disclosureId}
      className="space-y-3 rounded-xl border border-slate-200 bg-slate-50 p-4"
    >
      <legend className="float-start mb-3 w-full text-sm font-medium text-ink">
        {title} <span className="font-normal text-muted">{t('voice.recorder.optional')}</span>
      </legend>
      <p id={disclosureId} className="text-sm text-muted">
        {t('voice.recorder.disclosure')}
      </p>

      {phase === 'recording' || phase === 'starting' ? (
        <div className="space-y-3">
          <div className="flex flex-wrap items-center gap-3">
            <span className="inline-flex items-center gap-2 font-semibold text-red-800">
              <span aria-hidden="true" className="size-3 animate-pulse rounded-full bg-red-700" />
              {phase === 'starting' ? t('voice.recorder.starting') : t('voice.recorder.recording')}
            </span>
            <span className="font-mono text-ink">
              <span className="sr-only">{t('voice.recorder.length')} </span>
              {clockOf(elapsed, 's')}
              <span className="text-muted">
                {' / '}
                {t('voice.recorder.limit', { limit: clockOf(VOICE_MAX_SECONDS, 's') })}
              </span>
            </span>
          </div>
          <label className="block text-sm text-ink">
            {t('voice.recorder.level')}
            <meter
              min={0}
              max={100}
              value={levelPercent}
              className="mt-1 block h-3 w-full [&::-moz-meter-bar]:bg-brand-600 [&::-webkit-meter-bar]:rounded-full [&::-webkit-meter-bar]:border-0 [&::-webkit-meter-bar]:bg-slate-200 [&::-webkit-meter-optimum-value]:rounded-full [&::-webkit-meter-optimum-value]:bg-brand-600"
            />
          </label>
          <Button
            ref={stopButton}
            variant="secondary"
            disabled={phase === 'starting'}
            onClick={() => session.current?.stop()}
          >
            <Square aria-hidden="true" className="size-4" />
            {t('voice.recorder.stop')}
          </Button>
        </div>
      ) : phase === 'disguising' ? (
        <p role="status" className="text-sm text-ink">
          {t('voice.recorder.disguising')}
        </p>
      ) : value && audioUrl ? (
        <div className="space-y-3">
          <p className="text-sm text-ink">
            <T
              id="voice.recorder.listen"
              values={{ clock: clockOf(value.durationMs), spoken: spokenLength(value.durationMs) }}
              components={[
                <span key="0" aria-hidden="true" />,
                <span key="1" className="sr-only" />,
              ]}
            />
          </p>
          {/* biome-ignore lint/a11y/useMediaCaption: a spoken message by its sender; there is no text to caption it with */}
          <audio
            ref={player}
            controls
            src={audioUrl}
            aria-label={t('voice.recorder.playerLabel')}
            className="w-full"
            tabIndex={-1}
          />
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" disabled={disabled} onClick={recordAgain}>
              <RotateCcw aria-hidden="true" className="size-4 rtl:-scale-x-100" />
              {t('voice.recorder.again')}
            </Button>
            <Button variant="ghost" disabled={disabled} onClick={remove}>
              <Trash2 aria-hidden="true" className="size-4" />
              {t('voice.recorder.remove')}
            </Button>
          </div>
        </div>
      ) : (
        <Button ref={recordButton} variant="secondary" disabled={disabled} onClick={start}>
          <Mic aria-hidden="true" className="size-4" />
          {title}
        </Button>
      )}
      {note && (
        <p role="status" className="text-sm text-ink">
          {note}
        </p>
      )}
      {problem && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {problem}
        </p>
      )}
    </fieldset>
  );
}

/** An object URL for `blob` while it is shown, revoked after. */
function useObjectUrl(blob: Blob | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(blob);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [blob]);
  return url;
}

/**
 * Reads the microphone's loudness about ten times a second (RMS of the waveform, scaled so
 * speech fills most of the bar); answers the function that stops it.
 */
function startMeter(stream: MediaStream, onLevel: (level: number) => void): () => void {
  if (typeof AudioContext === 'undefined') return () => {};
  const context = new AudioContext();
  const analyser = context.createAnalyser();
  analyser.fftSize = 1024;
  context.createMediaStreamSource(stream).connect(analyser);
  const samples = new Float32Array(analyser.fftSize);
  const timer = window.setInterval(() => {
    analyser.getFloatTimeDomainData(samples);
    let sum = 0;
    for (const sample of samples) sum += sample * sample;
    onLevel(Math.sqrt(sum / samples.length) * 4);
  }, 100);
  return () => {
    window.clearInterval(timer);
    void context.close();
  };
}
