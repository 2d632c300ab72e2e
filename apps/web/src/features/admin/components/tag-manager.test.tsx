import type { Tag } from '@candor/contract/tags';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { tokenStorage } from '@/lib/auth/token-storage';
import { mockFetch, renderPage } from '@/test/render';
import { accessToken } from '@/test/tokens';
import { TagManager } from './tag-manager';

describe('TagManager', () => {
  it('creates a tag with a colour of the palette, and deletes one', async () => {
    tokenStorage.save(accessToken({ role: 'admin' }), 'refresh');
    let tags: Tag[] = [{ id: 1, name: 'Old', colour: 'grey' }];
    const { calls } = mockFetch({
      'GET /api/admin/tags/': () => ({ body: tags }),
      'POST /api/admin/tags/': (init) => {
        const input = JSON.parse(String(init.body));
        tags = [...tags, { id: 2, ...input }];
        return { status: 201, body: { id: 2, ...input } };
      },
      'DELETE /api/admin/tags/1/': () => {
        tags = tags.filter((tag) => tag.id !== 1);
        return { status: 204 };
      },
    });
    renderPage(<TagManager />);
    const card = await screen.findByRole('region', { name: 'Report tags' });
    expect(await within(card).findByText('Old', { selector: 'bdi' })).toBeInTheDocument();
    await userEvent.type(within(card).getByLabelText(/New tag/), 'Same incident');
    await userEvent.selectOptions(within(card).getByLabelText('Colour'), 'red');
    await userEvent.click(within(card).getByRole('button', { name: 'Create tag' }));
    const list = within(card).getByRole('list', { name: 'Tags' });
    expect(await within(list).findByText('Same incident')).toBeInTheDocument();
    const post = calls.find((call) => call.key === 'POST /api/admin/tags/');
    expect(JSON.parse(String(post?.init.body))).toEqual({ name: 'Same incident', colour: 'red' });

    await userEvent.click(within(card).getByRole('button', { name: 'Delete the tag Old' }));
    await waitFor(() => expect(within(list).queryByText('Old')).toBeNull());
  });

  it('says what an empty name needs, and sends nothing', async () => {
    tokenStorage.save(accessToken({ role: 'admin' }), 'refresh');
    const { calls } = mockFetch({ 'GET /api/admin/tags/': { body: [] } });
    renderPage(<TagManager />);
    const card = await screen.findByRole('region', { name: 'Report tags' });
    await userEvent.click(within(card).getByRole('button', { name: 'Create tag' }));
    expect(await within(card).findByText('Give the tag a name.')).toBeInTheDocument();
    expect(calls.some((call) => call.key === 'POST /api/admin/tags/')).toBe(false);
  });

  it('is not shown to a reporter', () => {
    tokenStorage.save(accessToken({ role: 'user' }), 'refresh');
    mockFetch({});
    renderPage(<TagManager />);
    expect(screen.queryByRole('region', { name: 'Report tags' })).toBeNull();
  });
});
