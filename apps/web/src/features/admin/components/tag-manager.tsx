import type { TagColour } from '@candor/contract/labels';
import type { TagInput } from '@candor/contract/tags';
import { useId } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { useAuth } from '@/lib/auth/auth-context';
import { serverDetail } from '@/lib/error-messages';
import { humanize } from '@/lib/format';
import { useContractForm } from '@/lib/forms/use-contract-form';
import { useCreateTag, useDeleteTag, useTags } from '../api/tags';
import { TagChip, tagColourNames } from './tag-chip';

const tagSchema = () => import('@candor/contract/tags').then((contract) => contract.tagInputSchema);

/**
 * On the profile, for administrators: the tags of their scope (their organisation's, or the
 * platform's), created with a name and a colour of the palette, and deleted (which takes a tag
 * off every report).
 */
export function TagManager() {
  const { user } = useAuth();
  if (user?.role !== 'admin') return null;
  return <TagManagerCard />;
}

function TagManagerCard() {
  const headingId = useId();
  const tags = useTags();
  const create = useCreateTag();
  const remove = useDeleteTag();
  const { field, onSubmit, showServerErrors, errorOf, reset, watch, message } = useContractForm(
    tagSchema,
    {
      defaultValues: { name: '', colour: 'blue' as TagColour },
      requiredMessages: { name: 'Give the tag a name.' },
    },
  );
  const send = (input: TagInput) =>
    create.mutate(input, {
      onSuccess: () => reset({ name: '', colour: input.colour }),
      onError: (error) => showServerErrors(error),
    });
  const name = String(watch('name') ?? '').trim();
  const colour = (watch('colour') ?? 'blue') as TagColour;
  const createError =
    create.isError && !errorOf('name') && !errorOf('colour')
      ? (serverDetail(create.error) ?? 'Could not create the tag.')
      : null;
  const removeError = remove.error
    ? (serverDetail(remove.error) ?? 'Could not delete the tag.')
    : null;
  return (
    <Card className="mt-6">
      <section aria-labelledby={headingId} className="space-y-4">
        <h2 id={headingId} className="text-xl font-semibold text-brand-900">
          Report tags
        </h2>
        <p className="text-sm text-ink">
          Tags sort your reports, for the handlers of your reports only: reporters never see them.
        </p>
        {tags.isPending ? (
          <p className="text-sm text-muted">Loading…</p>
        ) : (tags.data ?? []).length === 0 ? (
          <p className="text-sm text-ink">No tags yet.</p>
        ) : (
          <ul className="flex flex-wrap gap-3" aria-label="Tags">
            {(tags.data ?? []).map((tag) => (
              <li key={tag.id} className="flex items-center gap-1">
                <TagChip tag={tag} />
                <Button
                  variant="ghost"
                  size="sm"
                  disabled={remove.isPending}
                  aria-label={`Delete the tag ${tag.name}`}
                  onClick={() => remove.mutate(tag.id)}
                >
                  Delete
                </Button>
              </li>
            ))}
          </ul>
        )}
        {removeError && <Alert tone="error">{removeError}</Alert>}
        <form
          noValidate
          onSubmit={onSubmit(send)}
          className="grid gap-3 sm:grid-cols-[1fr_12rem_auto] sm:items-end"
        >
          <TextField label="New tag" required maxLength={40} {...field('name')} />
          <SelectField
            label="Colour"
            options={tagColourNames.map((value) => ({ value, label: humanize(value) }))}
            {...field('colour')}
          />
          <Button type="submit" isBusy={create.isPending} busyLabel="Creating…">
            Create tag
          </Button>
          <p className="text-sm text-muted sm:col-span-3" aria-live="polite">
            Preview: <TagChip tag={{ name: name || 'Tag name', colour }} />
          </p>
        </form>
        {createError && <Alert tone="error">{createError}</Alert>}
        {message && <Alert tone={message.tone}>{message.text}</Alert>}
      </section>
    </Card>
  );
}
