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
import { useContractForm } from '@/lib/forms/use-contract-form';
import { T, useT } from '@/lib/i18n';
import { useCreateTag, useDeleteTag, useTags } from '../api/tags';
import { TagChip, tagColourNames, tagColourWordIds } from './tag-chip';

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
  const t = useT();
  const headingId = useId();
  const tags = useTags();
  const create = useCreateTag();
  const remove = useDeleteTag();
  const { field, onSubmit, showServerErrors, errorOf, reset, watch, message } = useContractForm(
    tagSchema,
    {
      defaultValues: { name: '', colour: 'blue' as TagColour },
      requiredMessages: { name: t('admin.tags.nameRequired') },
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
      ? (serverDetail(create.error) ?? t('admin.tags.createFailed'))
      : null;
  const removeError = remove.error
    ? (serverDetail(remove.error) ?? t('admin.tags.deleteFailed'))
    : null;
  return (
    <Card className="mt-6">
      <section aria-labelledby={headingId} className="space-y-4">
        <h2 id={headingId} className="text-xl font-semibold text-brand-900">
          {t('admin.tags.heading')}
        </h2>
        <p className="text-sm text-ink">{t('admin.tags.lead')}</p>
        {tags.isPending ? (
          <p className="text-sm text-muted">{t('admin.tags.loading')}</p>
        ) : (tags.data ?? []).length === 0 ? (
          <p className="text-sm text-ink">{t('admin.tags.none')}</p>
        ) : (
          <ul className="flex flex-wrap gap-3" aria-label={t('admin.tags.list')}>
            {(tags.data ?? []).map((tag) => (
              <li key={tag.id} className="flex items-center gap-1">
                <TagChip tag={tag} />
                <Button
                  variant="ghost"
                  size="sm"
                  disabled={remove.isPending}
                  aria-label={t('admin.tags.deleteLabel', { name: tag.name })}
                  onClick={() => remove.mutate(tag.id)}
                >
                  {t('admin.tags.delete')}
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
          <TextField label={t('admin.tags.new')} required maxLength={40} {...field('name')} />
          <SelectField
            label={t('admin.tags.colour')}
            options={tagColourNames.map((value) => ({ value, label: t(tagColourWordIds[value]) }))}
            {...field('colour')}
          />
          <Button type="submit" isBusy={create.isPending} busyLabel={t('admin.tags.creating')}>
            {t('admin.tags.create')}
          </Button>
          <p className="text-sm text-muted sm:col-span-3" aria-live="polite">
            <T
              id="admin.tags.preview"
              components={[
                <TagChip key="chip" tag={{ name: name || t('admin.tags.sample'), colour }} />,
              ]}
            />
          </p>
        </form>
        {createError && <Alert tone="error">{createError}</Alert>}
        {message && <Alert tone={message.tone}>{message.text}</Alert>}
      </section>
    </Card>
  );
}
