import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Dialog } from './dialog';

/** A button that opens the dialog; Escape (the dialog's cancel event) or "Done" closes it. */
function Harness({ isBusy = false, isTitleHidden = false }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <Dialog
        open={open}
        title="Change access"
        isTitleHidden={isTitleHidden}
        isBusy={isBusy}
        onCancel={() => setOpen(false)}
      >
        <p>What happens next.</p>
        <button type="button" onClick={() => setOpen(false)}>
          Done
        </button>
      </Dialog>
    </>
  );
}

const cancel = (dialog: HTMLElement) =>
  fireEvent(dialog, new Event('cancel', { cancelable: true }));

describe('Dialog', () => {
  it('is named by its heading and draws its content only while open', async () => {
    render(<Harness />);
    expect(screen.queryByText('What happens next.')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog', { name: 'Change access' });
    expect(screen.getByRole('heading', { name: 'Change access' })).toBeVisible();
    expect(dialog).toHaveTextContent('What happens next.');
  });

  it('cancels on Escape and gives focus back to what opened it', async () => {
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Open' });
    await userEvent.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Change access' });
    screen.getByRole('button', { name: 'Done' }).focus();
    cancel(dialog);
    expect(screen.queryByText('What happens next.')).toBeNull();
    expect(dialog).not.toHaveAttribute('open');
    expect(opener).toHaveFocus();
  });

  it('gives focus back when closed from inside too', async () => {
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Open' });
    await userEvent.click(opener);
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(opener).toHaveFocus();
  });

  it('stays open on Escape while busy', async () => {
    render(<Harness isBusy />);
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog', { name: 'Change access' });
    const event = new Event('cancel', { cancelable: true });
    fireEvent(dialog, event);
    // The browser's own closing is held back too.
    expect(event.defaultPrevented).toBe(true);
    expect(dialog).toHaveTextContent('What happens next.');
  });

  it('keeps its name when the heading is for screen readers only', async () => {
    render(<Harness isTitleHidden />);
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.getByRole('dialog', { name: 'Change access' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Change access' })).toHaveClass('sr-only');
  });
});
