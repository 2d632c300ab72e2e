import { readFileSync } from 'node:fs';
import path from 'node:path';
import { render, screen, waitFor } from '@testing-library/react';
import { EvidenceField } from './evidence-field';

function fixture(name: string, type: string): File {
  // Tests run from apps/web.
  const bytes = readFileSync(path.join('src/test/fixtures', name));
  return new File([bytes], name, { type });
}

function Field({ file }: { file: File | null }) {
  return <EvidenceField file={file} onChange={() => {}} progress={null} />;
}

describe('EvidenceMetadataNotice', () => {
  it('tells what a photo with GPS records and that it is removed, tied to the file input', async () => {
    render(<Field file={fixture('photo-gps.jpg', 'image/jpeg')} />);

    const notice = await screen.findByText(
      'This photo records where it was taken (near 48.86, 2.29), the camera (Canon EOS 5D Mark IV), a name (Jane Reporter) and the time. Candor removes all of this before storing it.',
    );
    expect(notice).toHaveAttribute('role', 'status');
    expect(screen.getByLabelText(/Evidence/)).toHaveAccessibleDescription(
      expect.stringContaining('where it was taken (near 48.86, 2.29)'),
    );
  });

  it('reads an iPhone HEIC photo too', async () => {
    render(<Field file={fixture('photo-gps.heic', '')} />);

    expect(
      await screen.findByText(
        'This photo records where it was taken (near 51.50, -0.12), the camera (iPhone 14), a name (Jane Reporter) and the time. Candor removes all of this before storing it.',
      ),
    ).toBeInTheDocument();
  });

  it('says when a photo carries nothing it could find', async () => {
    const png = new File([Uint8Array.from([0x89, 0x50, 0x4e, 0x47])], 'plain.png', {
      type: 'image/png',
    });
    render(<Field file={png} />);

    expect(
      await screen.findByText(
        'This photo carries no location, camera or time that we could find. Candor removes any metadata before storing it.',
      ),
    ).toBeInTheDocument();
  });

  it('says that location tracks and names are removed from a video', async () => {
    render(<Field file={new File(['x'], 'clip.mov', { type: 'video/quicktime' })} />);

    // The notice exists (empty) before the file is read: wait for its words.
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        'Videos can record where they were filmed, in location tags and tracks, the device, names, chapters and the time. Candor removes all of these and keeps only the picture and the sound.',
      ),
    );
  });

  it('follows the chosen file and clears when it is removed', async () => {
    const { rerender } = render(<Field file={null} />);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    rerender(<Field file={fixture('photo-gps.jpg', 'image/jpeg')} />);
    expect(await screen.findByText(/near 48\.86, 2\.29/)).toBeInTheDocument();
    rerender(<Field file={null} />);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });
});
