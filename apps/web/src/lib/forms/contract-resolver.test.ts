import { accessRequestInputSchema } from '@candor/contract/access-requests';
import { loginInputSchema, registerInputSchema } from '@candor/contract/accounts';
import { activateLocale } from '@/lib/i18n';
import { contractResolver } from './contract-resolver';
import type { FieldValues, Resolver } from './use-form';

async function run<T extends FieldValues, R>(resolver: Resolver<T, R>, values: T) {
  return resolver(values);
}

describe('contractResolver', () => {
  it('hands a valid form its request as sent, not as the server transforms it', async () => {
    const resolver = contractResolver(registerInputSchema, {
      toInput: (values: { username: string; password: string }) => ({
        ...values,
        username: values.username.trim(),
        email: '',
      }),
    });
    expect(await run(resolver, { username: ' ada ', password: 'a-good-passphrase' })).toEqual({
      values: { username: 'ada', password: 'a-good-passphrase', email: '' },
      errors: {},
    });
  });

  it("names each field's problems with the contract's messages, all of them", async () => {
    const resolver = contractResolver(registerInputSchema);
    const { errors } = await run(resolver, { username: 'ada', password: '1234' });
    expect(errors).toEqual({
      password: {
        type: 'validation',
        message:
          'This password is too short. It must contain at least 8 characters. This password is entirely numeric.',
      },
    });
  });

  it("names the problems in the page's language, as the server would answer them", async () => {
    const resolver = contractResolver(registerInputSchema);
    await activateLocale('es');
    try {
      const { errors } = await run(resolver, { username: 'a b', password: '1234' });
      expect(errors).toEqual({
        username: {
          type: 'validation',
          message:
            'Introduzca un nombre de usuario válido. Solo puede contener letras, números y los caracteres @/./+/-/_.',
        },
        password: {
          type: 'validation',
          message:
            'Esta contraseña es demasiado corta. Debe tener al menos 8 caracteres. Esta contraseña solo tiene números.',
        },
      });
    } finally {
      await activateLocale('en');
    }
  });

  it("uses the form's words for a field left empty, and the contract's otherwise", async () => {
    const resolver = contractResolver(registerInputSchema, {
      requiredMessages: { username: 'Username is required.', password: 'Password is required.' },
    });
    const empty = await run(resolver, { username: '  ', password: '' });
    expect(empty.errors).toEqual({
      username: { type: 'validation', message: 'Username is required.' },
      password: { type: 'validation', message: 'Password is required.' },
    });
    const wrong = await run(resolver, { username: 'a b', password: 'a-good-passphrase' });
    expect(wrong.errors).toEqual({
      username: {
        type: 'validation',
        message:
          'Enter a valid username. This value may contain only letters, numbers, and @/./+/-/_ characters.',
      },
    });
  });

  it('checks the request the form builds, so hidden fields do not count', async () => {
    const form = {
      request_type: 'individual' as const,
      email: 'ada@example.org',
      phone: '+44 20 7946 0958',
      justification: 'I lead the safeguarding team.',
      organization_name: 'x'.repeat(300),
    };
    const resolver = contractResolver(accessRequestInputSchema, {
      toInput: ({ organization_name: _hidden, ...common }: typeof form) => common,
    });
    expect((await run(resolver, form)).errors).toEqual({});
    expect(
      (await run(contractResolver(accessRequestInputSchema), form)).errors.organization_name,
    ).toEqual({
      type: 'validation',
      message: 'Ensure this field has no more than 200 characters.',
    });
  });

  it('keeps a problem with the request as a whole apart from the fields', async () => {
    const resolver = contractResolver(loginInputSchema);
    const { errors } = await run(resolver, null as unknown as { username: string });
    expect(Object.keys(errors)).toEqual(['root']);
  });
});
