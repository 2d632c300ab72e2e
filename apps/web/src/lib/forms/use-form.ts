import { type ChangeEvent, type FormEvent, useCallback, useReducer, useRef, useState } from 'react';

export type FieldValues = Record<string, unknown>;
export type FieldError = { type: string; message?: string };
export type FieldErrors = Partial<Record<string, FieldError>>;

/** Checks a form's values: the request to send, or the problems by field (`root`: the form's). */
export type Resolver<TForm extends FieldValues, TOutput> = (
  values: TForm,
) => Promise<{ values: TOutput | Record<string, never>; errors: FieldErrors }>;

type FieldElement = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/** What `register` hands a native field: it stays uncontrolled, the form reads its changes. */
export type Registration<TName extends string = string> = {
  name: TName;
  ref: (element: FieldElement | null) => (() => void) | undefined;
  onChange: (event: ChangeEvent<FieldElement>) => void;
};

export type WatchCallback<TForm> = (values: TForm) => void;

type Options<TForm extends FieldValues, TOutput> = {
  defaultValues: TForm;
  resolver: Resolver<TForm, TOutput>;
};

function write(element: FieldElement, value: unknown) {
  if (element instanceof HTMLInputElement && element.type === 'checkbox') {
    element.checked = Boolean(value);
  } else if (element instanceof HTMLInputElement && element.type === 'radio') {
    element.checked = element.value === value;
  } else {
    element.value = value === undefined || value === null ? '' : String(value);
  }
}

/**
 * Whether the person has already changed the field: a page drawn at build time shows its form
 * before the app has taken it over, and what was typed there must not be written over.
 */
function changedByPerson(element: FieldElement) {
  if (element instanceof HTMLSelectElement) {
    const first = [...element.options].findIndex((option) => option.defaultSelected);
    return element.selectedIndex !== Math.max(first, 0);
  }
  if (
    element instanceof HTMLInputElement &&
    (element.type === 'checkbox' || element.type === 'radio')
  ) {
    return element.checked !== element.defaultChecked;
  }
  return element.value !== element.defaultValue;
}

function read(element: FieldElement, previous: unknown) {
  if (!(element instanceof HTMLInputElement)) return element.value;
  if (element.type === 'checkbox') return element.checked;
  if (element.type === 'radio') return element.checked ? element.value : previous;
  return element.value;
}

/**
 * A form over native fields (the part of react-hook-form's `useForm` the app uses, at a tenth of
 * its weight on the pages that draw a form): values live in the fields and here, problems change
 * only when the form is submitted or `setError` names one, and `watch(name)` redraws the form
 * when that field changes.
 */
export function useForm<TForm extends FieldValues, TOutput>({
  defaultValues,
  resolver,
}: Options<TForm, TOutput>) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [, redraw] = useReducer((count: number) => count + 1, 0);
  const latest = useRef(resolver);
  latest.current = resolver;
  const form = useRef<ReturnType<typeof createForm<TForm>> | null>(null);
  form.current ??= createForm(defaultValues, redraw);
  const store = form.current;
  // Stable across renders, as react-hook-form's are: an effect may depend on them.
  const reset = useCallback(
    (values?: TForm) => {
      store.reset(values);
      setErrors({});
    },
    [store],
  );
  const setError = useCallback(
    (name: keyof TForm | 'root' | (string & {}), error: FieldError) =>
      setErrors((current) => ({ ...current, [name]: error })),
    [],
  );

  return {
    register: store.register,
    getValues: store.getValues,
    setValue: store.setValue,
    watch: store.watch,
    reset,
    setFocus: store.setFocus,
    formState: { errors },
    setError,
    handleSubmit:
      (
        onValid: (values: TOutput, event?: FormEvent) => unknown,
        onInvalid?: (errors: FieldErrors, event?: FormEvent) => unknown,
      ) =>
      async (event?: FormEvent) => {
        event?.preventDefault();
        const result = await latest.current(store.getValues());
        setErrors(result.errors);
        if (Object.keys(result.errors).length > 0) await onInvalid?.(result.errors, event);
        else await onValid(result.values as TOutput, event);
      },
  };
}

function createForm<TForm extends FieldValues>(defaults: TForm, redraw: () => void) {
  let initial = defaults;
  let values: FieldValues = { ...defaults };
  const elements = new Map<string, Set<FieldElement>>();
  const registrations = new Map<string, Registration>();
  const watchers = new Set<WatchCallback<TForm>>();
  const watched = new Set<string>();
  // Set when a field held text typed into the pre-rendered page. Its fields register before any
  // effect runs, so no watcher has subscribed yet: each one hears of those values as it does.
  let typedBeforeTakeover = false;

  const changed = (name: string) => {
    for (const watcher of watchers) watcher({ ...values } as TForm);
    if (watched.has(name)) redraw();
  };
  const fieldsOf = (name: string) => {
    const set = elements.get(name) ?? new Set<FieldElement>();
    elements.set(name, set);
    return set;
  };

  function register<TName extends keyof TForm & string>(name: TName): Registration<TName> {
    let registration = registrations.get(name);
    if (!registration) {
      registration = {
        name,
        ref(element) {
          if (!element) return undefined;
          fieldsOf(name).add(element);
          if (changedByPerson(element)) {
            values[name] = read(element, values[name]);
            typedBeforeTakeover = true;
            changed(name);
          } else {
            write(element, values[name]);
          }
          return () => fieldsOf(name).delete(element);
        },
        onChange(event) {
          values[name] = read(event.target, values[name]);
          changed(name);
        },
      };
      registrations.set(name, registration);
    }
    return registration as Registration<TName>;
  }

  function setValue<TName extends keyof TForm & string>(name: TName, value: TForm[TName]) {
    values[name] = value;
    for (const element of fieldsOf(name)) write(element, value);
    changed(name);
  }

  function watch<TName extends keyof TForm & string>(name: TName): TForm[TName];
  function watch(callback: WatchCallback<TForm>): { unsubscribe(): void };
  function watch(target: string | WatchCallback<TForm>) {
    if (typeof target === 'function') {
      watchers.add(target);
      if (typedBeforeTakeover) target({ ...values } as TForm);
      return { unsubscribe: () => watchers.delete(target) };
    }
    watched.add(target);
    return values[target];
  }

  return {
    register,
    setValue,
    watch,
    getValues: () => ({ ...values }) as TForm,
    reset(next?: TForm) {
      if (next) initial = next;
      values = { ...initial };
      for (const [name, set] of elements) for (const element of set) write(element, values[name]);
      for (const watcher of watchers) watcher({ ...values } as TForm);
      redraw();
    },
    setFocus(name: keyof TForm & string) {
      fieldsOf(name).values().next().value?.focus();
    },
  };
}
