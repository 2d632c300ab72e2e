import type { Reader } from '@candor/contract/reports';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { EXCLUDE_SENTENCE, ONE_READER_LEFT, ReadersField } from './readers-field';

const officer = { id: 'a'.repeat(24), label: 'Compliance officer', name: null };
const hr = { id: 'b'.repeat(24), label: 'HR, North site', name: 'Dana Lee' };

function Harness({
  onExcluded,
  readers = [officer, hr],
}: {
  onExcluded(ids: string[]): void;
  readers?: Reader[];
}) {
  const [excluded, setExcluded] = useState<string[]>([]);
  return (
    <ReadersField
      readers={readers}
      excluded={excluded}
      onChange={(next) => {
        setExcluded(next);
        onExcluded(next);
      }}
      instead={<a href="/report">Send it to Candor’s administrators</a>}
    />
  );
}

describe('ReadersField', () => {
  it('lists the readers, lets the reporter untick one, and asks that one remains', async () => {
    const seen: string[][] = [];
    render(<Harness onExcluded={(ids) => seen.push(ids)} />);
    const group = screen.getByRole('group', { name: 'Who reads your report' });
    expect(group).toHaveAccessibleDescription(EXCLUDE_SENTENCE);
    const box = screen.getByRole('checkbox', { name: 'HR, North site, Dana Lee' });
    expect(box).toBeChecked();
    await userEvent.click(box);
    expect(seen.at(-1)).toEqual([hr.id]);
    expect(screen.queryByText(ONE_READER_LEFT)).toBeNull();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Compliance officer' }));
    expect(screen.getByRole('alert')).toHaveTextContent(ONE_READER_LEFT);
    // Everyone unticked: the platform's administrators are offered instead.
    expect(
      within(screen.getByRole('alert')).getByRole('link', {
        name: 'Send it to Candor’s administrators',
      }),
    ).toHaveAttribute('href', '/report');
    await userEvent.click(box);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('tells apart two readers under the same label, and lists nothing when there is no one', () => {
    const { unmount } = render(
      <Harness onExcluded={() => {}} readers={[officer, { ...officer, id: 'c'.repeat(24) }]} />,
    );
    expect(screen.getByRole('checkbox', { name: 'Compliance officer (1)' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Compliance officer (2)' })).toBeChecked();
    unmount();
    render(<Harness onExcluded={() => {}} readers={[]} />);
    expect(screen.queryByRole('group')).toBeNull();
  });
});
