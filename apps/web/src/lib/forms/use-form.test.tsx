import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act, useEffect } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { type FieldErrors, type Resolver, useForm } from './use-form';

type Values = { title: string; urgent: boolean; to: string; kind: string };
const defaults: Values = { title: 'Broken rail', urgent: true, to: 'platform', kind: 'b' };

function Form({
  resolver,
  onValid,
  onInvalid,
  onWatch,
}: {
  resolver: Resolver<Values, Values>;
  onValid: (values: Values) => void;
  onInvalid?: (errors: FieldErrors) => void;
  onWatch?: (values: Values) => void;
}) {
  const form = useForm({ defaultValues: defaults, resolver });
  const { register, watch } = form;
  useEffect(() => {
    if (!onWatch) return;
    const subscription = watch(onWatch);
    return () => subscription.unsubscribe();
  }, [watch, onWatch]);
  return (
    <form noValidate onSubmit={form.handleSubmit(onValid, onInvalid)}>
      <label>
        Title <input {...register('title')} />
      </label>
      <label>
        Urgent <input type="checkbox" {...register('urgent')} />
      </label>
      <label>
        Platform <input type="radio" value="platform" {...register('to')} />
      </label>
      <label>
        Organisation <input type="radio" value="organization" {...register('to')} />
      </label>
      <label>
        Kind
        <select {...register('kind')}>
          <option value="a">A</option>
          <option value="b">B</option>
        </select>
      </label>
      <p>Going to {watch('to')}</p>
      {form.formState.errors.title && <p role="alert">{form.formState.errors.title.message}</p>}
      <button type="button" onClick={() => form.setValue('title', 'Set by hand')}>
        Fill
      </button>
      <button type="button" onClick={() => form.reset({ ...defaults, title: '' })}>
        Empty
      </button>
      <button
        type="button"
        onClick={() => form.setError('title', { type: 'server', message: 'Taken.' })}
      >
        Refuse
      </button>
      <button type="button" onClick={() => form.setFocus('title')}>
        Focus
      </button>
      <button type="submit">Send</button>
    </form>
  );
}

const accept: Resolver<Values, Values> = async (values) => ({ values, errors: {} });

describe('useForm', () => {
  it('draws the default values into native fields and sends what was changed', async () => {
    const onValid = vi.fn();
    render(<Form resolver={accept} onValid={onValid} />);
    const user = userEvent.setup();
    expect(screen.getByLabelText('Title')).toHaveValue('Broken rail');
    expect(screen.getByLabelText('Urgent')).toBeChecked();
    expect(screen.getByLabelText('Platform')).toBeChecked();
    expect(screen.getByLabelText('Kind')).toHaveValue('b');

    await user.clear(screen.getByLabelText('Title'));
    await user.type(screen.getByLabelText('Title'), 'Loose step');
    await user.click(screen.getByLabelText('Urgent'));
    await user.click(screen.getByLabelText('Organisation'));
    await user.selectOptions(screen.getByLabelText('Kind'), 'a');
    expect(screen.getByText('Going to organization')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(onValid).toHaveBeenCalledWith(
        { title: 'Loose step', urgent: false, to: 'organization', kind: 'a' },
        expect.anything(),
      ),
    );
  });

  it('shows problems from a check until the next submission, and server errors too', async () => {
    let refuse = true;
    const resolver: Resolver<Values, Values> = async (values) =>
      refuse
        ? { values: {}, errors: { title: { type: 'validation', message: 'Too short.' } } }
        : { values, errors: {} };
    const onValid = vi.fn();
    const onInvalid = vi.fn();
    render(<Form resolver={resolver} onValid={onValid} onInvalid={onInvalid} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too short.');
    expect(onInvalid).toHaveBeenCalledWith(
      { title: { type: 'validation', message: 'Too short.' } },
      expect.anything(),
    );
    // Typing does not check again.
    await user.type(screen.getByLabelText('Title'), '!');
    expect(screen.getByRole('alert')).toHaveTextContent('Too short.');
    refuse = false;
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(onValid).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Refuse' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Taken.');
  });

  it('sets, resets, focuses and tells a watcher of every change', async () => {
    const onWatch = vi.fn();
    render(<Form resolver={accept} onValid={vi.fn()} onWatch={onWatch} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Fill' }));
    expect(screen.getByLabelText('Title')).toHaveValue('Set by hand');
    expect(onWatch).toHaveBeenLastCalledWith(expect.objectContaining({ title: 'Set by hand' }));
    await user.click(screen.getByLabelText('Organisation'));
    await user.click(screen.getByRole('button', { name: 'Empty' }));
    expect(screen.getByLabelText('Title')).toHaveValue('');
    expect(screen.getByLabelText('Platform')).toBeChecked();
    expect(screen.getByText('Going to platform')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Focus' }));
    expect(screen.getByLabelText('Title')).toHaveFocus();
  });

  it('keeps what was typed into a page drawn at build time before the app took it over', async () => {
    const onValid = vi.fn();
    const onWatch = vi.fn();
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Form resolver={accept} onValid={onValid} />);
    document.body.append(container);
    // Typed into the pre-rendered HTML: no React handler saw it.
    const title = container.querySelector('input:not([type])') as HTMLInputElement;
    title.value = 'Typed before the app arrived';
    const root = await act(async () =>
      hydrateRoot(container, <Form resolver={accept} onValid={onValid} onWatch={onWatch} />),
    );
    // A watcher (a draft kept while its writer signs in) subscribes after the fields took the
    // typed text in, and still hears of it.
    expect(onWatch).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Typed before the app arrived' }),
    );
    // The untouched fields get their defaults; the typed one keeps its text.
    expect(screen.getByLabelText('Title')).toHaveValue('Typed before the app arrived');
    expect(screen.getByLabelText('Urgent')).toBeChecked();
    expect(screen.getByLabelText('Kind')).toHaveValue('b');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(onValid).toHaveBeenCalledWith(
        { title: 'Typed before the app arrived', urgent: true, to: 'platform', kind: 'b' },
        expect.anything(),
      ),
    );
    act(() => root.unmount());
    container.remove();
  });

  it('keeps reset and setError the same across renders, so an effect can depend on them', () => {
    const resets = new Set<unknown>();
    const setErrors = new Set<unknown>();
    let resetsRun = 0;
    function Opening({ status }: { status: string }) {
      const { reset, setError, register } = useForm({ defaultValues: defaults, resolver: accept });
      resets.add(reset);
      setErrors.add(setError);
      // A dialog resets its form when it opens; a reset that changed with each render would
      // redraw, change, and reset again without end.
      useEffect(() => {
        resetsRun += 1;
        reset({ ...defaults, title: status });
      }, [status, reset]);
      return (
        <label>
          Title <input {...register('title')} />
        </label>
      );
    }
    const { rerender } = render(<Opening status="first" />);
    expect(screen.getByLabelText('Title')).toHaveValue('first');
    rerender(<Opening status="second" />);
    expect(screen.getByLabelText('Title')).toHaveValue('second');
    expect(resets.size).toBe(1);
    expect(setErrors.size).toBe(1);
    // Once per opening (twice more under StrictMode's double effects, never unbounded).
    expect(resetsRun).toBeLessThanOrEqual(4);
  });
});
