import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { EXCLUDE_SENTENCE, ONE_READER_LEFT, ReadersField } from './readers-field';

function Harness({ onExcluded }: { onExcluded(ids: number[]): void }) {
  const [excluded, setExcluded] = useState<number[]>([]);
  return (
    <ReadersField
      readers={[
        { id: 3, label: 'Compliance officer' },
        { id: 8, label: 'HR, North site' },
      ]}
      excluded={excluded}
      onChange={(next) => {
        setExcluded(next);
        onExcluded(next);
      }}
    />
  );
}

describe('ReadersField', () => {
  it('lists the readers, lets the reporter untick one, and asks that one remains', async () => {
    const seen: number[][] = [];
    render(<Harness onExcluded={(ids) => seen.push(ids)} />);
    const group = screen.getByRole('group', { name: 'Who reads your report' });
    expect(group).toHaveAccessibleDescription(EXCLUDE_SENTENCE);
    const hr = screen.getByRole('checkbox', { name: 'HR, North site' });
    expect(hr).toBeChecked();
    await userEvent.click(hr);
    expect(seen.at(-1)).toEqual([8]);
    expect(screen.queryByText(ONE_READER_LEFT)).toBeNull();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Compliance officer' }));
    expect(screen.getByRole('alert')).toHaveTextContent(ONE_READER_LEFT);
  });
});
