import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Tabs } from './tabs';

function Harness() {
  const [selected, setSelected] = useState('a');
  const tabs = ['a', 'b', 'c'].map((id) => ({ id, label: `Tab ${id}`, panel: `Panel ${id}` }));
  return <Tabs label="Views" tabs={tabs} selected={selected} onSelect={setSelected} />;
}

describe('Tabs', () => {
  it('moves with the arrow keys in the direction they point, left to right', async () => {
    render(<Harness />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Tab a' }));
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Tab b' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Tab b' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Tab c' })).toHaveAttribute('aria-selected', 'true');
  });

  it('moves the other way on a right-to-left page, where the next tab is on the left', async () => {
    document.documentElement.dir = 'rtl';
    render(<Harness />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Tab a' }));
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Tab b' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Tab c' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Panel c');
  });
});
