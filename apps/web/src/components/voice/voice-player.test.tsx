import { fireEvent, render, screen } from '@testing-library/react';
import { VoicePlayer } from './voice-player';

const voice = {
  url: '/api/voice/7/?expires=1900000000&signature=ab',
  duration_ms: 83_400,
  mime: 'audio/webm',
};

describe('VoicePlayer', () => {
  it('names the recording, says its length to eyes and to screen readers, and plays its link', () => {
    render(<VoicePlayer voice={voice} label="Voice message from the reporter" downloadName="v" />);
    const player = screen.getByLabelText('Voice message from the reporter', {
      selector: 'audio',
    }) as HTMLAudioElement;
    expect(player.getAttribute('src')).toBe(voice.url);
    expect(player.controls).toBe(true);
    expect(screen.getByText('1:23')).toBeInTheDocument();
    expect(screen.getByText('1 minute 23 seconds')).toHaveClass('sr-only');
  });

  it('plays at the speed chosen', () => {
    render(<VoicePlayer voice={voice} label="Voice message" downloadName="v" />);
    const player = screen.getByLabelText('Voice message', {
      selector: 'audio',
    }) as HTMLAudioElement;
    fireEvent.change(screen.getByLabelText('Speed'), { target: { value: '1.5' } });
    expect(player.playbackRate).toBe(1.5);
    fireEvent.change(screen.getByLabelText('Speed'), { target: { value: '0.75' } });
    expect(player.playbackRate).toBe(0.75);
  });

  it('downloads through the same signed link, under a name that says what it is', () => {
    render(
      <VoicePlayer voice={voice} label="Voice message from the reporter" downloadName="voice-x" />,
    );
    const link = screen.getByRole('link', { name: /Download voice message from the reporter/ });
    expect(link.getAttribute('href')).toBe(voice.url);
    expect(link.getAttribute('download')).toBe('voice-x.webm');
  });
});
